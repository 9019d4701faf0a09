import {TZDate} from '@date-fns/tz'
import {lightFormat} from 'date-fns/lightFormat'

import {BUSINESS_TIME_ZONE, isIsoDate} from './iso-date.ts'

/**
 * Every date and time the site, the dashboard, the CSV exports and the mails show is formatted here, in British
 * English and in Cape Town time, so one change of style reaches every page. The business runs on Cape Town time,
 * so a reader in New York and a server whose `TZ` is UTC must both see the hour the guide will be waiting: every
 * instant is read as a `TZDate` in `Africa/Johannesburg` (`@date-fns/tz`), never in the process's own zone, and
 * a shown time says "SAST". Storage stays ISO and UTC; only what people read goes through this module.
 *
 * Calendar dates travel as `yyyy-MM-dd` strings (see `@repo/schemas/iso-date.ts`) and already are Cape Town days:
 * they are shown as written, never shifted. Words come from fixed English names rather than the platform's Intl:
 * whole Intl patterns change between ICU versions ("Sat, 5 Sept" in newer ones, "Sat 5 Sep" in older), and the
 * server and the browser must print exactly the same text or hydration fails. The names also cost fewer bytes than
 * date-fns' `format` with its locales, which every page would download before it can hydrate.
 */

type DateInput = Date | string | number

/** South African Standard Time, UTC+2 all year: South Africa has no daylight saving, so the name never changes. */
export const BUSINESS_TIME_ZONE_NAME = 'SAST'

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const
const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const

/**
 * The value as a moment on Cape Town's clock. A calendar date is that day in Cape Town (midnight there); a
 * timestamp (`2026-11-21T12:05:00Z`, a `Date`, milliseconds) is the same instant, read on Cape Town's clock.
 */
function toCapeTown(value: DateInput): TZDate | null {
  if (typeof value === 'string' && isIsoDate(value)) {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number]
    return new TZDate(year, month - 1, day, BUSINESS_TIME_ZONE)
  }
  const time = new Date(value).getTime()
  return Number.isFinite(time) ? new TZDate(time, BUSINESS_TIME_ZONE) : null
}

function formatWith(value: DateInput, parts: (date: TZDate) => string): string {
  const date = toCapeTown(value)
  return date ? parts(date) : ''
}

const monthName = (date: TZDate) => MONTHS[date.getMonth()]!
/** "Sep", never "Sept": the three-letter names every reader expects in a table. */
const shortMonthName = (date: TZDate) => monthName(date).slice(0, 3)
const weekdayName = (date: TZDate) => WEEKDAYS[date.getDay()]!
const shortWeekday = (date: TZDate) => weekdayName(date).slice(0, 3)
const clock = (date: TZDate) => `${lightFormat(date, 'HH:mm')} ${BUSINESS_TIME_ZONE_NAME}`

/** `yyyy-MM-dd` for URLs and form values (spec §2 booking route, quick search): the day in Cape Town. */
export const toIsoDate = (value: DateInput): string =>
  formatWith(value, (date) => lightFormat(date, 'yyyy-MM-dd'))

/** "21 November 2026": stories, itinerary and the long dates of the dashboard. */
export const formatLongDate = (value: DateInput): string =>
  formatWith(value, (date) => `${date.getDate()} ${monthName(date)} ${date.getFullYear()}`)

/** "Saturday 21 November 2026": trip dates in mails and on the traveller's request page. */
export const formatDateInWords = (value: DateInput): string =>
  formatWith(value, (date) => `${weekdayName(date)} ${formatLongDate(date)}`)

/** "21 November 2026, 14:05 SAST": when something happened (received, sent, consented). */
export const formatLongDateTime = (value: DateInput): string =>
  formatWith(value, (date) => `${formatLongDate(date)}, ${clock(date)}`)

/**
 * "Saturday 28 November 2026, 09:00 SAST": a trip's start. `date` is the Cape Town calendar day and `time` its
 * `HH:mm` on Cape Town's clock, as editors write them; without a time it is the day in words.
 */
export const formatTripStart = (date: string, time?: string | null): string => {
  const day = formatDateInWords(date)
  if (!day) return ''
  return time && /^([01]\d|2[0-3]):[0-5]\d$/.test(time)
    ? `${day}, ${time} ${BUSINESS_TIME_ZONE_NAME}`
    : day
}

/** "21 Nov 2026": trip dates in the dashboard table (the spec's "MMM dd, yyyy", in British order). */
export const formatTripDate = (value: DateInput): string =>
  formatWith(value, (date) => `${date.getDate()} ${shortMonthName(date)} ${date.getFullYear()}`)

/** "21 Nov 14:05 SAST": creation time in the dashboard table (the spec's "MMM dd, HH:mm", in British order). */
export const formatCreatedAt = (value: DateInput): string =>
  formatWith(value, (date) => `${date.getDate()} ${shortMonthName(date)} ${clock(date)}`)

/**
 * "2026-11-21 14:05": a time in a CSV cell, on Cape Town's clock, in the order every spreadsheet sorts and reads
 * as a date; the column's heading names the zone.
 */
export const formatSpreadsheetDateTime = (value: DateInput): string =>
  formatWith(value, (date) => lightFormat(date, 'yyyy-MM-dd HH:mm'))

/** "Sat 21 Nov 2026": a chosen date in summaries. */
export const formatShortDate = (value: DateInput): string =>
  formatWith(
    value,
    (date) =>
      `${shortWeekday(date)} ${date.getDate()} ${shortMonthName(date)} ${date.getFullYear()}`,
  )

/** "December 2026": a month's heading in a calendar. */
export const formatMonthAndYear = (value: DateInput): string =>
  formatWith(value, (date) => `${monthName(date)} ${date.getFullYear()}`)

/** "Mon" and "Monday": a calendar's column heading and its full name for screen readers. */
export const formatWeekday = (value: DateInput): {short: string; long: string} => {
  const date = toCapeTown(value)
  return date ? {short: shortWeekday(date), long: weekdayName(date)} : {short: '', long: ''}
}

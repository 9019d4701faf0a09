import {TZDateMini} from '@date-fns/tz'

import {BUSINESS_TIME_ZONE, isIsoDate} from './iso-date.ts'
import type {Language} from './languages.ts'

/**
 * Every date and time the site, the dashboard, the CSV exports and the mails show is formatted here, in British
 * English (a trip's day also in German, Dutch and French: `formatDateInWordsIn`) and in Cape Town time, so one
 * change of style reaches every page. The business runs on Cape Town time,
 * so a reader in New York and a server whose `TZ` is UTC must both see the hour the guide will be waiting: every
 * instant is read as a `TZDate` in `Africa/Johannesburg` (`@date-fns/tz`), never in the process's own zone, and
 * a shown time says "SAST". Storage stays ISO and UTC; only what people read goes through this module.
 *
 * Calendar dates travel as `yyyy-MM-dd` strings (see `@repo/schemas/iso-date.ts`) and already are Cape Town days:
 * they are shown as written, never shifted. Words come from fixed English names rather than the platform's Intl:
 * whole Intl patterns change between ICU versions ("Sat, 5 Sept" in newer ones, "Sat 5 Sep" in older), and the
 * server and the browser must print exactly the same text or hydration fails. The names and the padded numbers
 * also cost fewer bytes than date-fns' `format` with its locales, and `TZDateMini` (its getters in the zone, no
 * string formatters) is the smallest form of `TZDate`: the listing and the stories download this module before
 * they can hydrate, within the first-load budget (docs/benchmarks.md).
 */

/** Every instant read on Cape Town's clock: `@date-fns/tz`'s `TZDate` without its string formatters. */
type CapeTownDate = InstanceType<typeof TZDateMini>

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
function toCapeTown(value: DateInput): CapeTownDate | null {
  if (typeof value === 'string' && isIsoDate(value)) {
    const [year, month, day] = value.split('-').map(Number) as [number, number, number]
    return new TZDateMini(year, month - 1, day, BUSINESS_TIME_ZONE)
  }
  const time = new Date(value).getTime()
  return Number.isFinite(time) ? new TZDateMini(time, BUSINESS_TIME_ZONE) : null
}

function formatWith(value: DateInput, parts: (date: CapeTownDate) => string): string {
  const date = toCapeTown(value)
  return date ? parts(date) : ''
}

const monthName = (date: CapeTownDate) => MONTHS[date.getMonth()]!
/** "Sep", never "Sept": the three-letter names every reader expects in a table. */
const shortMonthName = (date: CapeTownDate) => monthName(date).slice(0, 3)
const weekdayName = (date: CapeTownDate) => WEEKDAYS[date.getDay()]!
const shortWeekday = (date: CapeTownDate) => weekdayName(date).slice(0, 3)
const two = (value: number) => String(value).padStart(2, '0')
const isoDay = (date: CapeTownDate) =>
  `${String(date.getFullYear()).padStart(4, '0')}-${two(date.getMonth() + 1)}-${two(date.getDate())}`
const hoursAndMinutes = (date: CapeTownDate) => `${two(date.getHours())}:${two(date.getMinutes())}`
const clock = (date: CapeTownDate) => `${hoursAndMinutes(date)} ${BUSINESS_TIME_ZONE_NAME}`

/** `yyyy-MM-dd` for URLs and form values (the booking route, the quick search): the day in Cape Town. */
export const toIsoDate = (value: DateInput): string => formatWith(value, isoDay)

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

const isClockTime = (time: string | null | undefined): time is string =>
  !!time && /^([01]\d|2[0-3]):[0-5]\d$/.test(time)

/**
 * When a trip starts, as the one line every place shows it (the request page, the mails, the dashboard): the
 * day in words with the experience's start time on Cape Town's clock ("Saturday 28 November 2026, 17:30 SAST");
 * without one, with the time the traveller asked for ("…, Morning (07:00)"); without either, the day alone.
 * Never a start time beside "Any time", nor the date twice.
 */
export const formatTripWhen = (
  date: string,
  time: {start?: string | null; preferred?: string | null} = {},
): string => {
  const day = formatDateInWords(date)
  if (!day) return ''
  const at = formatTripTime(time)
  return at === ANY_TIME ? day : `${day}, ${at}`
}

const ANY_TIME = 'Any time'

/**
 * The time part of that line, for a sentence that already names the day (a mail's "Time: {time}"): the start
 * time ("17:30 SAST"), else the time asked for, else "Any time".
 */
export const formatTripTime = (time: {start?: string | null; preferred?: string | null}): string =>
  isClockTime(time.start)
    ? `${time.start} ${BUSINESS_TIME_ZONE_NAME}`
    : time.preferred?.trim() || ANY_TIME

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
  formatWith(value, (date) => `${isoDay(date)} ${hoursAndMinutes(date)}`)

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

/**
 * A day's names in German, Dutch and French, written out like the English ones (the same text on server and browser,
 * whatever the platform's ICU), and each language's way of writing a day in words.
 */
const DAY_WORDS: Record<Exclude<Language, 'en'>, {months: string[]; weekdays: string[]}> = {
  de: {
    months:
      'Januar Februar März April Mai Juni Juli August September Oktober November Dezember'.split(
        ' ',
      ),
    weekdays: 'Sonntag Montag Dienstag Mittwoch Donnerstag Freitag Samstag'.split(' '),
  },
  nl: {
    months:
      'januari februari maart april mei juni juli augustus september oktober november december'.split(
        ' ',
      ),
    weekdays: 'zondag maandag dinsdag woensdag donderdag vrijdag zaterdag'.split(' '),
  },
  fr: {
    months:
      'janvier février mars avril mai juin juillet août septembre octobre novembre décembre'.split(
        ' ',
      ),
    weekdays: 'dimanche lundi mardi mercredi jeudi vendredi samedi'.split(' '),
  },
}

/**
 * A trip's day in words in the reader's language, in Cape Town: "Wednesday 2 December 2026", "Mittwoch,
 * 2. Dezember 2026", "woensdag 2 december 2026", "mercredi 2 décembre 2026".
 */
export const formatDateInWordsIn = (language: Language, value: DateInput): string => {
  if (language === 'en') return formatDateInWords(value)
  const {months, weekdays} = DAY_WORDS[language]
  return formatWith(value, (date) => {
    const weekday = weekdays[date.getDay()]!
    const month = months[date.getMonth()]!
    const [day, year] = [date.getDate(), date.getFullYear()]
    return language === 'de'
      ? `${weekday}, ${day}. ${month} ${year}`
      : `${weekday} ${day === 1 && language === 'fr' ? '1er' : day} ${month} ${year}`
  })
}

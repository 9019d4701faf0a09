import {intlFormat} from 'date-fns/intlFormat'
import {isValid} from 'date-fns/isValid'
import {lightFormat} from 'date-fns/lightFormat'

import {isIsoDate} from './iso-date.ts'

/**
 * Every date the site, the dashboard and the mails show or put in a URL is formatted here, in British English, so one change of style
 * reaches every page. Calendar dates travel as `yyyy-MM-dd` strings (see `@repo/schemas/iso-date.ts`).
 *
 * Words come from the platform's Intl through date-fns' `intlFormat`, numbers from `lightFormat`: date-fns'
 * `format` with its locales is about 6 KB (brotli) that every story and the listing would download before they
 * can hydrate (issue 12's first-load budget). Each word is asked for on its own (a weekday, a month), never as a
 * whole Intl pattern, because whole patterns change between ICU versions ("Sat, 5 Sept" in newer ones, "Sat 5
 * Sep" in older): the server and the browser must print exactly the same text or hydration fails.
 */

type DateInput = Date | string | number

/**
 * A calendar date is that day in the reader's time zone (as date-fns' `parseISO` reads it; `new Date` would take
 * UTC midnight, the day before west of Greenwich); timestamps (`2026-11-21T12:05:00Z`) are read as JavaScript does.
 */
function toDate(value: DateInput): Date | null {
  const date =
    typeof value === 'string' && isIsoDate(value) ? new Date(`${value}T00:00:00`) : new Date(value)
  return isValid(date) ? date : null
}

function formatWith(value: DateInput, parts: (date: Date) => string): string {
  const date = toDate(value)
  return date ? parts(date) : ''
}

const monthName = (date: Date) => intlFormat(date, {month: 'long'}, {locale: 'en-GB'})
/** "Sep", never "Sept": the short names every ICU version agrees on. */
const shortMonthName = (date: Date) => intlFormat(date, {month: 'short'}, {locale: 'en-US'})
const shortWeekday = (date: Date) => intlFormat(date, {weekday: 'short'}, {locale: 'en-GB'})
const weekdayName = (date: Date) => intlFormat(date, {weekday: 'long'}, {locale: 'en-GB'})

/** `yyyy-MM-dd` for URLs and form values (spec §2 booking route, quick search). */
export const toIsoDate = (value: DateInput): string =>
  formatWith(value, (date) => lightFormat(date, 'yyyy-MM-dd'))

/** "21 November 2026": stories, itinerary and the long dates of the dashboard. */
export const formatLongDate = (value: DateInput): string =>
  formatWith(value, (date) => `${date.getDate()} ${monthName(date)} ${date.getFullYear()}`)

/** "Saturday 21 November 2026": trip dates in mails and on the traveller's request page. */
export const formatDateInWords = (value: DateInput): string =>
  formatWith(value, (date) => `${weekdayName(date)} ${formatLongDate(date)}`)

/** "21 November 2026 14:05". */
export const formatLongDateTime = (value: DateInput): string =>
  formatWith(value, (date) => `${formatLongDate(date)} ${lightFormat(date, 'HH:mm')}`)

/** "21 Nov 2026": trip dates in the dashboard table (the spec's "MMM dd, yyyy", in British order). */
export const formatTripDate = (value: DateInput): string =>
  formatWith(value, (date) => `${date.getDate()} ${shortMonthName(date)} ${date.getFullYear()}`)

/** "21 Nov 14:05": creation time in the dashboard table (the spec's "MMM dd, HH:mm", in British order). */
export const formatCreatedAt = (value: DateInput): string =>
  formatWith(
    value,
    (date) => `${date.getDate()} ${shortMonthName(date)} ${lightFormat(date, 'HH:mm')}`,
  )

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
  const date = toDate(value)
  return date ? {short: shortWeekday(date), long: weekdayName(date)} : {short: '', long: ''}
}

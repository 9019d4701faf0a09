import {format, isValid, parseISO} from 'date-fns'
import {enGB} from 'date-fns/locale/en-GB'

/**
 * Every date the site shows or puts in a URL is formatted here, in British English, so one change of style
 * reaches every page. Calendar dates travel as `yyyy-MM-dd` strings (see `@repo/schemas/iso-date.ts`).
 */

type DateInput = Date | string | number

function toDate(value: DateInput): Date | null {
  const date = typeof value === 'string' ? parseISO(value) : new Date(value)
  return isValid(date) ? date : null
}

function formatWith(value: DateInput, pattern: string): string {
  const date = toDate(value)
  return date ? format(date, pattern, {locale: enGB}) : ''
}

/** `yyyy-MM-dd` for URLs and form values (spec §2 booking route, quick search). */
export const toIsoDate = (value: DateInput): string => formatWith(value, 'yyyy-MM-dd')

/** "21 November 2026": stories, itinerary and the long dates of the dashboard ("PPP"). */
export const formatLongDate = (value: DateInput): string => formatWith(value, 'PPP')

/** "21 November 2026 14:05" ("PPP p"). */
export const formatLongDateTime = (value: DateInput): string => formatWith(value, 'PPP p')

/** "Nov 21, 2026": trip dates in the dashboard table (spec §2 "MMM dd, yyyy"). */
export const formatTripDate = (value: DateInput): string => formatWith(value, 'MMM dd, yyyy')

/** "Nov 21, 14:05": creation time in the dashboard table (spec §2 "MMM dd, HH:mm"). */
export const formatCreatedAt = (value: DateInput): string => formatWith(value, 'MMM dd, HH:mm')

/** "Sat 21 Nov 2026": a chosen date in summaries. */
export const formatShortDate = (value: DateInput): string => formatWith(value, 'EEE d MMM yyyy')

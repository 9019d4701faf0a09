/**
 * Calendar dates as ISO strings (`yyyy-MM-dd`), the form the booking URL, the studio's date fields and the
 * `bookings` documents all use. Arithmetic runs in UTC on whole days, so it never drifts across a DST change.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** The business runs on Cape Town time (SAST, UTC+2, no daylight saving). */
export const BUSINESS_TIME_ZONE = 'Africa/Johannesburg'

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value)
  if (!match) return false
  const [, y, m, d] = match
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)))
  return date.toISOString().slice(0, 10) === value
}

export function addDays(isoDate: string, days: number): string {
  if (!isIsoDate(isoDate)) throw new RangeError(`Not a calendar date (yyyy-MM-dd): ${isoDate}`)
  const date = new Date(`${isoDate}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/**
 * Whole days from one calendar date to another (negative when `to` is earlier). Counted, not compared as strings:
 * `addDays('9999-12-31', 1)` leaves the four-digit years, and its string no longer sorts after the first.
 */
export function daysBetween(from: string, to: string): number {
  if (!isIsoDate(from) || !isIsoDate(to))
    throw new RangeError(`Not a calendar date (yyyy-MM-dd): ${isIsoDate(from) ? to : from}`)
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
}

/** Today's date in Cape Town, as `yyyy-MM-dd`. */
export function todayInCapeTown(now: Date = new Date()): string {
  // en-CA formats as yyyy-MM-dd.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now)
}

/** The instant a Cape Town calendar day begins (South Africa keeps no daylight saving: always UTC+2). */
export function capeTownDayStart(isoDate: string): Date {
  if (!isIsoDate(isoDate)) throw new RangeError(`Not a calendar date (yyyy-MM-dd): ${isoDate}`)
  return new Date(`${isoDate}T00:00:00+02:00`)
}

import {TZDate} from '@date-fns/tz'

import {BUSINESS_TIME_ZONE, isIsoDate} from './iso-date.ts'
import {startTimeOn, type TripDetails} from './trip-details.ts'

/**
 * When a confirmed trip's reminder is due: `reminderHoursBefore` (site settings, editors' choice) before the trip
 * starts on Cape Town's clock, and until it has started. A trip without a start time counts from 09:00, the
 * earliest any of them begins in practice, so its reminder is never late.
 */
export const DEFAULT_REMINDER_HOURS = 48
export const MIN_REMINDER_HOURS = 2
export const MAX_REMINDER_HOURS = 14 * 24

const FALLBACK_START = '09:00'

export const reminderHoursProblem = (value: unknown): string | null =>
  value === undefined ||
  (typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= MIN_REMINDER_HOURS &&
    value <= MAX_REMINDER_HOURS)
    ? null
    : `Enter a whole number of hours from ${MIN_REMINDER_HOURS} to ${MAX_REMINDER_HOURS}.`

/** The stored setting with its default: a value an editor could not have saved is not used. */
export const reminderHours = (value: unknown): number =>
  value !== undefined && value !== null && reminderHoursProblem(value) === null
    ? (value as number)
    : DEFAULT_REMINDER_HOURS

/** The instant a trip on `date` starts, on Cape Town's clock. */
export function tripStartInstant(date: string, trip: TripDetails | null | undefined): Date | null {
  if (!isIsoDate(date)) return null
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const [hours, minutes] = (startTimeOn(date, trip) ?? FALLBACK_START).split(':').map(Number) as [
    number,
    number,
  ]
  return new Date(new TZDate(year, month - 1, day, hours, minutes, BUSINESS_TIME_ZONE).getTime())
}

/** Whether the reminder of a trip on `date` is due at `now`. */
export function reminderDue(
  date: string,
  trip: TripDetails | null | undefined,
  hoursBefore: number,
  now: Date,
): boolean {
  const start = tripStartInstant(date, trip)
  if (!start) return false
  return now.getTime() >= start.getTime() - hoursBefore * 3_600_000 && now < start
}

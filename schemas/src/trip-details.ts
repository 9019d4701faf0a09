import {formatTripStart} from './format-date.ts'
import {isIsoDate} from './iso-date.ts'
import {linkKind} from './safe-link.ts'

/**
 * Where and when a trip starts, as editors keep it on each experience: the meeting point (name, address, map
 * link, coordinates), the usual start time on Cape Town's clock, and a different start on given departures. The
 * confirmation mail, the calendar invitation and the traveller's request page all read it through these rules.
 */

export type MeetingPoint = {
  name?: string | null
  address?: string | null
  mapUrl?: string | null
  location?: {lat?: number | null; lng?: number | null} | null
}

export type DepartureStartTime = {date?: string | null; startTime?: string | null}

/** What an experience says about the start of its trips (the `experience` document's fields). */
export type TripDetails = {
  meetingPoint?: MeetingPoint | null
  startTime?: string | null
  departureStartTimes?: DepartureStartTime[] | null
  duration?: string | null
  whatToBring?: string[] | null
}

/** `HH:mm` on Cape Town's clock, 00:00 to 23:59. */
const START_TIME = /^([01]\d|2[0-3]):[0-5]\d$/

export const START_TIME_MESSAGE =
  'Give the time as HH:mm on Cape Town’s clock, e.g. 09:00 or 17:30.'

export const isStartTime = (value: unknown): value is string =>
  typeof value === 'string' && START_TIME.test(value)

/** The studio's check of a start time: empty is allowed (the trip then shows the day only). */
export const startTimeProblem = (value: unknown): string | null =>
  value === undefined || value === null || value === '' || isStartTime(value)
    ? null
    : START_TIME_MESSAGE

/** The studio's check of the per-departure starts: real dates and times, each date once. */
export function departureStartTimesProblem(entries: DepartureStartTime[] | null | undefined) {
  const seen = new Set<string>()
  for (const entry of entries ?? []) {
    if (!entry.date || !isIsoDate(entry.date)) return 'Give each different start a date.'
    if (!isStartTime(entry.startTime)) return START_TIME_MESSAGE
    if (seen.has(entry.date)) return `${entry.date} has two different starts: keep one.`
    seen.add(entry.date)
  }
  return null
}

/** The start time of the departure on `date`: its own when editors gave one, else the experience's usual one. */
export function startTimeOn(date: string, trip: TripDetails | null | undefined): string | null {
  const own = trip?.departureStartTimes?.find((entry) => entry.date === date)?.startTime
  if (isStartTime(own)) return own
  return isStartTime(trip?.startTime) ? trip.startTime : null
}

/** Coordinates within the Earth's ranges, or null. */
export function coordinatesOf(point: MeetingPoint | null | undefined) {
  const lat = point?.location?.lat
  const lng = point?.location?.lng
  if (typeof lat !== 'number' || typeof lng !== 'number') return null
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return null
  return {lat, lng}
}

/**
 * The map link travellers open: the editor's own when it is a web address, else a map search at the coordinates,
 * else none. Never any other scheme: the link goes into mails and the page as written.
 */
export function meetingPointMapLink(point: MeetingPoint | null | undefined): string | null {
  const own = point?.mapUrl?.trim()
  if (own && linkKind(own) === 'external' && /^https?:/i.test(own)) return own
  const at = coordinatesOf(point)
  return at ? `https://www.google.com/maps/search/?api=1&query=${at.lat}%2C${at.lng}` : null
}

/** "Quay 5 ticket kiosk, V&A Waterfront, Cape Town": the name and the address on one line. */
export function meetingPointInWords(point: MeetingPoint | null | undefined): string {
  const parts = [point?.name?.trim(), point?.address?.trim()].filter(Boolean) as string[]
  return parts.join(', ')
}

/** "Saturday 28 November 2026, 09:00 SAST": the start of this booking's trip, in words. */
export const tripStartInWords = (date: string, trip: TripDetails | null | undefined) =>
  formatTripStart(date, startTimeOn(date, trip))

/** How long a calendar blocks when the experience's duration says no hours ("Half day"). */
export const DEFAULT_TRIP_HOURS = 3

/**
 * The hours a trip takes, for a calendar: the longest figure the editors' duration gives ("2–4 hours" is 4,
 * "Full day (8 hours)" is 8, "90 minutes" is 1.5), so the time is kept free until the latest return.
 */
export function durationHours(duration: string | null | undefined): number {
  const text = duration ?? ''
  const hours = [
    ...text.matchAll(
      /(\d+(?:[.,]\d+)?)\s*(?:[–-]\s*(\d+(?:[.,]\d+)?)\s*)?(hours?|hrs?|h\b|minutes?|mins?)/gi,
    ),
  ]
    .map((match) => {
      const figure = Number((match[2] ?? match[1]!).replace(',', '.'))
      return /^m/i.test(match[3]!) ? figure / 60 : figure
    })
    .filter((value) => Number.isFinite(value) && value > 0 && value <= 24)
  return hours.length ? Math.max(...hours) : DEFAULT_TRIP_HOURS
}

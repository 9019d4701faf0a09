import {formatTripTime} from '@repo/schemas/format-date.ts'
import type {PlaceholderValues} from '@repo/schemas/mail-templates.ts'
import {
  meetingPointInWords,
  meetingPointMapLink,
  startTimeOn,
  tripStartInWords,
  type TripDetails,
} from '@repo/schemas/trip-details.ts'

import type {MailContent} from './mail-content.ts'

/** The experience's trip details for a booking, from the mail content read with the templates. */
export const tripOf = (
  booking: {experience_id?: string | null},
  content: Pick<MailContent, 'trips'>,
): TripDetails | null => (booking.experience_id && content.trips?.[booking.experience_id]) || null

/**
 * `{time}` as the start line says it (format-date.ts `formatTripTime`): the experience's start time on the
 * booking's (or waitlist entry's) date when it has one, else the time asked for, else "Any time".
 */
export const tripTimeInWords = (
  booking: {experience_id?: string | null; date?: string | null; preferred_time?: string | null},
  content: Pick<MailContent, 'trips'>,
): string =>
  formatTripTime({
    start: booking.date ? startTimeOn(booking.date, tripOf(booking, content)) : null,
    preferred: booking.preferred_time,
  })

/**
 * `{meetingDetails}`: when the trip starts and where to meet, as rows; empty when the experience says neither,
 * so the paragraph drops out of the mail rather than printing a table of dashes. And `{time}` as the start line
 * says it (format-date.ts `formatTripTime`): the experience's start time when it has one, never "Any time" beside it.
 */
export function tripMailValues(
  booking: {experience_id?: string | null; date?: string | null; preferred_time?: string | null},
  content: Pick<MailContent, 'trips'>,
): PlaceholderValues {
  const trip = tripOf(booking, content)
  const rows: [string, string][] = []
  if (booking.date && startTimeOn(booking.date, trip))
    rows.push(['Starts', tripStartInWords(booking.date, trip)])
  const point = meetingPointInWords(trip?.meetingPoint)
  if (point) rows.push(['Meeting point', point])
  const map = meetingPointMapLink(trip?.meetingPoint)
  if (map) rows.push(['Map', map])
  return {time: tripTimeInWords(booking, content), meetingDetails: rows.length ? {rows} : ''}
}

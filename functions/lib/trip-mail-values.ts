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
 * `{meetingDetails}`: when the trip starts and where to meet, as rows; empty when the experience says neither,
 * so the paragraph drops out of the mail rather than printing a table of dashes.
 */
export function tripMailValues(
  booking: {experience_id?: string | null; date?: string | null},
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
  return {meetingDetails: rows.length ? {rows} : ''}
}

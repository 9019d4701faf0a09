import type {SanityClient} from '@sanity/client'

import {googleCalendarLink} from '../lib/booking-calendar.ts'
import {timeInWords} from '../lib/booking-mail-values.ts'
import {formatTripWhen} from '@repo/schemas/format-date.ts'
import {travellerStatusTitle} from '@repo/schemas/traveller-status.ts'
import {formatGroupInWords} from '@repo/schemas/format-party.ts'
import {
  meetingPointMapLink,
  startTimeOn,
  tripStartInWords,
  type TripDetails,
} from '@repo/schemas/trip-details.ts'
import {openCancellation} from '@repo/schemas/departure-cancellation.ts'
import {
  ACTION_TITLES,
  canWithdraw,
  openProposal,
  type StatusHistoryEntry,
  type TravellerOption,
  type TravellerRequestView,
} from '@repo/schemas/request-decisions.ts'
import {requestBookingFields} from './queries/request-booking-fields.ts'
import {requestBookingQuery} from './queries/request-booking-query.ts'
import {requestTripQuery} from './queries/request-trip-query.ts'

/**
 * What the traveller's private page shows of their booking (docs/decisions/012-the-request-loop.md), and nothing
 * else: the booking document also holds staff notes, the history's `by` and `note`, contact details and tracking,
 * none of which a link holder needs, and a link can be forwarded. Built from an explicit list of fields, never by
 * removing some.
 */
/** The fields of a booking the request functions read (the mails' values among them). */
export type RequestBooking = {
  _id: string
  _rev: string
  booking_ref: string
  experience_id?: string | null
  experience_title?: string | null
  date?: string | null
  preferred_time?: string | null
  pax_adults?: number | null
  pax_children?: number | null
  pax_total?: number | null
  name?: string | null
  email?: string | null
  status?: string | null
  status_history?: StatusHistoryEntry[] | null
  /** The traveller was removed from it (retention or erasure): the request no longer exists for its link. */
  anonymised?: boolean | null
}

export {requestBookingFields, requestBookingQuery, requestTripQuery}

/** "2 adults", "2 adults, 1 child": the group as the page and the mails say it. */
export const groupInWords = (booking: Pick<RequestBooking, 'pax_adults' | 'pax_children'>) =>
  formatGroupInWords(booking.pax_adults ?? 0, booking.pax_children ?? 0)

const option = (entry: NonNullable<StatusHistoryEntry['options']>[number]): TravellerOption => ({
  key: entry._key,
  date: entry.date,
  time: entry.preferred_time ?? '',
})

function entryTitle(entry: StatusHistoryEntry): string {
  if (entry.action && entry.action in ACTION_TITLES) return ACTION_TITLES[entry.action]
  if (entry.status === 'new') return 'Request received'
  return travellerStatusTitle(entry.status, [entry])
}

/** The trip details of a booking's experience, or null (no experience, or none published under its slug). */
export const readRequestTrip = async (
  content: Pick<SanityClient, 'fetch'>,
  booking: Pick<RequestBooking, 'experience_id'>,
): Promise<TripDetails | null> =>
  booking.experience_id
    ? content.fetch(requestTripQuery, {slug: booking.experience_id}, {perspective: 'published'})
    : null

function calendarView(
  booking: RequestBooking,
  trip: TripDetails | null,
  status: string,
): TravellerRequestView['calendar'] {
  if (status !== 'confirmed') return null
  const googleLink = googleCalendarLink(booking, trip)
  return googleLink ? {googleLink} : null
}

function meetingPointView(trip: TripDetails | null): TravellerRequestView['meetingPoint'] {
  const point = trip?.meetingPoint
  const name = point?.name?.trim()
  if (!name) return null
  return {name, address: point?.address?.trim() ?? '', mapLink: meetingPointMapLink(point)}
}

export function travellerView(
  booking: RequestBooking,
  trip: TripDetails | null = null,
): TravellerRequestView {
  const history = booking.status_history ?? []
  const proposal = openProposal(history)
  const status = booking.status ?? 'new'
  return {
    reference: booking.booking_ref,
    experience: booking.experience_title ?? '',
    date: booking.date ?? '',
    time: timeInWords(booking.preferred_time),
    group: groupInWords(booking),
    status,
    statusTitle: travellerStatusTitle(status, history),
    start:
      booking.date && startTimeOn(booking.date, trip) ? tripStartInWords(booking.date, trip) : '',
    when: booking.date
      ? formatTripWhen(booking.date, {
          start: startTimeOn(booking.date, trip),
          preferred: booking.preferred_time,
        })
      : '',
    meetingPoint: meetingPointView(trip),
    calendar: calendarView(booking, trip, status),
    history: history.map((entry) => ({
      key: entry._key,
      at: entry.at,
      status: entry.status,
      title: entryTitle(entry),
      ...(entry.action ? {action: entry.action} : {}),
      ...(entry.message?.trim() ? {message: entry.message.trim()} : {}),
      ...(entry.options?.length ? {options: entry.options.map(option)} : {}),
    })),
    proposal: proposal
      ? {
          key: proposal._key,
          ...(proposal.message?.trim() ? {message: proposal.message.trim()} : {}),
          options: (proposal.options ?? []).map(option),
        }
      : null,
    cancellation: cancellationView(history),
    canWithdraw: canWithdraw(status),
  }
}

/** The open cancellation, its dates all shown as open until `withPlaces` (departure-choice.ts) counts them. */
function cancellationView(history: StatusHistoryEntry[]): TravellerRequestView['cancellation'] {
  const entry = openCancellation(history)
  if (!entry) return null
  return {
    key: entry._key,
    reason: entry.message?.trim() ?? '',
    options: (entry.options ?? []).map((o) => ({...option(o), open: true})),
  }
}

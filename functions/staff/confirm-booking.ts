import {randomBytes} from 'node:crypto'

import {confirmAnywayNote, departureLockId, type BookingLoad} from '@repo/schemas/capacity.ts'
import {confirmWithinPlaces} from '@repo/schemas/confirm-within-places.ts'
import {CANCELLED_DEPARTURE_MESSAGE} from '@repo/schemas/departure-cancellation.ts'
import {changedByFields, type ChangedBy} from '@repo/schemas/request-decisions.ts'
import type {
  BookingChanged,
  BookingConflict,
  OverCapacityConflict,
  StaffBooking,
} from '@repo/schemas/staff-bookings.ts'

import {bookableExperienceQuery, loadBookingRules} from '../lib/departure-loads.ts'
import {loadSharedResource} from '../lib/resource-seats.ts'
import {staffBookingByIdQuery} from './bookings-queries.ts'
import {ACTIVE_STATUSES, departureSnapshotQuery} from './departure-queries.ts'
import type {HandlerResult, StaffDeps} from './staff-deps.ts'

/**
 * What a decision adds to a confirmation: its history entry's fields (key, action, mail) and the
 * traveller's mail, committed in the confirmation's own transaction so a confirmed booking always has its mail.
 */
export type ConfirmationExtras = {
  entry: Record<string, unknown> & {_key: string}
  /** Created only if new (the outbox's mail documents: see functions/lib/mailer.ts). */
  documents: {_id: string; _type: string}[]
}

export const OVER_CAPACITY_ERROR = 'Confirming this booking would go beyond the departure’s places.'

type Snapshot = {
  booking: StaffBooking | null
  lock: {_id: string; _rev: string} | null
  loads: BookingLoad[]
}

/**
 * Confirms a booking only while its departure has room, unless staff said "Confirm anyway", through the
 * confirmation core the studio shares (`confirmWithinPlaces` in schemas/src/confirm-within-places.ts): the count
 * and the lock in one snapshot, the booking's patch and the lock's change in one transaction, again on a 409.
 * Null when no places change hands (already confirmed, a bespoke trip, an old record): the caller then only
 * changes the status.
 */
export async function confirmWithCapacity(
  deps: StaffDeps,
  id: string,
  revision: string,
  by: ChangedBy,
  confirmAnyway: boolean,
  extras?: ConfirmationExtras,
): Promise<HandlerResult | null> {
  const first = await deps.client.fetch(staffBookingByIdQuery, {id})
  if (!first) return {status: 404, body: {error: 'Booking not found'}}
  const experienceId = typeof first.experience_id === 'string' ? first.experience_id : ''
  const date = typeof first.date === 'string' ? first.date : ''
  // Already confirmed, or a booking with no departure to count (an old record): no places change hands.
  if (first.status === 'confirmed' || !experienceId || !date || !deps.content) return null
  const experience = await deps.content.fetch(bookableExperienceQuery, {
    id: experienceId,
  })
  if (!experience || experience.isBespoke) return null
  const [rules, resource] = await Promise.all([
    loadBookingRules(deps.content, experience._id),
    loadSharedResource(
      deps.content,
      deps.client,
      {_id: experience._id, slug: experienceId},
      date,
      id,
    ),
  ])
  const lockId = departureLockId(experienceId, date)

  return confirmWithinPlaces<Snapshot, HandlerResult>({
    rules,
    departure: {lockId, experienceId, date},
    resource,
    bookingId: id,
    confirmAnyway,
    now: deps.now,
    read: () =>
      deps.client.fetch(departureSnapshotQuery, {
        id,
        lockId,
        experience: experienceId,
        date,
        statuses: [...ACTIVE_STATUSES],
        self: id,
      }),
    stop: ({booking}) => {
      if (!booking) return {status: 404, body: {error: 'Booking not found'}}
      if (booking._rev !== revision)
        return {
          status: 409,
          body: {
            error: 'This booking was changed by someone else.',
            booking,
          } satisfies BookingConflict,
        }
      return undefined
    },
    trip: ({booking}) => ({
      date,
      preferredTime: typeof booking?.preferred_time === 'string' ? booking.preferred_time : '',
      pax: typeof booking?.pax_total === 'number' ? booking.pax_total : 0,
      counts: true,
    }),
    overCapacity: (numbers, {booking}) => ({
      status: 409,
      body: {
        error: OVER_CAPACITY_ERROR,
        code: 'over-capacity',
        capacity: numbers,
        booking,
      } satisfies OverCapacityConflict,
    }),
    commit: async (_snapshot, {at, over, changeLock}) => {
      const transaction = deps.client.transaction()
      transaction.patch(id, (p) =>
        p
          .ifRevisionId(revision)
          .set({status: 'confirmed'})
          .setIfMissing({status_history: []})
          .append('status_history', [
            {
              _key: randomBytes(6).toString('hex'),
              _type: 'statusChange',
              status: 'confirmed',
              at,
              ...changedByFields(by),
              ...(over ? {note: confirmAnywayNote(over)} : {}),
              ...extras?.entry,
            },
          ]),
      )
      for (const document of extras?.documents ?? []) transaction.createIfNotExists(document)
      const ref = typeof first.booking_ref === 'string' ? first.booking_ref : null
      if (deps.activity) transaction.create(deps.activity({booking: {id, ref}}))
      changeLock(transaction)
      await transaction.commit({visibility: 'sync'})
      deps.overview?.clear()
      const updated = await deps.client.fetch(staffBookingByIdQuery, {id})
      if (!updated) return {status: 404, body: {error: 'Booking not found'}}
      return {
        status: 200,
        body: {booking: updated, ...(over ? {overCapacity: over} : {})} satisfies BookingChanged,
      }
    },
    cancelled: ({booking}) => ({
      status: 409,
      body: {error: CANCELLED_DEPARTURE_MESSAGE, booking} satisfies BookingConflict,
    }),
    busy: async () => ({
      status: 409,
      body: {
        error: 'Many confirmations for this departure at once. Please try again.',
        booking: await deps.client.fetch(staffBookingByIdQuery, {id}),
      } satisfies BookingConflict,
    }),
  })
}

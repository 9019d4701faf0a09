import {randomBytes} from 'node:crypto'

import {
  confirmAnywayNote,
  confirmationCheck,
  departureLockId,
  type BookingLoad,
  type ConfirmationNumbers,
} from '@repo/schemas/capacity.ts'

import {
  bookableExperienceQuery,
  loadBookingRules,
  type BookableExperience,
} from '../lib/departure-loads.ts'
import {changeDepartureLock, pauseAfterConflict} from '../lib/departure-lock.ts'
import {isConflict} from '../lib/sanity-client.ts'
import {staffBookingByIdQuery} from './bookings-queries.ts'
import {ACTIVE_STATUSES, departureSnapshotQuery} from './departure-queries.ts'
import type {HandlerResult, StaffDeps} from './staff-deps.ts'

/**
 * What a decision adds to a confirmation (issue 14): its history entry's fields (key, action, mail) and the
 * traveller's mail, committed in the confirmation's own transaction so a confirmed booking always has its mail.
 */
export type ConfirmationExtras = {
  entry: Record<string, unknown> & {_key: string}
  /** Created only if new (the outbox's mail documents: see functions/lib/mailer.ts). */
  documents: {_id: string; _type: string}[]
}

/** What staff see before confirming beyond a departure's places. */
export type OverCapacity = ConfirmationNumbers

export const OVER_CAPACITY_ERROR = 'Confirming this booking would go beyond the departure’s places.'

/** How often a confirmation re-reads and tries again when another one changed the same departure first. */
const MAX_ATTEMPTS = 60

type Snapshot = {
  booking: (Record<string, unknown> & {_rev: string; status?: string}) | null
  lock: {_id: string; _rev: string} | null
  loads: BookingLoad[]
}

/**
 * Confirms a booking only while its departure has room, unless staff said "Confirm anyway" (issue 13).
 *
 * Race-safety: the places are counted in the same query that reads the departure's lock document, and the
 * booking's patch commits in one transaction with a change to that lock made with `ifRevisionID` (or, for the
 * first confirmation of the day, its `create`, which fails when it exists). When two staff confirm the last
 * places at once, the second transaction fails with 409 on the lock, and this re-reads the counts (now with the
 * first confirmation) and decides again. Hosted Sanity checks revisions and creates in a transaction the same way.
 */
export async function confirmWithCapacity(
  deps: StaffDeps,
  id: string,
  revision: string,
  by: string,
  confirmAnyway: boolean,
  extras?: ConfirmationExtras,
): Promise<HandlerResult | null> {
  const first = await deps.client.fetch<Snapshot['booking']>(staffBookingByIdQuery, {id})
  if (!first) return {status: 404, body: {error: 'Booking not found'}}
  const experienceId = typeof first.experience_id === 'string' ? first.experience_id : ''
  const date = typeof first.date === 'string' ? first.date : ''
  // Already confirmed, or a booking with no departure to count (an old record): no places change hands.
  if (first.status === 'confirmed' || !experienceId || !date || !deps.content) return null
  const experience = await deps.content.fetch<BookableExperience | null>(bookableExperienceQuery, {
    id: experienceId,
  })
  if (!experience || experience.isBespoke) return null
  const rules = await loadBookingRules(deps.content, experience._id)
  const lockId = departureLockId(experienceId, date)

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const snapshot = await deps.client.fetch<Snapshot>(departureSnapshotQuery, {
      id,
      lockId,
      experience: experienceId,
      date,
      statuses: [...ACTIVE_STATUSES],
    })
    const booking = snapshot.booking
    if (!booking) return {status: 404, body: {error: 'Booking not found'}}
    if (booking._rev !== revision)
      return {status: 409, body: {error: 'This booking was changed by someone else.', booking}}

    // The same rule as the studio's Confirm action (schemas/src/capacity.ts).
    const {numbers, over} = confirmationCheck(
      rules,
      {
        date,
        preferredTime: typeof booking.preferred_time === 'string' ? booking.preferred_time : '',
        pax: typeof booking.pax_total === 'number' ? booking.pax_total : 0,
      },
      snapshot.loads,
    )
    if (over && !confirmAnyway)
      return {
        status: 409,
        body: {error: OVER_CAPACITY_ERROR, code: 'over-capacity', capacity: numbers, booking},
      }

    const at = deps.now().toISOString()
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
            by,
            ...(over ? {note: confirmAnywayNote(numbers)} : {}),
            ...extras?.entry,
          },
        ]),
    )
    for (const document of extras?.documents ?? []) transaction.createIfNotExists(document)
    changeDepartureLock(
      transaction,
      snapshot.lock,
      {lockId, experienceId, date},
      {bookingId: id, at},
    )
    try {
      await transaction.commit({visibility: 'sync'})
    } catch (error) {
      if (!isConflict(error)) throw error
      // Another confirmation of this departure (or of this booking) got there first: look again.
      await pauseAfterConflict(attempt)
      continue
    }
    deps.overview?.clear()
    const updated = await deps.client.fetch(staffBookingByIdQuery, {id})
    return {status: 200, body: {booking: updated, ...(over ? {overCapacity: numbers} : {})}}
  }
  return {
    status: 409,
    body: {
      error: 'Many confirmations for this departure at once. Please try again.',
      booking: await deps.client.fetch(staffBookingByIdQuery, {id}),
    },
  }
}

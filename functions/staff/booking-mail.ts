import {isConflict} from '@repo/schemas/lake-errors.ts'
import type {BookingMail, BookingMailLog} from '@repo/schemas/staff-booking-mail.ts'

import {outboxMailId} from '../lib/mailer.ts'
import type {HandlerResult, StaffDeps} from './staff-deps.ts'
import {bookingExistsQuery} from './queries/booking-exists-query.ts'
import {bookingMailQuery} from './queries/booking-mail-query.ts'
import {resendableMailQuery} from './queries/resendable-mail-query.ts'

/** Document ids the functions create: no dots (never a draft or a version), nothing else. */
const SAFE_ID = /^[\w-]{1,128}$/

const notFound: HandlerResult = {status: 404, body: {error: 'Booking not found'}}

/**
 * `GET /api/staff/bookings/:id/mail`: the booking's mail log (docs/decisions/010-the-mail-outbox-in-the-lake.md),
 * oldest first.
 */
export async function listBookingMail(deps: StaffDeps, id: string): Promise<HandlerResult> {
  if (!SAFE_ID.test(id)) return notFound
  const [booking, mail] = await Promise.all([
    deps.client.fetch(bookingExistsQuery, {id}),
    deps.client.fetch(bookingMailQuery, {id}),
  ])
  if (!booking) return notFound
  // The generated result fits the API's own type, or tsc says where they part.
  const log: BookingMail[] = mail
  return {status: 200, body: {mail: log} satisfies BookingMailLog}
}

/**
 * `POST /api/staff/bookings/:id/mail/:mailId/resend`: a mail that failed for good (three days of refusals) is
 * queued again, due at once and with three more days before it is given up; any server's outbox sends it.
 * Only a failed mail: one that was sent or is still being tried is not sent a second time from here.
 */
export async function resendBookingMail(
  deps: StaffDeps,
  id: string,
  mailId: string,
): Promise<HandlerResult> {
  if (!SAFE_ID.test(id) || !SAFE_ID.test(mailId))
    return {status: 404, body: {error: 'Mail not found'}}
  // The mail must be about a booking, not only about `id`: the outbox also holds mails about staff accounts
  // (invitations, resets), privacy requests and waitlist entries, which this role may not see. Every role that may
  // send again (`bookings.decide`) reads every booking (staff-roles.ts), so a booking is one the person may see.
  const current = await deps.client.fetch(resendableMailQuery, {docId: outboxMailId(mailId), id})
  if (!current) return {status: 404, body: {error: 'Mail not found'}}
  const refused: HandlerResult = {
    status: 409,
    body: {error: 'Only a mail that failed can be sent again.'},
  }
  if (current.status !== 'failed') return refused
  const now = deps.now().toISOString()
  try {
    const transaction = deps.client
      .transaction()
      .patch(outboxMailId(mailId), (p) =>
        p.ifRevisionId(current._rev).set({status: 'pending', queued_at: now, next_attempt_at: now}),
      )
    if (deps.activity) transaction.create(deps.activity({booking: {id, ref: current.ref}}))
    await transaction.commit({returnDocuments: false, visibility: 'sync'})
  } catch (error) {
    // Another member of staff resent it at the same moment: it is queued once.
    if (isConflict(error)) return refused
    throw error
  }
  return listBookingMail(deps, id)
}

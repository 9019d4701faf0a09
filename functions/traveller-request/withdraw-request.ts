import {randomBytes} from 'node:crypto'

import {
  canWithdraw,
  decisionMailId,
  type StatusHistoryEntry,
} from '@repo/schemas/request-decisions.ts'
import {isConflict} from '@repo/schemas/lake-errors.ts'

import {calendarPartFor, wasConfirmedBefore} from '../lib/booking-calendar.ts'
import {json, problem} from '../lib/http.ts'
import {composeMail} from '../lib/mail-content.ts'
import {
  CANNOT_WITHDRAW_MESSAGE,
  CHANGED_MESSAGE,
  INVALID_LINK_MESSAGE,
  REQUEST_REMOVED_MESSAGE,
  linksOf,
  nudgeOutbox,
  requestMailValues,
  type TravellerRequestDeps,
} from './request-deps.ts'
import {readRequestTrip, requestBookingQuery, travellerView} from './request-view.ts'

/**
 * `POST /api/requests/:token/withdraw`: the traveller withdraws (docs/decisions/012-the-request-loop.md). The booking
 * is closed with a history entry and the team's mail in one transaction, guarded by the revision just read: a second
 * click, or a staff change committed in between, makes this one lose with a clear 409 instead of closing what it did
 * not see.
 */
export async function withdrawRequest(
  deps: TravellerRequestDeps,
  bookingId: string,
): Promise<Response> {
  const booking = await deps.bookings.fetch(requestBookingQuery, {
    id: bookingId,
  })
  if (!booking) return problem(404, INVALID_LINK_MESSAGE)
  if (booking.anonymised) return problem(410, REQUEST_REMOVED_MESSAGE)
  if (!canWithdraw(booking.status ?? 'new')) return problem(409, CANNOT_WITHDRAW_MESSAGE)

  const key = randomBytes(6).toString('hex')
  const mailId = decisionMailId(bookingId, 'withdraw', key)
  const entry: StatusHistoryEntry = {
    _key: key,
    _type: 'statusChange',
    status: 'closed',
    at: deps.now().toISOString(),
    by: 'traveller',
    action: 'withdraw',
    mail_id: mailId,
  }
  const mailContent = await deps.mailContent()
  const mail = composeMail('teamWithdrawn', requestMailValues(deps, booking), mailContent, {
    to: deps.teamEmail,
    ...(booking.email ? {replyTo: booking.email} : {}),
  })
  // A trip once confirmed sits in the traveller's calendar (also while the team asks a question or proposes another
  // date): its cancellation takes it out (booking-calendar.ts). Found by the model-based test.
  const history = [...(booking.status_history ?? []), entry]
  const cancelled = wasConfirmedBefore(history, entry._key) && booking.email
  const calendar = cancelled
    ? calendarPartFor(
        {...booking, status_history: history},
        entry,
        'CANCEL',
        mailContent,
        linksOf(deps),
      )
    : undefined
  const travellerMail = cancelled
    ? [
        deps.outbox.queueMutation(
          `${mailId}-traveller`,
          {
            ...composeMail('cancelled', requestMailValues(deps, booking), mailContent, {
              to: booking.email ?? '',
            }),
            ...(calendar ? {calendar} : {}),
          },
          bookingId,
        ),
      ]
    : []
  try {
    const close = deps.bookings
      .patch(bookingId)
      .ifRevisionId(booking._rev)
      .set({status: 'closed'})
      .setIfMissing({status_history: []})
      .append('status_history', [entry])
    await deps.bookings.mutate(
      [
        {patch: close.serialize()},
        deps.outbox.queueMutation(mailId, mail, bookingId),
        ...travellerMail,
      ],
      {visibility: 'sync'},
    )
  } catch (error) {
    if (!isConflict(error)) throw error
    const now = await deps.bookings.fetch(requestBookingQuery, {
      id: bookingId,
    })
    if (!now) return problem(404, INVALID_LINK_MESSAGE)
    return problem(
      409,
      canWithdraw(now.status ?? 'new') ? CHANGED_MESSAGE : CANNOT_WITHDRAW_MESSAGE,
    )
  }
  nudgeOutbox(deps)
  return json(
    travellerView(
      {
        ...booking,
        status: 'closed',
        status_history: [...(booking.status_history ?? []), entry],
      },
      await readRequestTrip(deps.content, booking),
    ),
  )
}

import {randomBytes} from 'node:crypto'

import {departureLockId, type BookingLoad} from '@repo/schemas/capacity.ts'
import {confirmWithinPlaces, type DepartureLock} from '@repo/schemas/confirm-within-places.ts'
import {cancelledDateMessage} from '@repo/schemas/departure-cancellation.ts'
import {
  ACCEPTED_PROPOSAL_STATUSES,
  DEFAULT_ACCEPTED_PROPOSAL_STATUS,
  openProposal,
  type AcceptedProposalStatus,
  type StatusHistoryEntry,
  decisionMailId,
  departureInWords,
} from '@repo/schemas/request-decisions.ts'

import {ACTIVE_STATUSES, bookableExperienceQuery, loadBookingRules} from '../lib/departure-loads.ts'
import {loadSharedResource} from '../lib/resource-seats.ts'
import {json, problem} from '../lib/http.ts'
import {composeMail} from '../lib/mail-content.ts'
import {tripMailValues} from '../lib/trip-mail-values.ts'
import {calendarPartFor} from '../lib/booking-calendar.ts'
import type {CalendarPart} from '../lib/mail-calendar-part.ts'
import {
  CHANGED_MESSAGE,
  DATE_FULL_MESSAGE,
  DATE_PASSED_MESSAGE,
  INVALID_LINK_MESSAGE,
  REQUEST_REMOVED_MESSAGE,
  linksOf,
  nudgeOutbox,
  requestMailValues,
  STALE_OPTION_MESSAGE,
  TRY_AGAIN_MESSAGE,
  type TravellerRequestDeps,
} from './request-deps.ts'
import {
  readRequestTrip,
  requestBookingQuery,
  travellerView,
  type RequestBooking,
} from './request-view.ts'
import {acceptedProposalStatusQuery} from './queries/accepted-proposal-status-query.ts'
import {acceptProposalSnapshotQuery} from './queries/accept-proposal-snapshot-query.ts'

/** The editors' choice in site settings (studio): confirm at once, or back to staff to confirm. */
export async function acceptedProposalStatus(
  deps: Pick<TravellerRequestDeps, 'content'>,
): Promise<AcceptedProposalStatus> {
  const stored = await deps.content.fetch(acceptedProposalStatusQuery)
  return (
    ACCEPTED_PROPOSAL_STATUSES.find((entry) => entry.value === stored)?.value ??
    DEFAULT_ACCEPTED_PROPOSAL_STATUS
  )
}

/** What `acceptProposalSnapshotQuery` reads, in one query so the lock's revision and the counts agree. */
type Snapshot = {
  booking: RequestBooking | null
  lock: DepartureLock
  loads: BookingLoad[]
}

type Chosen = {option: NonNullable<StatusHistoryEntry['options']>[number]} | {refused: Response}

function chooseOption(booking: RequestBooking, optionKey: string, today: string): Chosen {
  const option = openProposal(booking.status_history)?.options?.find((o) => o._key === optionKey)
  if (!option) return {refused: problem(409, STALE_OPTION_MESSAGE)}
  if (option.date < today) return {refused: problem(409, DATE_PASSED_MESSAGE)}
  return {option}
}

/**
 * `POST /api/requests/:token/accept`: the traveller takes one of the dates the team proposed
 * (docs/decisions/012-the-request-loop.md). The
 * booking moves to it, with the status the editors chose, a history entry, the team's mail and (when that status
 * is confirmed) the traveller's confirmation mail, all in one
 * transaction guarded by the booking's revision as the page's request read it: of two clicks, or a click and a
 * staff change at the same moment, one wins and the other is told to reload.
 *
 * When the status becomes `confirmed` the new departure's places are respected through the confirmation core staff
 * confirmations use (schemas/src/confirm-within-places.ts): the count is read with the departure's lock document,
 * and the same transaction changes that lock with `ifRevisionID` (or creates it), so a confirmation of the last
 * places at the same moment makes one of them read again and decide with the other counted. Full: refused,
 * nothing stored.
 */
export async function acceptProposal(
  deps: TravellerRequestDeps,
  bookingId: string,
  optionKey: string,
): Promise<Response> {
  const first = await deps.bookings.fetch(requestBookingQuery, {
    id: bookingId,
  })
  if (!first) return problem(404, INVALID_LINK_MESSAGE)
  if (first.anonymised) return problem(410, REQUEST_REMOVED_MESSAGE)
  const revision = first._rev
  const today = deps.today()
  const chosen = chooseOption(first, optionKey, today)
  if ('refused' in chosen) return chosen.refused
  const {option} = chosen

  const status = await acceptedProposalStatus(deps)
  // Only a confirmation takes places; a bespoke experience (or one no longer published) has none to count.
  const experienceSlug = first.experience_id ?? ''
  const experience =
    status === 'confirmed' && experienceSlug
      ? await deps.content.fetch(bookableExperienceQuery, {
          id: experienceSlug,
        })
      : null
  const rules =
    experience && !experience.isBespoke
      ? await loadBookingRules(deps.content, experience._id)
      : null
  const lockId = departureLockId(experienceSlug, option.date)
  const resource =
    experience && rules
      ? await loadSharedResource(
          deps.content,
          deps.bookings,
          {_id: experience._id, slug: experienceSlug},
          option.date,
          null,
        )
      : null
  const mailContent = await deps.mailContent()

  return confirmWithinPlaces<Snapshot, Response>({
    rules,
    departure: rules ? {lockId, experienceId: experienceSlug, date: option.date} : null,
    resource,
    bookingId,
    // A traveller never confirms beyond the places: only staff may ("Confirm anyway").
    confirmAnyway: false,
    now: deps.now,
    read: () =>
      deps.bookings.fetch(acceptProposalSnapshotQuery, {
        id: bookingId,
        lockId,
        experience: experienceSlug,
        date: option.date,
        statuses: [...ACTIVE_STATUSES],
        self: null,
      }),
    stop: ({booking}) =>
      !booking
        ? problem(404, INVALID_LINK_MESSAGE)
        : booking._rev !== revision
          ? problem(409, CHANGED_MESSAGE)
          : undefined,
    trip: ({booking}) => ({
      date: option.date,
      preferredTime: option.preferred_time ?? '',
      pax: booking?.pax_total ?? 0,
      counts: true,
    }),
    overCapacity: () => problem(409, DATE_FULL_MESSAGE),
    busy: () => problem(409, TRY_AGAIN_MESSAGE),
    cancelled: () => problem(409, cancelledDateMessage(option.date)),
    commit: async (snapshot, {at, changeLock}) => {
      const booking = snapshot.booking!
      const key = randomBytes(6).toString('hex')
      const mailId = decisionMailId(bookingId, 'accept', key)
      const moved: RequestBooking = {
        ...booking,
        date: option.date,
        preferred_time: option.preferred_time,
      }
      const entry: StatusHistoryEntry = {
        _key: key,
        _type: 'statusChange',
        status,
        at,
        by: 'traveller',
        action: 'accept',
        options: [option],
        mail_id: mailId,
      }
      const values = requestMailValues(deps, moved)
      const acceptedDate = departureInWords(option)
      const mail = composeMail('teamAccepted', {...values, acceptedDate}, mailContent, {
        to: deps.teamEmail,
        ...(booking.email ? {replyTo: booking.email} : {}),
      })

      // Confirmed at once: the traveller gets the same confirmation mail as after a staff confirmation.
      const travellerMails =
        status === 'confirmed' && booking.email
          ? [
              deps.outbox.queueMutation(
                decisionMailId(bookingId, 'confirm', key),
                {
                  ...composeMail(
                    'confirmation',
                    {...values, ...tripMailValues(moved, mailContent)},
                    mailContent,
                    {to: booking.email},
                  ),
                  // A new date for a trip confirmed before updates the same calendar event (a higher SEQUENCE).
                  ...withCalendar(
                    calendarPartFor(
                      {...moved, status_history: [...(booking.status_history ?? []), entry]},
                      entry,
                      'REQUEST',
                      mailContent,
                      linksOf(deps),
                    ),
                  ),
                },
                bookingId,
              ),
            ]
          : []

      const transaction = deps.bookings.transaction()
      transaction.patch(bookingId, (p) =>
        p
          .ifRevisionId(revision)
          .set({date: option.date, preferred_time: option.preferred_time, status})
          .setIfMissing({status_history: []})
          .append('status_history', [entry]),
      )
      changeLock(transaction)
      // One request, so one atomic transaction: the booking, the lock and the mails. A 409 (the booking changed,
      // or another confirmation took the lock first) makes the core read again: the next read refuses or recounts.
      await deps.bookings.mutate(
        [
          ...transaction.serialize(),
          deps.outbox.queueMutation(mailId, mail, bookingId),
          ...travellerMails,
        ],
        {visibility: 'sync'},
      )
      nudgeOutbox(deps)
      return json(
        travellerView(
          {...moved, status, status_history: [...(booking.status_history ?? []), entry]},
          await readRequestTrip(deps.content, moved),
        ),
      )
    },
  })
}

const withCalendar = (calendar: CalendarPart | undefined) => (calendar ? {calendar} : {})

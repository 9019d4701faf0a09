import {randomBytes} from 'node:crypto'

import {checkDeparture, departureLockId, type BookingLoad} from '@repo/schemas/capacity.ts'
import {confirmWithinPlaces, type DepartureLock} from '@repo/schemas/confirm-within-places.ts'
import {
  ACCEPT_CANCELLATION_ACTION,
  CANCELLATION_CLOSED_MESSAGE,
  fullMessage,
  NOT_OFFERED_MESSAGE,
  MOVABLE_STATUSES,
  MOVE_ACTION,
  openCancellation,
  statusBefore,
  withCancelledDates,
} from '@repo/schemas/departure-cancellation.ts'
import {type DepartureChoice} from '@repo/schemas/departure-cancellation-schema.ts'
import {isConflict} from '@repo/schemas/lake-errors.ts'
import {
  decisionMailId,
  type StatusHistoryEntry,
  type TravellerRequestView,
} from '@repo/schemas/request-decisions.ts'

import {calendarPartFor} from '../lib/booking-calendar.ts'
import {
  ACTIVE_STATUSES,
  bookableExperienceQuery,
  loadBookingRules,
  loadCancelledDates,
  loadDepartureCounts,
} from '../lib/departure-loads.ts'
import {composeMail} from '../lib/mail-content.ts'
import {loadSharedResource} from '../lib/resource-seats.ts'
import {tripMailValues} from '../lib/trip-mail-values.ts'
import {
  INVALID_LINK_MESSAGE,
  linksOf,
  nudgeOutbox,
  requestMailValues,
  TRY_AGAIN_MESSAGE,
  type TravellerRequestDeps,
} from './request-deps.ts'
import {requestBookingQuery, type RequestBooking} from './request-view.ts'
import {departureChoiceSnapshotQuery} from './queries/departure-choice-snapshot-query.ts'

/**
 * The traveller's answer to a departure cancelled for the weather (schemas/src/departure-cancellation.ts): move to
 * one of the dates offered, or accept the cancellation. The link in the mail opens the request page, which only
 * shows the choice (a mail scanner's GET changes nothing); the page's button posts here.
 *
 * A move of a confirmed booking takes places on the new date through the confirmation core every confirmation uses
 * (schemas/src/confirm-within-places.ts): counted with the new departure's lock in one snapshot, committed with a
 * change of that lock under `ifRevisionID`, so of two travellers racing for the last places one wins and the other
 * is told the date is full, never both. A request (not yet confirmed) takes no places; it moves while the date has
 * room for it, and staff confirm it as any request.
 */

/** What the answer was, for the page to say (`?answer=` after a form's redirect). */
export type ChoiceOutcome =
  | {ok: true; outcome: 'moved' | 'accepted'; date?: string}
  | {
      ok: false
      status: 404 | 409
      reason: 'invalid' | 'closed' | 'stale' | 'full' | 'busy'
      message: string
      date?: string
    }

type Snapshot = {
  booking: RequestBooking | null
  lock: (DepartureLock & {cancelled_at?: string | null}) | null
  loads: BookingLoad[]
}

const refused = (
  status: 404 | 409,
  reason: Extract<ChoiceOutcome, {ok: false}>['reason'],
  message: string,
  date?: string,
): ChoiceOutcome => ({ok: false, status, reason, message, ...(date ? {date} : {})})

export async function answerCancellation(
  deps: TravellerRequestDeps,
  bookingId: string,
  choice: DepartureChoice,
): Promise<ChoiceOutcome> {
  const first = await deps.bookings.fetch(requestBookingQuery, {
    id: bookingId,
  })
  if (!first) return refused(404, 'invalid', INVALID_LINK_MESSAGE)
  const cancellation = openCancellation(first.status_history)
  if (!cancellation) return refused(409, 'closed', CANCELLATION_CLOSED_MESSAGE)
  const revision = first._rev
  const key = randomBytes(6).toString('hex')
  const at = deps.now().toISOString()

  if (choice.choice === 'accept') {
    const entry: StatusHistoryEntry = {
      _key: key,
      _type: 'statusChange',
      status: 'closed',
      at,
      by: 'traveller',
      action: ACCEPT_CANCELLATION_ACTION,
    }
    try {
      // The calendar's cancellation went with the team's mail; accepting it changes nothing more there.
      await deps.bookings
        .patch(bookingId)
        .ifRevisionId(revision)
        .setIfMissing({status_history: []})
        .append('status_history', [entry])
        .commit({visibility: 'sync'})
    } catch (error) {
      if (!isConflict(error)) throw error
      return refused(409, 'closed', CANCELLATION_CLOSED_MESSAGE)
    }
    return {ok: true, outcome: 'accepted'}
  }

  const option = cancellation.options?.find((o) => o.date === choice.date)
  if (!option || option.date < deps.today()) return refused(409, 'stale', NOT_OFFERED_MESSAGE)
  const status = statusBefore(first.status_history, cancellation._key)
  if (!MOVABLE_STATUSES.includes(status)) return refused(409, 'closed', CANCELLATION_CLOSED_MESSAGE)
  const slug = first.experience_id ?? ''
  const experience = slug ? await deps.content.fetch(bookableExperienceQuery, {id: slug}) : null
  if (!experience || experience.isBespoke) return refused(409, 'stale', NOT_OFFERED_MESSAGE)
  // The dates staff cancelled since (the weather again) are closed like any date with no places.
  const rules = withCancelledDates(
    await loadBookingRules(deps.content, experience._id),
    await loadCancelledDates(deps.bookings, {experience: slug, from: option.date, to: option.date}),
  )
  const lockId = departureLockId(slug, option.date)
  const resource = await loadSharedResource(
    deps.content,
    deps.bookings,
    {_id: experience._id, slug},
    option.date,
    null,
  )
  const mailContent = await deps.mailContent()

  return confirmWithinPlaces<Snapshot, ChoiceOutcome>({
    rules,
    departure: {lockId, experienceId: slug, date: option.date},
    resource,
    bookingId,
    confirmAnyway: false,
    now: deps.now,
    read: () =>
      deps.bookings.fetch(departureChoiceSnapshotQuery, {
        id: bookingId,
        lockId,
        experience: slug,
        date: option.date,
        statuses: [...ACTIVE_STATUSES],
      }),
    stop: ({booking, lock}) =>
      !booking
        ? refused(404, 'invalid', INVALID_LINK_MESSAGE)
        : booking._rev !== revision
          ? refused(409, 'closed', CANCELLATION_CLOSED_MESSAGE)
          : lock?.cancelled_at
            ? refused(409, 'full', fullMessage(option.date), option.date)
            : undefined,
    // A request counts as requested places, not taken ones: checked the same way, so a full date refuses it too.
    trip: ({booking}) => ({
      date: option.date,
      preferredTime: booking?.preferred_time ?? '',
      pax: booking?.pax_total ?? 0,
      counts: true,
    }),
    overCapacity: () => refused(409, 'full', fullMessage(option.date), option.date),
    busy: () => refused(409, 'busy', TRY_AGAIN_MESSAGE),
    commit: async (snapshot, {at: movedAt, changeLock}) => {
      const booking = snapshot.booking!
      const entry: StatusHistoryEntry = {
        _key: key,
        _type: 'statusChange',
        status,
        at: movedAt,
        by: 'traveller',
        action: MOVE_ACTION,
        options: [option],
        ...(status === 'confirmed' ? {mail_id: decisionMailId(bookingId, MOVE_ACTION, key)} : {}),
      }
      const moved: RequestBooking = {
        ...booking,
        date: option.date,
        status,
        status_history: [...(booking.status_history ?? []), entry],
      }
      const transaction = deps.bookings.transaction()
      transaction.patch(bookingId, (p) =>
        p
          .ifRevisionId(revision)
          .set({date: option.date, status})
          .setIfMissing({status_history: []})
          .append('status_history', [entry]),
      )
      changeLock(transaction)
      // A confirmed trip on its new date: the confirmation mail again, and the same calendar event moved (same
      // UID, the next SEQUENCE), as after an accepted proposal.
      const mails =
        status === 'confirmed' && booking.email
          ? [
              deps.outbox.queueMutation(
                entry.mail_id!,
                {
                  ...composeMail(
                    'confirmation',
                    {...requestMailValues(deps, moved), ...tripMailValues(moved, mailContent)},
                    mailContent,
                    {to: booking.email},
                  ),
                  ...withCalendar(
                    calendarPartFor(moved, entry, 'REQUEST', mailContent, linksOf(deps)),
                  ),
                },
                bookingId,
              ),
            ]
          : []
      await deps.bookings.mutate([...transaction.serialize(), ...mails], {visibility: 'sync'})
      if (mails.length) nudgeOutbox(deps)
      return {ok: true, outcome: 'moved', date: option.date}
    },
  })
}

const withCalendar = <T>(calendar: T | undefined) => (calendar ? {calendar} : {})

/**
 * The dates offered after a cancellation, each marked open while it still has room for the group (and is not
 * cancelled itself): the page offers only those, and a click on one that filled meanwhile is refused all the same.
 */
export async function withPlaces(
  deps: TravellerRequestDeps,
  booking: RequestBooking,
  view: TravellerRequestView,
): Promise<TravellerRequestView> {
  const cancellation = view.cancellation
  if (!cancellation?.options.length || !booking.experience_id) return view
  const experience = await deps.content.fetch(bookableExperienceQuery, {
    id: booking.experience_id,
  })
  if (!experience || experience.isBespoke) return view
  const dates = cancellation.options.map((o) => o.date).sort()
  const range = {experience: booking.experience_id, from: dates[0]!, to: dates.at(-1)!}
  const rules = withCancelledDates(
    await loadBookingRules(deps.content, experience._id),
    await loadCancelledDates(deps.bookings, range),
  )
  const counts = await loadDepartureCounts(deps.bookings, rules, range)
  const today = deps.today()
  const pax = booking.pax_total ?? 0
  return {
    ...view,
    cancellation: {
      ...cancellation,
      options: cancellation.options.map((option) => ({
        ...option,
        open: checkDeparture(rules, {date: option.date, slot: option.time}, pax, counts, today, '')
          .ok,
      })),
    },
  }
}

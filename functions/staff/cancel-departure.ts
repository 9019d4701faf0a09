import {randomBytes} from 'node:crypto'

import {departureLockId} from '@repo/schemas/capacity.ts'
import {
  alternativeDepartures,
  ALTERNATIVE_DAYS,
  CANCEL_DEPARTURE_ACTION,
  withCancelledDates,
  type AlternativesAnswer,
  type CancellationAnswer,
  type CancellationPreviewAnswer,
} from '@repo/schemas/departure-cancellation.ts'
import {
  departureCancellationSchema,
  type DepartureCancellation,
} from '@repo/schemas/departure-cancellation-schema.ts'
import {CLOSED_BY_CANCELLATION} from '@repo/schemas/departure-life.ts'
import {formatDateInWords} from '@repo/schemas/format-date.ts'
import {formatGroupInWords} from '@repo/schemas/format-party.ts'
import type {WaitlistState} from '@repo/schemas/waitlist-entries.ts'
import {addDays, isIsoDate, todayInCapeTown} from '@repo/schemas/iso-date.ts'
import {isConflict} from '@repo/schemas/lake-errors.ts'
import {
  changedByFields,
  decisionMailId,
  type ChangedBy,
  type StatusHistoryEntry,
} from '@repo/schemas/request-decisions.ts'

import {bookingMailValues} from '../lib/booking-mail-values.ts'
import {calendarPartFor, wasConfirmedBefore} from '../lib/booking-calendar.ts'
import {
  ACTIVE_STATUSES,
  bookableExperienceQuery,
  loadBookingRules,
  loadCancelledDates,
  loadDepartureCounts,
  type BookableExperience,
} from '../lib/departure-loads.ts'
import {composeMail, type MailContent} from '../lib/mail-content.ts'
import {outboxMailDocument, type MailMessage} from '../lib/mailer.ts'
import {singleQueryParams} from '../lib/query-params.ts'
import {tripMailValues, tripTimeInWords} from '../lib/trip-mail-values.ts'
import type {DecisionDeps} from './decide-booking.ts'
import type {HandlerResult, StaffDeps} from './staff-deps.ts'
import {departureBookingsQuery} from './queries/departure-bookings-query.ts'

/**
 * Cancelling a departure for the weather or the conditions, in one action (schemas/src/departure-cancellation.ts):
 * the departure closes for new bookings (its lock document says so), every traveller on it (confirmed or still
 * a request) gets a history entry naming who cancelled and why, and a mail offering the other dates, all in one
 * transaction with the staff activity entry. Confirmed travellers' mails carry the calendar's cancellation: the
 * trip is not happening on that date, whatever they choose next (docs/decisions/086-departures-cancelled-for-the-weather.md).
 */

/** A booking on the departure, as the mails and the history need it. */
type DepartureBooking = {
  _id: string
  _rev: string
  booking_ref: string
  status: string
  status_history?: StatusHistoryEntry[] | null
  experience_id: string
  experience_title?: string | null
  date: string
  preferred_time?: string | null
  pax_adults?: number | null
  pax_children?: number | null
  pax_total?: number | null
  name?: string | null
  email?: string | null
}

/** A waitlist entry the cancellation closes (departure-life.ts: those waiting or holding an offer). */
export type WaitingEntry = {
  _id: string
  _rev: string
  state: WaitlistState
  experience_title: string
  date: string
  preferred_time?: string | null
  pax_adults?: number | null
  pax_children?: number | null
  email?: string | null
}

type DepartureSnapshot = {
  bookings: DepartureBooking[]
  lock: {_id: string; _rev: string; cancelled_at?: string | null} | null
  waitlist: WaitingEntry[]
  /** Resellers' holds and confirmed bookings on the departure (functions/octo/bookings.ts). */
  octo: {_id: string; _rev: string; state: string}[]
}

export const ALREADY_CANCELLED_MESSAGE = 'This departure is already cancelled.'
export const CHANGED_MESSAGE =
  'A booking on this departure changed at the same moment. Look at the departure again and cancel it then.'
const UNKNOWN_DEPARTURE_MESSAGE = 'There is no such departure: choose one from the list.'

const bad = (message: string, field?: string): HandlerResult => ({
  status: 400,
  body: {error: message, ...(field ? {fieldErrors: {[field]: [message]}} : {})},
})

type Departure = {
  experience: BookableExperience
  snapshot: DepartureSnapshot
  alternatives: AlternativesAnswer['dates']
}

/** The departure's experience, its bookings and lock, and the dates its travellers may be offered. */
async function loadDeparture(
  deps: StaffDeps,
  slug: string,
  date: string,
): Promise<Departure | HandlerResult> {
  if (!deps.content) return {status: 404, body: {error: UNKNOWN_DEPARTURE_MESSAGE}}
  const experience = await deps.content.fetch(bookableExperienceQuery, {
    id: slug,
  })
  if (!experience || experience.isBespoke || experience.slug !== slug)
    return {status: 404, body: {error: UNKNOWN_DEPARTURE_MESSAGE}}
  const today = todayInCapeTown(deps.now())
  const to = addDays(today, ALTERNATIVE_DAYS)
  const [baseRules, snapshot, cancelled] = await Promise.all([
    loadBookingRules(deps.content, experience._id),
    deps.client.fetch(departureBookingsQuery, {
      experience: slug,
      date,
      lockId: departureLockId(slug, date),
      statuses: [...ACTIVE_STATUSES],
      waitlistStates: [...CLOSED_BY_CANCELLATION],
    }),
    loadCancelledDates(deps.client, {experience: slug, from: today, to}),
  ])
  const rules = withCancelledDates(baseRules, cancelled)
  const counts = await loadDepartureCounts(deps.client, rules, {experience: slug, from: today, to})
  const largestGroup = Math.max(1, ...snapshot.bookings.map((b) => b.pax_total ?? 0))
  return {
    experience,
    snapshot,
    alternatives: alternativeDepartures(rules, {date, largestGroup}, counts, today),
  }
}

/** `GET /departures/alternatives?experience&date`: the open dates with places, for the dialog's picker. */
export async function listAlternatives(
  deps: StaffDeps,
  search: URLSearchParams,
): Promise<HandlerResult> {
  const single = singleQueryParams(search, ['experience', 'date'])
  if (!single.ok) return bad(single.message, single.name)
  const {experience = '', date = ''} = single.values as {experience?: string; date?: string}
  if (!/^[\w-]{1,96}$/.test(experience))
    return bad('Choose a departure from the list.', 'experience')
  if (!isIsoDate(date)) return bad('Give the departure’s date as yyyy-MM-dd.', 'date')
  const loaded = await loadDeparture(deps, experience, date)
  if ('status' in loaded) return loaded
  return {status: 200, body: {dates: loaded.alternatives} satisfies AlternativesAnswer}
}

type Prepared = {
  cancellation: DepartureCancellation
  departure: Departure
  entries: {booking: DepartureBooking; entry: StatusHistoryEntry; mail: MailMessage | null}[]
  /** Each person on the departure's waitlist, closed and told (never offered places on it again). */
  waiting: {entry: WaitingEntry; mail: MailMessage | null}[]
}

/** The cancellation's checks, then each traveller's history entry and mail: what the preview shows and the send stores. */
async function prepare(
  deps: StaffDeps,
  decisions: DecisionDeps,
  body: unknown,
  by: ChangedBy,
): Promise<Prepared | HandlerResult> {
  const parsed = departureCancellationSchema.safeParse(body)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    return bad(issue.message, String(issue.path[0] ?? ''))
  }
  const cancellation = parsed.data
  const today = todayInCapeTown(deps.now())
  if (cancellation.date < today)
    return bad('This departure has already left: there is nothing to cancel.', 'date')
  const departure = await loadDeparture(deps, cancellation.experience, cancellation.date)
  if ('status' in departure) return departure
  if (departure.snapshot.lock?.cancelled_at)
    return {status: 409, body: {error: ALREADY_CANCELLED_MESSAGE}}
  const open = new Set(departure.alternatives.map((a) => a.date))
  const closed = cancellation.alternatives.filter((date) => !open.has(date))
  if (closed.length)
    return bad(
      `${closed.map((date) => formatDateInWords(date)).join(', ')} cannot be offered: not open, or not enough places left for these travellers.`,
      'alternatives',
    )
  const content = await decisions.mailContent()
  const at = deps.now().toISOString()
  const entries = departure.snapshot.bookings.map((booking) => {
    const key = randomBytes(6).toString('hex')
    const entry: StatusHistoryEntry = {
      _key: key,
      _type: 'statusChange',
      status: 'closed',
      at,
      ...changedByFields(by),
      action: CANCEL_DEPARTURE_ACTION,
      message: cancellation.reason,
      options: cancellation.alternatives.map((date) => ({
        _key: randomBytes(6).toString('hex'),
        date,
        preferred_time: booking.preferred_time ?? '',
      })),
      mail_id: decisionMailId(booking._id, CANCEL_DEPARTURE_ACTION, key),
    }
    return {
      booking,
      entry,
      mail: booking.email ? cancellationMail(booking, entry, content, decisions) : null,
    }
  })
  const waiting = departure.snapshot.waitlist.map((entry) => ({
    entry,
    mail: entry.email ? waitlistCancellationMail(entry, cancellation, content) : null,
  }))
  return {cancellation, departure, entries, waiting}
}

/**
 * A waiting person's mail (the editors' `waitlistDepartureCancelled`): the reason and the other dates, and nothing
 * the person typed, since nobody confirmed the address (docs/decisions/045-mail-to-unconfirmed-addresses.md).
 */
export function waitlistCancellationMail(
  entry: WaitingEntry,
  cancellation: DepartureCancellation,
  content: MailContent,
): MailMessage {
  return composeMail(
    'waitlistDepartureCancelled',
    {
      experience: entry.experience_title,
      date: formatDateInWords(entry.date),
      // As the booking mails say it (lib/trip-mail-values.ts): a fixed start time, never "Any time" beside it.
      time: tripTimeInWords({...entry, experience_id: cancellation.experience}, content),
      group: formatGroupInWords(entry.pax_adults ?? 0, entry.pax_children ?? 0),
      reason: cancellation.reason,
      options: {list: cancellation.alternatives.map((date) => formatDateInWords(date))},
    },
    content,
    {to: entry.email ?? ''},
  )
}

/** The cancellation's mail to one waiting person, once per entry. */
export const waitlistCancellationMailId = (entryId: string) => `${entryId}-departure-cancelled`

/** One traveller's mail: the editors' template, and for a confirmed trip the calendar's cancellation. */
function cancellationMail(
  booking: DepartureBooking,
  entry: StatusHistoryEntry,
  content: MailContent,
  decisions: DecisionDeps,
): MailMessage {
  const history = [...(booking.status_history ?? []), entry]
  const mail = composeMail(
    'departureCancelled',
    {
      ...bookingMailValues(booking, decisions.links),
      ...tripMailValues(booking, content),
      reason: entry.message ?? '',
      options: {list: (entry.options ?? []).map((option) => formatDateInWords(option.date))},
    },
    content,
    {to: booking.email ?? ''},
  )
  const calendar = wasConfirmedBefore(history, entry._key)
    ? calendarPartFor(
        {...booking, status_history: history},
        entry,
        'CANCEL',
        content,
        decisions.links,
      )
    : undefined
  return calendar ? {...mail, calendar} : mail
}

/** `POST /departures/cancel/preview`: the first traveller's mail as it would go, and how many go; nothing stored. */
export async function previewCancellation(
  deps: StaffDeps,
  decisions: DecisionDeps,
  body: unknown,
): Promise<HandlerResult> {
  const prepared = await prepare(deps, decisions, body, '')
  if ('status' in prepared) return prepared
  const first = prepared.entries.find((e) => e.mail)?.mail
  return {
    status: 200,
    body: {
      mail: first
        ? {to: first.to, subject: first.subject, text: first.text}
        : {to: '', subject: '', text: 'Nobody on this departure has an email address.'},
      travellers: prepared.entries.length,
    } satisfies CancellationPreviewAnswer,
  }
}

/**
 * `POST /departures/cancel`: closes the departure, moves each booking on it to `closed` with the cancellation in
 * its history (the alternatives as its options), and queues each traveller's mail, in one transaction guarded by
 * every booking's revision and the departure's lock: a confirmation, a new request's status change or another
 * cancellation at the same moment makes it fail whole, and staff look again.
 */
export async function cancelDeparture(
  deps: StaffDeps,
  decisions: DecisionDeps,
  body: unknown,
  by: ChangedBy,
): Promise<HandlerResult> {
  const prepared = await prepare(deps, decisions, body, by)
  if ('status' in prepared) return prepared
  const {cancellation, departure, entries, waiting} = prepared
  const at = entries[0]?.entry.at ?? deps.now().toISOString()
  const lockId = departureLockId(cancellation.experience, cancellation.date)
  const cancelledFields = {
    cancelled_at: at,
    cancelled_reason: cancellation.reason,
    cancelled_by: changedByFields(by).by,
    updated_at: at,
  }
  const transaction = deps.client.transaction()
  const lock = departure.snapshot.lock
  if (lock) transaction.patch(lockId, (p) => p.ifRevisionId(lock._rev).set(cancelledFields))
  else
    transaction.create({
      _id: lockId,
      _type: 'departure',
      experience_id: cancellation.experience,
      date: cancellation.date,
      ...cancelledFields,
    })
  for (const {booking, entry, mail} of entries) {
    transaction.patch(booking._id, (p) =>
      p
        .ifRevisionId(booking._rev)
        .set({status: 'closed'})
        .setIfMissing({status_history: []})
        .append('status_history', [entry]),
    )
    if (mail)
      transaction.createIfNotExists(outboxMailDocument(entry.mail_id!, mail, booking._id, at))
  }
  // The waitlist closes with the departure: each entry by its revision (an offer taken at the same moment makes the
  // whole cancellation fail, and staff look again), so the job never offers places on the cancelled date.
  for (const {entry, mail} of waiting) {
    transaction.patch(entry._id, (p) =>
      p.ifRevisionId(entry._rev).set({state: 'cancelled', cancelled_at: at}),
    )
    if (mail)
      transaction.createIfNotExists(
        outboxMailDocument(waitlistCancellationMailId(entry._id), mail, entry._id, at),
      )
  }
  // Resellers' holds and bookings end with it: a hold's places are released, and the reseller reads CANCELLED,
  // cancelled by the supplier, on its next GET (its confirmed booking's site booking is closed above).
  for (const octo of departure.snapshot.octo)
    transaction.patch(octo._id, (p) =>
      p.ifRevisionId(octo._rev).set({
        state: 'cancelled',
        cancelled_at: at,
        cancel_reason: `Cancelled by the supplier: ${cancellation.reason}`,
        updated_at: at,
      }),
    )
  if (deps.activity) transaction.create(deps.activity({}))
  try {
    await transaction.commit({visibility: 'sync'})
  } catch (error) {
    if (!isConflict(error)) throw error
    return {status: 409, body: {error: CHANGED_MESSAGE}}
  }
  deps.overview?.clear()
  decisions.queued()
  return {
    status: 200,
    body: {
      cancelled: entries.length,
      date: cancellation.date,
      experience: cancellation.experience,
    } satisfies CancellationAnswer,
  }
}

import {randomBytes} from 'node:crypto'

import {checkDeparture, departureLockId, departureSlots} from '@repo/schemas/capacity.ts'
import {CANCELLED_DEPARTURE_MESSAGE} from '@repo/schemas/departure-cancellation.ts'
import {
  BOOKING_LIFE_TITLES,
  bookingAllows,
  bookingLife,
  type BookingLifeState,
} from '@repo/schemas/departure-life.ts'
import {isWithinTripWindow, UNAVAILABLE_DATE_MESSAGE} from '@repo/schemas/experience-settings.ts'
import {formatDateInWords} from '@repo/schemas/format-date.ts'
import {addDays, todayInCapeTown} from '@repo/schemas/iso-date.ts'
import {
  decisionMailId,
  DECISION_LABELS,
  DECISION_MAIL,
  departureInWords,
  PROPOSABLE_DAYS,
  DECISION_STATUS,
  type StaffDecision,
  type StatusHistoryEntry,
  changedByFields,
  type ChangedBy,
  dateRuleProblem,
  proposableDepartures,
  type DecisionPreviewAnswer,
  type ProposableDatesAnswer,
} from '@repo/schemas/request-decisions.ts'
import type {BookingChanged, BookingConflict, StaffBooking} from '@repo/schemas/staff-bookings.ts'
import {
  staffDecisionSchema,
  type ProposedOption,
  type StaffDecisionRequest,
} from '@repo/schemas/staff-decision-schema.ts'
import {isConflict} from '@repo/schemas/lake-errors.ts'
import {z} from 'zod'

import {
  bookingMailValues,
  type BookingForMail,
  type RequestLinks,
} from '../lib/booking-mail-values.ts'
import {tripMailValues} from '../lib/trip-mail-values.ts'
import {calendarPartFor, wasConfirmedBefore} from '../lib/booking-calendar.ts'
import {
  bookableExperienceQuery,
  loadOpenRules,
  loadDepartureCounts,
} from '../lib/departure-loads.ts'
import {composeMail, type MailContent} from '../lib/mail-content.ts'
import {outboxMailDocument, type MailMessage} from '../lib/mailer.ts'
import {staffBookingByIdQuery} from './bookings-queries.ts'
import {confirmWithCapacity} from './confirm-booking.ts'
import type {HandlerResult, StaffDeps} from './staff-deps.ts'
import {departureCancelledAtQuery} from './queries/departure-cancelled-at-query.ts'

/**
 * Staff decisions on a booking request (docs/decisions/012-the-request-loop.md): Confirm, Decline with a reason,
 * Propose other dates, Ask a question. Each is one action: the status, a history entry saying who decided what and
 * what the traveller was told, and the traveller's mail (from the editors' template) are committed in one transaction
 * guarded by the booking's revision, so a decision is never stored without its mail, nor its mail queued for a
 * decision that lost a race. The outbox sends the mail once, with retries, as it does every mail
 * (functions/lib/mailer.ts).
 */
export type DecisionDeps = {
  mailContent: () => Promise<MailContent>
  links: RequestLinks
  /** Tells the outbox there is mail to send now rather than at its next pass. */
  queued: () => void
}

/** The fields of a booking a decision reads. */
type Booking = Pick<
  StaffBooking,
  | '_id'
  | '_rev'
  | 'booking_ref'
  | 'status'
  | 'experience_id'
  | 'experience_title'
  | 'date'
  | 'preferred_time'
  | 'pax_adults'
  | 'pax_children'
  | 'pax_total'
  | 'name'
  | 'email'
  | 'status_history'
  | 'anonymised_at'
>

const CHANGED_MESSAGE = 'This booking was changed by someone else.'

const badRequest = (error: z.ZodError): HandlerResult => ({
  status: 400,
  body: {error: 'Invalid decision', fieldErrors: z.flattenError(error).fieldErrors},
})

const newKey = () => randomBytes(6).toString('hex')

/**
 * Proposed dates must be ones a traveller could book: the experience's rules (lead time, blackouts, the trip
 * window, its time slots) and, for a group of this size, places left. The same rules as the booking dialog.
 */
async function optionProblems(
  deps: StaffDeps,
  booking: Booking,
  options: ProposedOption[],
): Promise<string[]> {
  const today = todayInCapeTown(deps.now())
  const experience =
    deps.content && booking.experience_id
      ? await deps.content.fetch(bookableExperienceQuery, {
          id: booking.experience_id,
        })
      : null
  if (!experience || !deps.content)
    return options
      .filter((option) => option.date < today || !isWithinTripWindow(option.date, today))
      .map(
        (option) => `${formatDateInWords(option.date)} cannot be offered: it is not a date ahead.`,
      )
  const dates = options.map((option) => option.date).sort()
  const rules = await loadOpenRules(deps.content, deps.client, experience, {
    from: dates[0]!,
    to: dates.at(-1)!,
  })
  const counts = experience.isBespoke
    ? new Map()
    : await loadDepartureCounts(deps.client, rules, {
        experience: booking.experience_id!,
        from: dates[0]!,
        to: dates.at(-1)!,
      })
  const problems: string[] = []
  for (const option of options) {
    const words = departureInWords(option)
    if (option.preferred_time && !departureSlots(rules).includes(option.preferred_time)) {
      problems.push(`${words}: ${experience.title} has no such time.`)
      continue
    }
    const rule = dateRuleProblem(rules, option.date, today)
    if (rule) {
      problems.push(`${words}: ${rule}`)
      continue
    }
    // A bespoke itinerary is planned around the traveller: never limited by places.
    if (experience.isBespoke) continue
    const check = checkDeparture(
      rules,
      {date: option.date, slot: option.preferred_time},
      booking.pax_total ?? 0,
      counts,
      today,
      UNAVAILABLE_DATE_MESSAGE,
    )
    if (!check.ok) problems.push(`${words}: ${check.message}`)
  }
  return problems
}

/**
 * `GET /api/staff/bookings/:id/proposable-dates`: every departure in the next 90 days a traveller could book for
 * this booking's group (the experience's rules and places left), the booking's own departure left out. The
 * dashboard's picker offers only these; `decideBooking` checks again when staff send the proposal.
 */
export async function listProposableDates(deps: StaffDeps, id: string): Promise<HandlerResult> {
  const booking = await deps.client.fetch(staffBookingByIdQuery, {id})
  if (!booking) return {status: 404, body: {error: 'Booking not found'}}
  const experience =
    deps.content && booking.experience_id
      ? await deps.content.fetch(bookableExperienceQuery, {
          id: booking.experience_id,
        })
      : null
  if (!experience || !deps.content)
    return {status: 409, body: {error: 'This booking’s experience is no longer on the site.'}}
  const today = todayInCapeTown(deps.now())
  const to = addDays(today, PROPOSABLE_DAYS)
  const rules = await loadOpenRules(deps.content, deps.client, experience, {from: today, to})
  const counts = experience.isBespoke
    ? new Map()
    : await loadDepartureCounts(deps.client, rules, {
        experience: booking.experience_id!,
        from: today,
        to,
      })
  const dates = proposableDepartures(
    rules,
    {...booking, pax: booking.pax_total ?? 0, bespoke: experience.isBespoke === true},
    counts,
    today,
  )
  return {status: 200, body: {dates} satisfies ProposableDatesAnswer}
}

type Prepared = {entry: StatusHistoryEntry; mail: MailMessage; mailId: string}

/** A history entry that records a staff decision, and so names the mail it sends. */
export type DecisionEntry = StatusHistoryEntry & {action: StaffDecision}

/**
 * The traveller's mail of a decision, from the booking and the decision's history entry (what the traveller is
 * told, the dates proposed), composed as the staff API decides (and for its preview).
 */
export function decisionMail(
  booking: BookingForMail,
  entry: DecisionEntry,
  content: MailContent,
  links: RequestLinks,
): MailMessage {
  const message = entry.message ?? ''
  const mail = composeMail(
    DECISION_MAIL[entry.action],
    {
      ...bookingMailValues(booking, links),
      ...tripMailValues(booking, content),
      ...(entry.action === 'decline' ? {reason: message} : {}),
      ...(message && entry.action !== 'decline' ? {message} : {}),
      ...(entry.action === 'propose' && entry.options
        ? {options: {list: entry.options.map(departureInWords)}}
        : {}),
    },
    content,
    {to: booking.email ?? ''},
  )
  const calendar = decisionCalendar(booking, entry, content, links)
  return calendar ? {...mail, calendar} : mail
}

/** A confirmation invites to the trip; a decline of a trip confirmed before cancels its invitation. */
function decisionCalendar(
  booking: BookingForMail,
  entry: DecisionEntry,
  content: MailContent,
  links: RequestLinks,
) {
  if (entry.action === 'confirm') return calendarPartFor(booking, entry, 'REQUEST', content, links)
  if (entry.action === 'decline' && wasConfirmedBefore(booking.status_history, entry._key))
    return calendarPartFor(booking, entry, 'CANCEL', content, links)
  return undefined
}

/** The history entry and the traveller's mail of a decision, not yet stored. */
async function prepare(
  deps: StaffDeps,
  decisions: DecisionDeps,
  booking: Booking,
  decision: StaffDecisionRequest,
  by: ChangedBy,
): Promise<Prepared> {
  const key = newKey()
  const options =
    decision.decision === 'propose'
      ? decision.options.map((option) => ({...option, _key: newKey()}))
      : undefined
  const message = decision.decision === 'decline' ? decision.reason : decision.message
  const mailId = decisionMailId(booking._id, decision.decision, key)
  const entry: DecisionEntry = {
    _key: key,
    _type: 'statusChange',
    status: DECISION_STATUS[decision.decision],
    at: deps.now().toISOString(),
    ...changedByFields(by),
    action: decision.decision,
    ...(message ? {message} : {}),
    ...(options ? {options} : {}),
    mail_id: mailId,
  }
  const mail = decisionMail(booking, entry, await decisions.mailContent(), decisions.links)
  return {entry, mail, mailId}
}

/** Why a decision is refused in this state, in words staff act on. */
const notAllowedMessage = (life: BookingLifeState, decision: StaffDecision, cancelled: boolean) =>
  life === 'erased'
    ? 'This booking’s personal details were erased: nothing can be sent for it.'
    : cancelled && life !== 'cancelled-by-us'
      ? `${CANCELLED_DEPARTURE_MESSAGE} Decline it, or ask the traveller by mail.`
      : life === 'cancelled-by-us'
        ? 'Its departure was cancelled and the traveller has not answered yet: they move or accept from their page.'
        : `${DECISION_LABELS[decision]} is not possible while the booking is ${BOOKING_LIFE_TITLES[life].toLowerCase()}.`

async function load(deps: StaffDeps, id: string, revision: string) {
  const booking = await deps.client.fetch(staffBookingByIdQuery, {id})
  if (!booking) return {result: {status: 404, body: {error: 'Booking not found'}} as HandlerResult}
  if (booking._rev !== revision)
    return {result: {status: 409, body: {error: CHANGED_MESSAGE, booking}} as HandlerResult}
  if (!booking.email)
    return {
      result: {
        status: 409,
        body: {error: 'This booking has no email address to send the decision to.', booking},
      } as HandlerResult,
    }
  return {booking}
}

async function check(
  deps: StaffDeps,
  id: string,
  body: unknown,
): Promise<{result: HandlerResult} | {booking: Booking; decision: StaffDecisionRequest}> {
  const parsed = staffDecisionSchema.safeParse(body)
  if (!parsed.success) return {result: badRequest(parsed.error)}
  const decision = parsed.data
  const loaded = await load(deps, id, decision.revision)
  if (!loaded.booking) return {result: loaded.result}
  const booking = loaded.booking
  if (decision.decision === 'confirm' && booking.status === 'confirmed')
    return {result: {status: 409, body: {error: 'This booking is already confirmed.', booking}}}
  // The model decides what a booking in its state takes (schemas/src/departure-life.ts): nothing once erased, and
  // no decision for the traveller while they answer a departure's cancellation.
  const life = bookingLife(booking)
  const cancelled =
    booking.experience_id && booking.date
      ? await deps.client.fetch(departureCancelledAtQuery, {
          id: departureLockId(booking.experience_id, booking.date),
        })
      : null
  if (!bookingAllows(life, decision.decision, cancelled ? 'cancelled' : undefined))
    return {
      result: {
        status: 409,
        body: {error: notAllowedMessage(life, decision.decision, Boolean(cancelled)), booking},
      },
    }
  if (decision.decision === 'propose') {
    const problems = await optionProblems(deps, booking, decision.options)
    if (problems.length)
      return {
        result: {
          status: 400,
          body: {error: problems.join(' '), fieldErrors: {options: problems}},
        },
      }
  }
  return {booking, decision}
}

/** `POST /api/staff/bookings/:id/decision/preview`: the mail a decision would send, nothing stored. */
export async function previewDecision(
  deps: StaffDeps,
  decisions: DecisionDeps,
  id: string,
  body: unknown,
): Promise<HandlerResult> {
  const checked = await check(deps, id, body)
  if ('result' in checked) return checked.result
  const {mail} = await prepare(deps, decisions, checked.booking, checked.decision, '')
  return {
    status: 200,
    body: {
      mail: {to: mail.to, subject: mail.subject, text: mail.text},
    } satisfies DecisionPreviewAnswer,
  }
}

/** `POST /api/staff/bookings/:id/decision`: stores the decision with its mail, in one transaction. */
export async function decideBooking(
  deps: StaffDeps,
  decisions: DecisionDeps,
  id: string,
  body: unknown,
  by: ChangedBy,
): Promise<HandlerResult> {
  const checked = await check(deps, id, body)
  if ('result' in checked) return checked.result
  const {booking, decision} = checked
  const {entry, mail, mailId} = await prepare(deps, decisions, booking, decision, by)
  const mailDocument = outboxMailDocument(mailId, mail, booking._id, entry.at)

  if (decision.decision === 'confirm') {
    // Through the departure's places, as every confirmation (confirm-booking.ts); the mail rides in its transaction.
    const {_key, action, mail_id, message} = entry
    const confirmed = await confirmWithCapacity(
      deps,
      id,
      decision.revision,
      by,
      decision.confirmAnyway === true,
      {entry: {_key, action, mail_id, ...(message ? {message} : {})}, documents: [mailDocument]},
    )
    if (confirmed) {
      if (confirmed.status === 200) decisions.queued()
      return confirmed
    }
  }

  try {
    const transaction = deps.client
      .transaction()
      .patch(id, (patch) =>
        patch
          .ifRevisionId(decision.revision)
          .set({status: entry.status})
          .setIfMissing({status_history: []})
          .append('status_history', [entry]),
      )
      .createIfNotExists(mailDocument)
    if (deps.activity) transaction.create(deps.activity({booking: {id, ref: booking.booking_ref}}))
    await transaction.commit({visibility: 'sync'})
  } catch (error) {
    if (!isConflict(error)) throw error
    const latest = await deps.client.fetch(staffBookingByIdQuery, {id})
    return {status: 409, body: {error: CHANGED_MESSAGE, booking: latest} satisfies BookingConflict}
  }
  deps.overview?.clear()
  decisions.queued()
  const updated = await deps.client.fetch(staffBookingByIdQuery, {id})
  if (!updated) return {status: 404, body: {error: 'Booking not found'}}
  return {status: 200, body: {booking: updated} satisfies BookingChanged}
}

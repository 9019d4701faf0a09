import {bookingStatusTitle, type BookingStatus} from './booking-status.ts'
import {checkDeparture, departureSlotOf, departureSlots, type BookingRules} from './capacity.ts'
import {
  earliestBookableDate,
  isDateAvailable,
  isWithinTripWindow,
  UNAVAILABLE_DATE_MESSAGE,
} from './experience-settings.ts'
import {formatDateInWords, formatLongDateTime} from './format-date.ts'
import {addDays} from './iso-date.ts'
import type {MailTemplateKind} from './mail-templates.ts'
import type {ProposedOption} from './staff-decision-schema.ts'

/**
 * The request loop (docs/decisions/012-the-request-loop.md): what staff decide about a booking request, what the
 * traveller does in answer, and how each is recorded in the booking's `status_history`. Shared by the staff API, the
 * studio's document actions, the dashboard's forms and the traveller's request page, so all four agree on statuses,
 * mails and messages.
 */

/** What staff decide, in one action each. */
export const STAFF_DECISIONS = ['confirm', 'decline', 'propose', 'question'] as const
export type StaffDecision = (typeof STAFF_DECISIONS)[number]

/** What a traveller does from their request page. */
export const TRAVELLER_ACTIONS = ['accept', 'withdraw'] as const
export type TravellerAction = (typeof TRAVELLER_ACTIONS)[number]

/** A departure cancelled for the weather, and the traveller's answer (departure-cancellation.ts). */
export type DepartureAction = 'cancel-departure' | 'move' | 'accept-cancellation'

/** The booking desk's changes (booking-desk.ts): a booking staff entered, its trip changed, a departure's message. */
export type DeskAction = 'desk-created' | 'desk-changed' | 'departure-message'

export type RequestAction = StaffDecision | TravellerAction | DepartureAction | DeskAction

export const DECISION_LABELS: Record<StaffDecision, string> = {
  confirm: 'Confirm',
  decline: 'Decline',
  propose: 'Propose other dates',
  question: 'Ask a question',
}

/** The status each decision leaves the booking in. */
export const DECISION_STATUS: Record<StaffDecision, BookingStatus> = {
  confirm: 'confirmed',
  decline: 'declined',
  propose: 'contacted',
  question: 'contacted',
}

/** The traveller's mail each decision sends. */
export const DECISION_MAIL: Record<StaffDecision, MailTemplateKind> = {
  confirm: 'confirmation',
  decline: 'decline',
  propose: 'proposal',
  question: 'question',
}

/** How the history reads each action, to staff and to the traveller. */
export const ACTION_TITLES: Record<RequestAction, string> = {
  'confirm': 'Confirmed',
  'decline': 'Declined',
  'propose': 'Other dates proposed',
  'question': 'Question from the team',
  'accept': 'Proposed date accepted',
  'withdraw': 'Withdrawn by the traveller',
  'cancel-departure': 'Departure cancelled by the team',
  'move': 'Moved to another date by the traveller',
  'accept-cancellation': 'Cancellation accepted by the traveller',
  'desk-created': 'Booked by the team (phone or desk)',
  'desk-changed': 'Date or group changed by the team',
  'departure-message': 'Message to the departure',
}

/** How far ahead a proposal may go: the dashboard's and the studio's pickers offer the next 90 days. */
export const PROPOSABLE_DAYS = 90

/** "Thursday 17 December 2026, Morning": a departure (a proposed option, an accepted date) as people read it. */
export const departureInWords = (departure: {date: string; preferred_time?: string | null}) =>
  [formatDateInWords(departure.date), departure.preferred_time].filter(Boolean).join(', ')

/** Which of an experience's date rules a proposed date breaks, in words staff act on; null when none. */
export function dateRuleProblem(rules: BookingRules, date: string, today: string): string | null {
  if (!isWithinTripWindow(date, today)) return 'not a date ahead within the next two years.'
  if (date < earliestBookableDate(rules, today))
    return `inside the ${rules.leadTimeDays} days’ notice this experience needs.`
  if (!isDateAvailable(date, rules, today)) return 'a blackout date for this experience.'
  return null
}

export type ProposableDeparture = ProposedOption & {
  /** Places left for the booking's group; null for a bespoke itinerary, which places never limit. */
  left: number | null
}

/** `GET /api/staff/bookings/:id/proposable-dates`: what the dashboard's proposal picker offers. */
export type ProposableDatesAnswer = {dates: ProposableDeparture[]}

/** `POST /api/staff/bookings/:id/decision/preview`: the mail a decision would send; nothing is stored. */
export type DecisionMailPreview = {to: string; subject: string; text: string}
export type DecisionPreviewAnswer = {mail: DecisionMailPreview}

/**
 * Every departure of the next 90 days a traveller could book for this booking's group: the experience's date
 * rules and, unless it is bespoke, places left (`counts` over that range). The booking's own departure is left
 * out. What the dashboard's and the studio's pickers offer.
 */
export function proposableDepartures(
  rules: BookingRules,
  booking: {date?: string | null; preferred_time?: string | null; pax: number; bespoke: boolean},
  counts: Map<string, {taken: number; requested: number}>,
  today: string,
): ProposableDeparture[] {
  const ownSlot = departureSlotOf(rules, booking.preferred_time)
  const to = addDays(today, PROPOSABLE_DAYS)
  const departures: ProposableDeparture[] = []
  for (let date = today; date <= to; date = addDays(date, 1)) {
    if (dateRuleProblem(rules, date, today)) continue
    for (const slot of departureSlots(rules)) {
      if (date === booking.date && slot === ownSlot) continue
      if (booking.bespoke) {
        departures.push({date, preferred_time: slot, left: null})
        continue
      }
      const check = checkDeparture(
        rules,
        {date, slot},
        booking.pax,
        counts,
        today,
        UNAVAILABLE_DATE_MESSAGE,
      )
      if (check.ok) departures.push({date, preferred_time: slot, left: check.left})
    }
  }
  return departures
}

/**
 * The mail of one step of the request (a staff decision, or the traveller's answer), named after its history
 * entry: the same whether the staff API, the studio or the request page stored it (outbox document `mail-<id>`).
 */
export const decisionMailId = (bookingId: string, action: RequestAction, entryKey: string) =>
  `${bookingId}-${action}-${entryKey}`

/**
 * One entry of `status_history`. A plain status change (the dropdown, "Mark as Contacted") has no `action`; a
 * decision or a traveller's action says which, what the traveller was told (`message`: a decline's reason, a
 * question, a proposal's note), the dates proposed or accepted, and the mail it sent. `note` stays internal.
 */
export type StatusHistoryEntry = {
  _key: string
  _type: 'statusChange'
  status: BookingStatus
  at: string
  /** Who: a staff member's name, an editor's (studio), or `website` / the traveller. */
  by?: string
  /**
   * Who, by a lasting id, so a renamed person is still found: a staff member's account id, or `sanity:` and the
   * studio user's id when an editor did it in the studio.
   */
  by_id?: string
  note?: string
  action?: RequestAction
  message?: string
  options?: (ProposedOption & {_key: string})[]
  mail_id?: string
}

/** Who changed a request: a name alone (the website, the traveller), or a person's name and lasting id. */
export type ChangedBy = string | {name: string; id: string}

/** The history entry's `by` and `by_id` for whoever changed it. */
export const changedByFields = (by: ChangedBy): {by: string; by_id?: string} =>
  typeof by === 'string' ? {by} : {by: by.name, by_id: by.id}

/**
 * The proposal the traveller may still accept: the newest `propose` entry, unless something settled the request
 * since (an acceptance, another decision that is not a question, a withdrawal).
 */
export function openProposal(
  history: readonly StatusHistoryEntry[] | null | undefined,
): StatusHistoryEntry | null {
  const entries = history ?? []
  for (let index = entries.length - 1; index >= 0; index--) {
    const entry = entries[index]!
    if (entry.action === 'propose') return entry.options?.length ? entry : null
    if (entry.action && entry.action !== 'question') return null
    // A plain status change that settles the request (staff confirmed or closed it by hand) ends the offer too.
    if (!entry.action && entry.status !== 'contacted' && entry.status !== 'new') return null
  }
  return null
}

/**
 * What someone else did to a booking after the person saw it: the history entries of `current` that `seen` did not
 * have, each in words ("Declined by Owner, 21 January 2030, 11:30 SAST: No guide that day."). A refused decision
 * shows these, so staff know who decided what before they decide again.
 */
export function changesSince(
  seen: readonly StatusHistoryEntry[] | null | undefined,
  current: readonly StatusHistoryEntry[] | null | undefined,
): string[] {
  const known = new Set((seen ?? []).map((entry) => entry._key))
  return (current ?? [])
    .filter((entry) => !known.has(entry._key))
    .map((entry) => {
      const title = entry.action
        ? ACTION_TITLES[entry.action]
        : `Status set to ${bookingStatusTitle(entry.status)}`
      const who = entry.by && !/ by /.test(title) ? ` by ${entry.by}` : ''
      const message = entry.message ? `: ${entry.message}` : ''
      return `${title}${who}, ${formatLongDateTime(entry.at)}${message}`
    })
}

/** Statuses from which the traveller can no longer withdraw: nothing is open any more. */
export const SETTLED_STATUSES: readonly BookingStatus[] = ['declined', 'closed']

export const canWithdraw = (status: string) =>
  !(SETTLED_STATUSES as readonly string[]).includes(status)

/** What a traveller's acceptance of a proposed date leaves the booking in: an editor's choice in site settings. */
export const ACCEPTED_PROPOSAL_STATUSES = [
  {value: 'confirmed', title: 'Confirmed at once (the proposed date was held for them)'},
  {value: 'contacted', title: 'Back to staff to confirm'},
] as const
export type AcceptedProposalStatus = (typeof ACCEPTED_PROPOSAL_STATUSES)[number]['value']
export const DEFAULT_ACCEPTED_PROPOSAL_STATUS: AcceptedProposalStatus = 'confirmed'

/**
 * What the traveller's private page receives of their request (`GET /api/requests/:token`), and nothing more: the
 * server builds it from an explicit list of fields (functions/traveller-request/request-view.ts).
 */
export type TravellerOption = {key: string; date: string; time: string}

export type TravellerHistoryEntry = {
  key: string
  at: string
  status: string
  title: string
  action?: RequestAction
  /** What the team told the traveller (a question, a decline's reason, a proposal's note). */
  message?: string
  options?: TravellerOption[]
}

export type TravellerRequestView = {
  reference: string
  experience: string
  date: string
  time: string
  group: string
  status: string
  statusTitle: string
  /** "Saturday 28 November 2026, 09:00 SAST" when the experience gives a start time; empty otherwise. */
  start: string
  /** When the trip starts, in the one line every place shows (format-date.ts `formatTripWhen`). */
  when: string
  /** Where to meet the guide, as editors keep it on the experience; null when it gives none. */
  meetingPoint: {name: string; address: string; mapLink: string | null} | null
  /** "Add to calendar" while the trip is confirmed: the page's own `.ics` file and a Google Calendar link. */
  calendar: {googleLink: string} | null
  history: TravellerHistoryEntry[]
  /** The dates the team proposed that the traveller may still accept; null when none is open. */
  proposal: {key: string; message?: string; options: TravellerOption[]} | null
  /**
   * The team cancelled the departure (weather, conditions) and the traveller has not answered yet: why, and the
   * dates offered instead, each with whether it still has room for the group. Null otherwise.
   */
  cancellation: {
    key: string
    reason: string
    options: (TravellerOption & {open: boolean})[]
  } | null
  canWithdraw: boolean
}

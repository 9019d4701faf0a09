import type {BookingStatus} from './booking-status.ts'
import {departuresOn, type BookingRules} from './capacity.ts'
import {formatDateInWords} from './format-date.ts'
import {addDays, daysBetween, isIsoDate} from './iso-date.ts'
import {dateRuleProblem, PROPOSABLE_DAYS, type StatusHistoryEntry} from './request-decisions.ts'

/**
 * Cancelling a departure (an experience on a date) for the weather or the conditions: staff give a reason and up
 * to three other dates; every traveller on it is told, and each either moves to one of those dates or accepts the
 * cancellation from their request page. Shared by the staff API, the dashboard's dialog and the request page;
 * the requests' zod schemas are in departure-cancellation-schema.ts, so the pages that only show a cancellation
 * load no validation library.
 */

export const MAX_ALTERNATIVES = 3
export const REASON_MAX = 200
export const REASON_MESSAGE = 'Say why the departure is cancelled: the travellers read it.'

/** The history's actions: staff cancel the departure; the traveller moves or accepts. */
export const CANCEL_DEPARTURE_ACTION = 'cancel-departure'
export const MOVE_ACTION = 'move'
export const ACCEPT_CANCELLATION_ACTION = 'accept-cancellation'

/** A date staff may offer instead, with the places it has left (the dialog shows them). */
export type AlternativeDeparture = {date: string; left: number}

/** `GET /api/staff/departures/alternatives`: the open dates with places, for the dialog's picker. */
export type AlternativesAnswer = {dates: AlternativeDeparture[]}

/** The preview: one of the mails as the travellers will get it, and how many go. */
export type CancellationPreviewAnswer = {
  mail: {to: string; subject: string; text: string}
  travellers: number
}

/** What cancelling did. */
export type CancellationAnswer = {cancelled: number; date: string; experience: string}

/**
 * The cancellation the traveller may still answer: the newest history entry, when it is a departure's
 * cancellation. Anything after it (their answer, a staff decision) settles it.
 */
export function openCancellation(
  history: readonly StatusHistoryEntry[] | null | undefined,
): StatusHistoryEntry | null {
  const last = history?.at(-1)
  return last?.action === CANCEL_DEPARTURE_ACTION ? last : null
}

/** The status a booking had before the entry `key`: a move gives it back (a request stays a request). */
export function statusBefore(
  history: readonly StatusHistoryEntry[] | null | undefined,
  key: string,
): BookingStatus {
  const entries = history ?? []
  const index = entries.findIndex((entry) => entry._key === key)
  return (index > 0 ? entries[index - 1]!.status : 'new') ?? 'new'
}

/**
 * The rules with cancelled departures closed: a date's capacity change to 0 places, the editors' own way of
 * closing a day, so every count, check and offer built on the rules leaves it out.
 */
export function withCancelledDates(rules: BookingRules, dates: readonly string[]): BookingRules {
  if (dates.length === 0) return rules
  return {
    ...rules,
    capacityOverrides: [
      ...dates.map((date) => ({date, capacity: 0})),
      ...rules.capacityOverrides.filter((override) => !dates.includes(override.date)),
    ],
  }
}

/** Statuses a move gives back; anything else (a booking already settled) is not moved. */
export const MOVABLE_STATUSES: readonly BookingStatus[] = ['new', 'contacted', 'confirmed']

/** How far ahead other dates are offered: as far as staff may propose dates (the next 90 days). */
export const ALTERNATIVE_DAYS = PROPOSABLE_DAYS

/** The places a day has left for a group: the day as a whole (the last of its departures). */
export function dayPlacesLeft(
  rules: BookingRules,
  date: string,
  counts: Map<string, {taken: number; requested: number}>,
): number {
  return departuresOn(rules, date, counts).at(-1)?.left ?? 0
}

/**
 * The dates a cancelled departure's travellers may be offered: open by the experience's rules (lead time,
 * blackouts, cancelled dates closed by `withCancelledDates`) in the next 90 days, with room for the largest group
 * on it; the cancelled date itself never. Nearest to it first, with the places each has left.
 */
export function alternativeDepartures(
  rules: BookingRules,
  cancelled: {date: string; largestGroup: number},
  counts: Map<string, {taken: number; requested: number}>,
  today: string,
): AlternativeDeparture[] {
  const dates: AlternativeDeparture[] = []
  const to = addDays(today, ALTERNATIVE_DAYS)
  for (let date = today; date <= to; date = addDays(date, 1)) {
    if (date === cancelled.date || dateRuleProblem(rules, date, today)) continue
    const left = dayPlacesLeft(rules, date, counts)
    if (left > 0 && left >= cancelled.largestGroup) dates.push({date, left})
  }
  // Nearest to the cancelled date first (the earlier of two as near), as the booking dialog's alternatives.
  const distance = (date: string) => Math.abs(daysBetween(cancelled.date, date))
  return dates.sort((a, b) => distance(a.date) - distance(b.date) || a.date.localeCompare(b.date))
}

/** What the traveller is told after their answer (the API's message, and the page after a form's redirect). */
export const CANCELLATION_CLOSED_MESSAGE =
  'You have already answered this cancellation, or the team has changed your booking since. The page shows where it stands.'
export const NOT_OFFERED_MESSAGE =
  'This date is not one of those offered. Choose one of the dates below.'
/** Staff asked to confirm a booking on a cancelled departure (departure-life.ts: it takes no one). */
export const CANCELLED_DEPARTURE_MESSAGE =
  'This departure is cancelled: nothing can be confirmed on it or moved onto it.'
/** A traveller chose a date that was cancelled since it was offered. */
export const cancelledDateMessage = (date: string) =>
  `We have cancelled ${formatDateInWords(date)} for the weather or the conditions, so it can no longer be chosen. Reply to our mail and we will find you another date.`
export const BUSY_MESSAGE = 'We could not save this just now. Please try again in a moment.'
export const fullMessage = (date: string) =>
  `${formatDateInWords(date)} has just filled up. Please choose one of the other dates, or accept the cancellation.`

/** The page's words for an answer (`?answer=` or `?refused=` after the form's redirect); null for anything else. */
export function choiceOutcomeMessage(
  search: URLSearchParams,
): {title: string; text: string; variant: 'success' | 'destructive'} | null {
  const date = search.get('date') ?? ''
  const answer = search.get('answer')
  if (answer === 'moved' && isIsoDate(date))
    return {
      title: 'Moved',
      text: `Your booking is now on ${formatDateInWords(date)}. If it was confirmed, we have emailed you the confirmation with the new date for your calendar.`,
      variant: 'success',
    }
  if (answer === 'accepted')
    return {
      title: 'Cancellation accepted',
      text: 'Your booking is cancelled. Nothing more is needed from you; we are sorry we could not take you this time.',
      variant: 'success',
    }
  const refused = search.get('refused')
  const text =
    refused === 'full' && isIsoDate(date)
      ? fullMessage(date)
      : refused === 'closed'
        ? CANCELLATION_CLOSED_MESSAGE
        : refused === 'stale'
          ? NOT_OFFERED_MESSAGE
          : refused === 'busy'
            ? BUSY_MESSAGE
            : null
  return text ? {title: 'Not changed', text, variant: 'destructive'} : null
}

import {BOOKING_LIFE_TITLES, bookingLife, type BookingLifeState} from './departure-life.ts'
import type {StatusHistoryEntry} from './request-decisions.ts'

/**
 * Where a request stands, in the traveller's words (their request page, their data copy), for each state of the
 * booking's life (departure-life.ts): the team's words ("Contacted", "Closed") are the team's working words, and
 * "Closed" alone hides whether the traveller withdrew, cancelled a confirmed trip or the team cancelled the departure.
 */
const TRAVELLER_WORDS: Record<BookingLifeState, (wasConfirmed: boolean) => string> = {
  'requested': () => 'Received: we are checking with our guides',
  'contacted': () => 'In discussion with our team',
  'proposed': () => 'Other dates proposed: please choose one',
  'confirmed': () => 'Confirmed',
  'declined': (wasConfirmed) =>
    wasConfirmed ? 'Cancelled by us' : 'Not available: we could not offer it',
  'withdrawn': (wasConfirmed) => (wasConfirmed ? 'Cancelled by you' : 'Withdrawn by you'),
  'cancelled-by-us': () => BOOKING_LIFE_TITLES['cancelled-by-us'],
  'cancellation-accepted': () => 'Cancelled by us: the departure did not go ahead',
  'closed': () => 'No longer open',
  'erased': () => 'Your details have been erased',
}

/** What the words read of a history entry: a data copy carries the entries as they were stored, perhaps older. */
export type TravellerHistoryEntry = Pick<
  Partial<StatusHistoryEntry>,
  'status' | 'action' | 'options'
>

export function travellerStatusTitle(
  status: string,
  history: readonly TravellerHistoryEntry[] = [],
): string {
  const wasConfirmed = history.slice(0, -1).some((entry) => entry.status === 'confirmed')
  // The life reads only these three fields of each entry.
  const status_history = history as readonly StatusHistoryEntry[]
  return TRAVELLER_WORDS[bookingLife({status, status_history})](wasConfirmed)
}

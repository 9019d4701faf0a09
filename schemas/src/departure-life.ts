import {bookingStatusTitle} from './booking-status.ts'
import {openCancellation} from './departure-cancellation.ts'
import {openProposal, type RequestAction, type StatusHistoryEntry} from './request-decisions.ts'
import type {WaitlistState} from './waitlist-entries.ts'

/**
 * The life of a departure (an experience on a date, in a slot) and of the bookings and waitlist entries on it: its
 * states, the moves between them, and what each actor may do in each (docs/booking-life.md, decision 160). Features
 * ask this module what they may do instead of deciding for themselves: the site's availability and booking requests,
 * the waitlist's join, offers and take-offer, staff decisions, the departure's cancellation, moves and proposals, and
 * the departures view. Plain functions and constants: the site, the dashboard and the functions all load it.
 */

// ---------------------------------------------------------------------------------------------------------------
// The departure

/**
 * `open`: asks are taken. `full`: no place left for the group (its waitlist takes joins). `blackout`: the rules
 * close the date (an editor's blackout, a capacity of 0, the lead time). `cancelled`: staff cancelled it for the
 * weather or conditions; nothing on it opens again. `past`: it has left.
 */
export const DEPARTURE_STATES = ['open', 'full', 'blackout', 'cancelled', 'past'] as const
export type DepartureState = (typeof DEPARTURE_STATES)[number]

export const DEPARTURE_STATE_TITLES: Record<DepartureState, string> = {
  open: 'Open',
  full: 'Fully booked',
  blackout: 'Closed',
  cancelled: 'Cancelled by us',
  past: 'Past',
}

/** Who moves a departure from one state to another; `cancelled` leads nowhere but `past`. */
export const DEPARTURE_TRANSITIONS: Record<DepartureState, readonly DepartureState[]> = {
  open: ['full', 'blackout', 'cancelled', 'past'],
  full: ['open', 'blackout', 'cancelled', 'past'],
  blackout: ['open', 'full', 'cancelled', 'past'],
  cancelled: ['past'],
  past: [],
}

/** What is known of a departure: the first that holds decides its state (a cancelled date stays cancelled). */
export type DepartureFacts = {
  date: string
  /** Cape Town's date (`todayInCapeTown`). */
  today: string
  /** Its lock document's `cancelled_at` is set. */
  cancelled: boolean
  /** The rules allow the date (lead time, blackouts, the trip window, a capacity above 0). */
  available: boolean
  /** Places left for a group after every part of the count (confirmed, requested as the product counts them, held). */
  left: number
  /** The group asking; 1 when nobody in particular asks. */
  pax?: number
}

export function departureState(facts: DepartureFacts): DepartureState {
  if (facts.date < facts.today) return 'past'
  if (facts.cancelled) return 'cancelled'
  if (!facts.available) return 'blackout'
  if (facts.left <= 0 || facts.left < (facts.pax ?? 1)) return 'full'
  return 'open'
}

/**
 * What may happen on a departure, by whom: a traveller's request, the waitlist job's offer, taking an offer, a move
 * or accepted proposal onto it, staff proposing it; joining its waitlist; staff confirming a booking on it.
 */
export type DepartureUse =
  'request' | 'offer' | 'take-offer' | 'move' | 'propose' | 'join-waitlist' | 'confirm'

const USES: Record<DepartureUse, readonly DepartureState[]> = {
  // Anything that adds someone to the departure needs a place for them.
  'request': ['open'],
  'offer': ['open'],
  'move': ['open'],
  'propose': ['open'],
  // Taking an offer uses the places the offer already holds, so a departure full of them still takes it.
  'take-offer': ['open', 'full'],
  // A waitlist is for a departure that is full, and will run.
  'join-waitlist': ['full'],
  // Staff confirm what is asked for on a departure that runs, even beyond its places ("Confirm anyway").
  'confirm': ['open', 'full', 'blackout'],
}

/** Whether `use` may happen on a departure in `state`. A cancelled or past departure takes nothing. */
export const departureAllows = (state: DepartureState, use: DepartureUse): boolean =>
  USES[use].includes(state)

// ---------------------------------------------------------------------------------------------------------------
// Places

/** One departure's count, its parts labelled; the same numbers on the site, the dashboard and the CSV. */
export type PlacesCount = {
  capacity: number
  /** Confirmed bookings' places. */
  confirmed: number
  /** Requests staff have not decided (`new`, `contacted`): shown, not taken. */
  requested: number
  /** Places a waitlist offer holds, and the request made from it until staff decide it. */
  held: number
  /** confirmed + held: what no one else may ask for. */
  taken: number
  left: number
}

/** The count from its parts: what is taken is what is confirmed and what is held. */
export function placesCount(parts: {
  capacity: number
  confirmed: number
  requested: number
  held: number
}): PlacesCount {
  const taken = parts.confirmed + parts.held
  return {...parts, taken, left: Math.max(0, parts.capacity - taken)}
}

/** "6 confirmed, 2 held by a waitlist offer, 2 requested, 0 of 8 left": every part named. */
export function placesInWords(count: PlacesCount): string {
  const parts = [`${count.confirmed} confirmed`]
  if (count.held) parts.push(`${count.held} held for the waitlist`)
  if (count.requested) parts.push(`${count.requested} requested`)
  return `${parts.join(', ')}; ${count.left} of ${count.capacity} left`
}

// ---------------------------------------------------------------------------------------------------------------
// The booking

/**
 * Where a booking stands in its life, finer than its stored status: `requested` (new), `contacted` (staff asked a
 * question), `proposed` (staff proposed other dates, open), `confirmed`, `declined`, `withdrawn` (by the traveller),
 * `cancelled-by-us` (its departure was cancelled; the traveller may still move or accept), `cancellation-accepted`
 * (they accepted it), `closed` (by staff, by hand), `erased` (the person's data was removed).
 */
export const BOOKING_LIFE_STATES = [
  'requested',
  'contacted',
  'proposed',
  'confirmed',
  'declined',
  'withdrawn',
  'cancelled-by-us',
  'cancellation-accepted',
  'closed',
  'erased',
] as const
export type BookingLifeState = (typeof BOOKING_LIFE_STATES)[number]

/** The words for each state, to staff and to the traveller alike. */
export const BOOKING_LIFE_TITLES: Record<BookingLifeState, string> = {
  'requested': 'Request received',
  'contacted': 'Question from the team',
  'proposed': 'Other dates proposed',
  'confirmed': 'Confirmed',
  'declined': 'Declined',
  'withdrawn': 'Withdrawn',
  'cancelled-by-us': 'Cancelled by us: choose a new date',
  'cancellation-accepted': 'Cancelled by us',
  'closed': 'Closed',
  'erased': 'Erased',
}

/** The booking as the model reads it: its stored status, its history, and whether its person was erased. */
export type BookingFacts = {
  status: string
  status_history?: readonly StatusHistoryEntry[] | null
  /** Set when the request was anonymised (retention or erasure). */
  anonymised_at?: string | null
}

const lastAction = (history: readonly StatusHistoryEntry[] | null | undefined) =>
  [...(history ?? [])].reverse().find((entry) => entry.action)?.action

export function bookingLife(booking: BookingFacts): BookingLifeState {
  if (booking.anonymised_at) return 'erased'
  const history = booking.status_history
  switch (booking.status) {
    case 'new':
      return 'requested'
    case 'contacted':
      return openProposal(history) ? 'proposed' : 'contacted'
    case 'confirmed':
      return 'confirmed'
    case 'declined':
      return 'declined'
    default: {
      if (openCancellation(history)) return 'cancelled-by-us'
      const last: RequestAction | undefined = lastAction(history)
      if (last === 'accept-cancellation') return 'cancellation-accepted'
      if (last === 'withdraw') return 'withdrawn'
      return 'closed'
    }
  }
}

/** The states whose words differ from the stored status's: what the team did, not a bare "Closed". */
const OWN_WORDS: readonly BookingLifeState[] = [
  'cancelled-by-us',
  'cancellation-accepted',
  'erased',
]

/**
 * A booking's status in words, on the traveller's page and the dashboard alike: "Cancelled by us: choose a new
 * date" rather than "Closed" above the dates offered; otherwise the stored status's own title.
 */
export function bookingStateTitle(booking: BookingFacts): string {
  const life = bookingLife(booking)
  return OWN_WORDS.includes(life) ? BOOKING_LIFE_TITLES[life] : bookingStatusTitle(booking.status)
}

/** What someone may do to a booking: staff's four decisions, the traveller's answers. */
export type BookingAction =
  | 'confirm'
  | 'decline'
  | 'propose'
  | 'question'
  | 'withdraw'
  | 'accept-proposal'
  | 'move'
  | 'accept-cancellation'

const STAFF_REOPEN: readonly BookingAction[] = ['confirm', 'propose', 'question']

const ACTIONS: Record<BookingLifeState, readonly BookingAction[]> = {
  'requested': ['confirm', 'decline', 'propose', 'question', 'withdraw'],
  'contacted': ['confirm', 'decline', 'propose', 'question', 'withdraw'],
  'proposed': ['confirm', 'decline', 'propose', 'question', 'withdraw', 'accept-proposal'],
  'confirmed': ['decline', 'propose', 'question', 'withdraw'],
  // Settled: staff may still take it up again (a confirmation goes through the departure's places).
  'declined': STAFF_REOPEN,
  'withdrawn': STAFF_REOPEN,
  'closed': STAFF_REOPEN,
  'cancellation-accepted': STAFF_REOPEN,
  // The traveller answers the cancellation; staff do not decide for them (a question would re-open the booking on
  // the cancelled date: found by the model-based test).
  'cancelled-by-us': ['move', 'accept-cancellation'],
  // Nobody's data is left to send a mail to or act for.
  'erased': [],
}

/** The booking moves each action leads to (the diagram in docs/booking-life.md is drawn from this). */
export const BOOKING_TRANSITIONS: Partial<
  Record<BookingAction | 'cancel-departure' | 'erase', BookingLifeState>
> = {
  'confirm': 'confirmed',
  'decline': 'declined',
  'propose': 'proposed',
  'question': 'contacted',
  'withdraw': 'withdrawn',
  'accept-proposal': 'confirmed',
  'accept-cancellation': 'cancellation-accepted',
  'cancel-departure': 'cancelled-by-us',
  'erase': 'erased',
}

/**
 * Whether `action` may be taken on a booking in `state`. `departure` is the state of the departure the action leaves
 * the booking on: its own for staff's decisions and a withdrawal, the one moved onto for a move or an accepted
 * proposal. A cancelled departure takes nothing that keeps or puts someone on it: no confirmation, no question or
 * proposal (each leaves the request open on it), no move or acceptance onto it; a decline or a withdrawal still
 * closes what is there.
 */
export function bookingAllows(
  state: BookingLifeState,
  action: BookingAction,
  departure?: DepartureState,
): boolean {
  if (!ACTIONS[state].includes(action)) return false
  if (!departure) return true
  if (action === 'move' || action === 'accept-proposal') return departureAllows(departure, 'move')
  if (action === 'confirm') return departureAllows(departure, 'confirm')
  if (action === 'question' || action === 'propose') return departure !== 'cancelled'
  return true
}

/** What a booking offers in its state: the actions, none of which needs data an erasure removed once erased. */
export const bookingActions = (state: BookingLifeState): readonly BookingAction[] => ACTIONS[state]

// ---------------------------------------------------------------------------------------------------------------
// The waitlist entry

/**
 * An entry's moves: `waiting` → `offered` (the job) → `booked` (took it) or `lapsed` (the hold ran out); `waiting`
 * or `offered` → `cancelled` when its departure is cancelled (the person is told, with the other dates).
 */
export const WAITLIST_TRANSITIONS: Record<WaitlistState, readonly WaitlistState[]> = {
  waiting: ['offered', 'cancelled'],
  offered: ['booked', 'lapsed', 'cancelled'],
  booked: [],
  lapsed: [],
  cancelled: [],
}

/** The entries a departure's cancellation closes: those still in line or holding an offer. */
export const CLOSED_BY_CANCELLATION: readonly WaitlistState[] = ['waiting', 'offered']

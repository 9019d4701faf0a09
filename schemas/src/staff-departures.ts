import type {DepartureAssignment} from './departure-assignment.ts'

/**
 * The staff API's departures (`GET /api/staff/departures`), as the server builds them
 * (functions/staff/departures-view.ts) and the dashboard's manifest reads them: one definition for both.
 */

/** One booking on a departure's manifest. */
export type ManifestBooking = {
  _id: string
  booking_ref?: string | null
  status: string
  experience_id: string
  experience_title?: string | null
  date: string
  preferred_time?: string | null
  pax?: number | null
  pax_adults?: number | null
  pax_children?: number | null
  name?: string | null
  phone?: string | null
  email?: string | null
  pickup_location?: string | null
  notes?: string | null
  staff_notes?: string | null
  /** Who last saved the staff notes, and when (ISO). */
  staff_notes_by?: string | null
  staff_notes_at?: string | null
  /** A booking a reseller sold through OCTO: the reseller's name and its own reference. */
  reseller_name?: string | null
  reseller_reference?: string | null
  /** Who came, recorded on the day by the guide's phone (guide-day.ts): state, when and by whom. */
  attendance?: {state?: 'came' | 'no-show'; at?: string; by?: string} | null
}

/** One departure: its numbers and the bookings on it. */
export type DepartureRow = {
  experience_id: string
  experience_title: string
  date: string
  /** '' is the day as a whole (an experience with one departure a day, or requests with no preferred time). */
  slot: string
  capacity: number
  /** Confirmed places and places held for the waitlist: what no one else may ask for. */
  taken: number
  /** Of `taken`, the places a waitlist offer holds (absent when none). */
  held?: number
  requested: number
  left: number
  bookings: ManifestBooking[]
  /** Set when staff cancelled the departure (weather, conditions): it takes no one, and who was on it answers. */
  cancelled?: CancelledDeparture | null
  /** The guides and the resource managers assigned to the experience on this date (departure-assignment.ts). */
  assignment?: DepartureAssignment | null
  /** Guides the confirmed travellers need (the experience's travellers per guide); absent when it sets none. */
  guidesNeeded?: number
  /** What is wrong with the assignment, in words (too few guides for the travellers). */
  flags?: string[]
}

/** How a traveller on a cancelled departure answered (departure-life.ts): moved, accepted, or not yet. */
export type CancellationAnswer = 'moved' | 'accepted' | 'not-answered' | 'decided-by-staff'

/** One traveller who was on a cancelled departure. */
export type CancelledTraveller = {
  _id: string
  booking_ref?: string | null
  name?: string | null
  pax?: number | null
  answer: CancellationAnswer
  /** The date they moved to. */
  moved_to?: string | null
}

/** A cancelled departure: when, by whom, why, and each traveller's answer. */
export type CancelledDeparture = {
  at: string
  by: string
  reason: string
  travellers: CancelledTraveller[]
}

export const CANCELLATION_ANSWER_TITLES: Record<CancellationAnswer, string> = {
  'moved': 'Moved',
  'accepted': 'Accepted the cancellation',
  'not-answered': 'Has not answered',
  'decided-by-staff': 'Changed by the team since',
}

/** A date range, and whether to list the departures nobody has booked yet as well. */
export type DepartureRange = {from: string; to: string; includeEmpty: boolean}

/** `GET /api/staff/departures`: the range as the server read it, and its departures. */
export type DeparturesAnswer = DepartureRange & {departures: DepartureRow[]}

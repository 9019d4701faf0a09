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
}

/** One departure: its numbers and the bookings on it. */
export type DepartureRow = {
  experience_id: string
  experience_title: string
  date: string
  /** '' is the day as a whole (an experience with one departure a day, or requests with no preferred time). */
  slot: string
  capacity: number
  taken: number
  requested: number
  left: number
  bookings: ManifestBooking[]
}

/** A date range, and whether to list the departures nobody has booked yet as well. */
export type DepartureRange = {from: string; to: string; includeEmpty: boolean}

/** `GET /api/staff/departures`: the range as the server read it, and its departures. */
export type DeparturesAnswer = DepartureRange & {departures: DepartureRow[]}

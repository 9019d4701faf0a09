import type {BookingStatus} from './booking-status.ts'
import type {ConfirmationNumbers} from './capacity.ts'
import type {StatusHistoryEntry} from './request-decisions.ts'

/**
 * The staff API's bookings (`/api/staff/bookings…`), as the server answers them (functions/staff/staff-handlers.ts,
 * confirm-booking.ts, decide-booking.ts) and the dashboard reads them (web/src/features/admin/api): one definition
 * for both. Plain types and constants only: the dashboard loads this module, and zod's object schemas need `eval`,
 * which its Content-Security-Policy refuses (the bodies' schemas are in staff-booking-changes.ts).
 */

/** One booking as staff see it in the list, the details dialog and every answer that changes it. */
export type StaffBooking = {
  _id: string
  _rev: string
  booking_ref: string
  status: BookingStatus
  status_history?: StatusHistoryEntry[] | null
  staff_notes?: string | null
  /** Who last saved the staff notes (their name), and when (ISO): the notes are the team's, never the traveller's. */
  staff_notes_by?: string | null
  staff_notes_at?: string | null
  created_at: string
  experience_id?: string | null
  experience_title?: string | null
  category?: string | null
  duration?: string | null
  date?: string | null
  preferred_time?: string | null
  pax_adults?: number | null
  pax_children?: number | null
  pax_total?: number | null
  name?: string | null
  email?: string | null
  phone?: string | null
  country?: string | null
  pickup_location?: string | null
  notes?: string | null
  how_heard_about_us?: string | null
  marketing_opt_in?: boolean | null
  /** The privacy notice's version in force when the request was sent, and the boxes' words (privacy-notice.ts). */
  consent_record?: {
    version: string
    agreed_at: string
    checkboxes: {key: string; text: string}[] | null
  } | null
  /**
   * When the traveller's details were erased (retention or their request, anonymise-requests.ts): only the trip is
   * left, and nothing that needs the person (a decision, a mail, a reply, notes about them) is offered.
   */
  anonymised_at?: string | null
  /** `staff` for a booking entered at the booking desk, `reseller` from a reseller; none from the site's form. */
  source?: string | null
  /** A reseller's booking (functions/octo): the reseller's name and its own reference. */
  reseller_name?: string | null
  reseller_reference?: string | null
  /** The traveller's language code (booking-desk.ts), when staff gave one. */
  language?: string | null
  /** A `new` request for a trip still ahead that has waited longer than the response target. */
  waiting_too_long?: boolean
  /** Whole working hours a `new` request has waited; null once answered. */
  waiting_hours?: number | null
}

/** Trips today or later (or without a date), trips whose date has passed, or every booking. */
export const BOOKING_VIEWS = [
  {value: 'active', title: 'Active'},
  {value: 'past', title: 'Past trips'},
  {value: 'all', title: 'All'},
] as const

export type BookingView = (typeof BOOKING_VIEWS)[number]['value']

export const BOOKING_VIEW_VALUES = BOOKING_VIEWS.map((view) => view.value) as [
  BookingView,
  ...BookingView[],
]

export const isBookingView = (value: unknown): value is BookingView =>
  BOOKING_VIEWS.some((view) => view.value === value)

/** The tiles: counts across every booking, whatever the filters. */
export type BookingSummary = {
  total: number
  new: number
  contacted: number
  confirmed: number
  pax: number
  /** New requests for trips still ahead that have waited longer than the response target. */
  waiting: number
}

/** `GET /api/staff/bookings`: one page of the list, the tiles and the experiences to filter by. */
export type BookingList = {
  bookings: StaffBooking[]
  page: number
  pageSize: number
  /** The server fetches one row past the page instead of counting every match (fast with many bookings). */
  hasMore: boolean
  summary: BookingSummary
  experiences: string[]
  /** The editors' response target, in working hours. */
  responseTargetHours: number
}

/**
 * A status change, notes or a decision that was stored: the booking as it now stands, and a confirmation beyond
 * the departure's places carries the numbers staff confirmed against.
 */
export type BookingChanged = {booking: StaffBooking; overCapacity?: ConfirmationNumbers}

/**
 * A 409: someone changed the booking first (or it cannot be changed so); `booking` is the current one. As the staff
 * handlers write it: it leaves the staff routes as problem details, `error` as `detail` and the rest as extensions
 * (problem.ts).
 */
export type BookingConflict = {error: string; booking?: StaffBooking | null}

/** The 409 that asks for "Confirm anyway": the departure's numbers, and the booking as it stands. */
export type OverCapacityConflict = BookingConflict & {
  code: 'over-capacity'
  capacity: ConfirmationNumbers
}

/**
 * A waitlist's entries as the dashboard shows them: their states and the staff's view of them. Apart from
 * waitlist.ts (the join form's zod schema, which re-exports these), so the dashboard loads no validation library.
 */

/**
 * Where an entry stands. `waiting`: in line. `offered`: holds its places until `hold_until`. `booked`: took the
 * offer (its booking holds the places while it is a request). `lapsed`: let the hold run out; out of line.
 * `cancelled`: its departure was cancelled for the weather or conditions; the person was told (departure-life.ts).
 */
export const WAITLIST_STATES = ['waiting', 'offered', 'booked', 'lapsed', 'cancelled'] as const
export type WaitlistState = (typeof WAITLIST_STATES)[number]

export const WAITLIST_STATE_TITLES: Record<WaitlistState, string> = {
  waiting: 'Waiting',
  offered: 'Offered, holding places',
  booked: 'Took the offer',
  lapsed: 'Offer lapsed',
  cancelled: 'Told the departure is cancelled',
}

/** One person on a departure's waitlist as staff see it (`GET /api/staff/waitlist`). */
export type StaffWaitlistEntry = {
  _id: string
  experience_id: string
  date: string
  /** '' is the day as a whole. */
  slot: string
  name: string
  email: string
  pax: number
  state: WaitlistState
  joined_at: string
  offered_at?: string | null
  hold_until?: string | null
  booking_ref?: string | null
}

/** `GET /api/staff/waitlist?from&to`: everyone on a waitlist for a departure in the range, in line order. */
export type StaffWaitlistAnswer = {from: string; to: string; entries: StaffWaitlistEntry[]}

/** The key the departures view names a departure by. */
export const waitlistDepartureKey = (d: {experience_id: string; date: string; slot: string}) =>
  `${d.experience_id}|${d.date}|${d.slot}`

import {defineQuery} from 'groq'

/** The waitlist's entries in a date range, with the booking an entry became, for the dashboard. */
export const staffWaitlistQuery =
  defineQuery(`*[_type == "waitlistEntry" && date >= $from && date <= $to] | order(date asc, joined_at asc) [0...2000] {
  _id, experience_id, date, "slot": coalesce(preferred_time, ""), name, email, "pax": pax_total, state, joined_at, offered_at, hold_until,
  "booking_ref": *[_type == "booking" && _id == ^.booking_id][0].booking_ref
}`)

import {defineQuery} from 'groq'

/** A departure's bookings, its lock, its resellers' holds and bookings and its waitlist places, read together when staff cancel it. */
export const departureBookingsQuery = defineQuery(`{
  "bookings": *[_type == "booking" && !(_id in path("drafts.**")) && experience_id == $experience && date == $date && status in $statuses] | order(created_at asc) {
    _id, _rev, booking_ref, status, status_history, experience_id, experience_title, date, preferred_time,
    pax_adults, pax_children, pax_total, name, email
  },
  "lock": *[_type == "departure" && _id == $lockId][0]{_id, _rev, cancelled_at},
  "octo": *[_type == "octoBooking" && experience_id == $experience && date == $date && state in ["on_hold", "confirmed"]] {_id, _rev, state},
  "waitlist": *[_type == "waitlistEntry" && experience_id == $experience && date == $date && state in $waitlistStates] | order(joined_at asc) {
    _id, _rev, state, experience_title, date, preferred_time, pax_adults, pax_children, email
  }
}`)

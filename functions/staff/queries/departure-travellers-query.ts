import {defineQuery} from 'groq'

/** The bookings on a departure a message goes to: requests and confirmations with an address, not erased. */
export const departureTravellersQuery = defineQuery(
  `*[_type == "booking" && !(_id in path("drafts.**")) && experience_id == $experience && date == $date && status in $statuses && defined(email) && email != "" && !defined(anonymised_at)] | order(created_at asc) {
    _id, _rev, booking_ref, status, status_history, experience_id, experience_title, date, preferred_time,
    pax_adults, pax_children, pax_total, name, email
  }`,
)

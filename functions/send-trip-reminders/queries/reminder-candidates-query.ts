import {defineQuery} from 'groq'

/** Confirmed trips (published bookings only) in the days a reminder may be due for. */
export const reminderCandidatesQuery = defineQuery(
  `*[_type == "booking" && !(_id in path("drafts.**")) && status == "confirmed" && defined(email) && date >= $from && date <= $to]{_id, booking_ref, experience_id, experience_title, date, preferred_time, pax_adults, pax_children, name, email}`,
)

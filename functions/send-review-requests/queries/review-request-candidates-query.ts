import {defineQuery} from 'groq'

/**
 * Confirmed trips whose request may be due (published bookings only). A trip cancelled, declined or withdrawn is
 * never `confirmed`, so its traveller is never asked.
 */
export const reviewRequestCandidatesQuery = defineQuery(
  `*[_type == "booking" && !(_id in path("drafts.**")) && status == "confirmed" && defined(email) && date >= $from && date <= $to]{_id, name, email, date, experience_title}`,
)

import {defineQuery} from 'groq'

/**
 * Confirmed trips whose request may be due (published bookings only). A trip cancelled, declined or withdrawn is
 * never `confirmed`, so its traveller is never asked. A reseller's traveller is never asked either: a review request
 * counts as marketing, which they never get from us (docs/decisions/223-reseller-travellers-personal-data.md).
 */
export const reviewRequestCandidatesQuery = defineQuery(
  `*[_type == "booking" && !(_id in path("drafts.**")) && status == "confirmed" && defined(email) && source != "reseller" && date >= $from && date <= $to]{_id, name, email, date, experience_id, experience_title, "attendance": attendance.state}`,
)

/**
 * The departures in the same dates on which a guide recorded attendance (guide-day.ts): on those, only the travellers
 * checked in are asked for a review. A flat list, joined in the handler (one scan, never one per booking).
 */
export const reviewRequestAttendedDeparturesQuery = defineQuery(
  `*[_type == "booking" && !(_id in path("drafts.**")) && defined(attendance.state) && date >= $from && date <= $to]{experience_id, date}`,
)

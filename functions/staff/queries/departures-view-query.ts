import {defineQuery} from 'groq'

import {MAX_LOADS} from '../../lib/queries/departure-loads-query.ts'

/** The bookings of every departure in a range, with what the manifest shows; ordered for the view. */
export const departuresViewQuery =
  defineQuery(`*[_type == "booking" && !(_id in path("drafts.**")) && date >= $from && date <= $to && status in $statuses] | order(date asc, experience_id asc, created_at asc) [0...${MAX_LOADS}] {
  _id, booking_ref, status, experience_id, experience_title, date, preferred_time, "pax": pax_total,
  pax_adults, pax_children, name, phone, email, pickup_location, notes, staff_notes,
  staff_notes_by, staff_notes_at, reseller_name, reseller_reference, attendance
}`)

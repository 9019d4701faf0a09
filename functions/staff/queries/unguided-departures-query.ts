import {defineQuery} from 'groq'

/**
 * The confirmed bookings of a date range, four fields each, for the daily digest's departures with no guide (joined
 * with the range's assignments, `assignmentsInRangeQuery`, in code: two flat reads).
 */
export const confirmedInRangeQuery = defineQuery(
  `*[_type == "booking" && !(_id in path("drafts.**")) && status == "confirmed" && date >= $from && date <= $to]{experience_id, experience_title, date, pax_total}`,
)

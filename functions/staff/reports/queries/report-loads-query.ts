import {defineQuery} from 'groq'

import {MAX_LOADS} from '../../../lib/queries/departure-loads-query.ts'

/** The bookings that count towards places (requests and confirmations) in a range of trip dates: five fields each. */
export const reportLoadsQuery = defineQuery(`*[_type == "booking" && !(_id in path("drafts.**")) && date >= $from && date <= $to && status in $statuses] | order(date asc) [0...${MAX_LOADS}] {
  _id, experience_id, date, preferred_time, status, "pax": pax_total
}`)

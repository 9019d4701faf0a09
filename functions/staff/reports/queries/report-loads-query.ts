import {defineQuery} from 'groq'

import {
  HELD_LOADS_FILTER,
  LOAD_TYPES,
  loadStatusProjection,
} from '@repo/schemas/held-places-query.ts'

import {MAX_LOADS} from '../../../lib/queries/departure-loads-query.ts'

/**
 * Everything that takes places in a range of trip dates, of every experience, as every capacity check counts it
 * (lib/departure-loads.ts): requests and confirmations, waitlist offers and resellers' holds, and requests made from
 * an offer as `held` (`$self` is ""). Five fields each, in one scan of the three types: the held places once read
 * apart cost two more scans of the bookings.
 */
export const reportLoadsQuery = defineQuery(`*[_type in ${LOAD_TYPES} && !(_id in path("drafts.**")) && date >= $from && date <= $to && (status in $statuses || ${HELD_LOADS_FILTER})] | order(date asc) [0...${MAX_LOADS}] {
  experience_id, date, preferred_time, ${loadStatusProjection}, "pax": pax_total
}`)

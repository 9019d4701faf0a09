import {defineQuery} from 'groq'

import {
  HELD_LOADS_FILTER,
  LOAD_TYPES,
  loadStatusProjection,
} from '@repo/schemas/held-places-query.ts'

/**
 * More bookings than any range of one experience can hold: a read that fills it is refused rather than counted
 * short (see loadDepartureCounts), since fewer bookings would mean too many places left.
 */
export const MAX_LOADS = 20_000

/**
 * Ordered and sliced on purpose: `*[…] | order(…)[a...b]` with an equality on `experience_id` is the shape query
 * engines answer from an index (the local lake does; see lake/src/query/run-query.ts), rather than testing every
 * booking in the dataset.
 */
export const departureLoadsQuery = defineQuery(
  `*[_type in ${LOAD_TYPES} && !(_id in path("drafts.**")) && experience_id == $experience && date >= $from && date <= $to && (status in $statuses || ${HELD_LOADS_FILTER})] | order(date asc) [0...${MAX_LOADS}] {date, "slot": preferred_time, ${loadStatusProjection}, "pax": pax_total}`,
)

import {defineQuery} from 'groq'

import {HELD_LOADS_FILTER} from '@repo/schemas/held-places-query.ts'

/** The places held in a range: open offers and resellers' holds (functions/octo), and requests that came from an offer. */
export const heldInRangeQuery = defineQuery(`{
  "offers": *[(${HELD_LOADS_FILTER}) && date >= $from && date <= $to]{experience_id, date, "slot": preferred_time, "pax": pax_total},
  "requests": *[_type == "booking" && defined(waitlist_entry) && status in ["new", "contacted"] && date >= $from && date <= $to]._id
}`)

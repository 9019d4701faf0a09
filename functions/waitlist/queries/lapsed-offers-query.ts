import {defineQuery} from 'groq'

/** Offers whose hold has run out. */
export const lapsedOffersQuery = defineQuery(
  `*[_type == "waitlistEntry" && state == "offered" && hold_until <= $now]{_id, _rev}`,
)

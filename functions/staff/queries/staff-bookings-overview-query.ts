import {defineQuery} from 'groq'

/** What the tiles and the experience filter need, in one scan; the server keeps it briefly (see staff-handlers). */
export const staffBookingsOverviewQuery = defineQuery(
  `*[_type == "booking"]{status, pax_total, experience_title, created_at, date}`,
)

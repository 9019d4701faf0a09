import {defineQuery} from 'groq'

/** How many hours an offer holds its places (site settings). */
export const waitlistHoldHoursQuery = defineQuery(`*[_id == "siteSettings"][0].waitlistHoldHours`)

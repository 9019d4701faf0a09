import {defineQuery} from 'groq'

/** How many days after a trip its traveller is asked for a review (site settings). */
export const reviewRequestSettingsQuery = defineQuery(
  `*[_type == "siteSettings" && _id == "siteSettings"][0]{reviewRequestDaysAfter}`,
)

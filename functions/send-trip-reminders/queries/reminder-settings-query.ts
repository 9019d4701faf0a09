import {defineQuery} from 'groq'

/** How long before a trip its reminder goes, and the numbers it gives (site settings). */
export const reminderSettingsQuery = defineQuery(
  `*[_id == "siteSettings"][0]{reminderHoursBefore, phone, whatsapp}`,
)

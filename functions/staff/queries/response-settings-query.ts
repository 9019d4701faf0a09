import {defineQuery} from 'groq'

/**
 * The editors' response target and working hours (docs/decisions/014-nothing-waits-unseen.md), from the published
 * site settings.
 */
export const responseSettingsQuery = defineQuery(
  `*[_id == "siteSettings"][0]{responseTargetHours, workingHours}`,
)

import {defineQuery} from 'groq'

/** The status an accepted proposal gives its booking (site settings). */
export const acceptedProposalStatusQuery = defineQuery(
  `*[_id == "siteSettings"][0].acceptedProposalStatus`,
)

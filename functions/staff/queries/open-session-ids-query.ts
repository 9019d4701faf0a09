import {defineQuery} from 'groq'

/** The ids of a person's sessions not yet ended (a new password or a reset second step ends them). */
export const openSessionIdsQuery = defineQuery(
  `*[_type == "staffSession" && personId == $id && !defined(revokedAt)]._id`,
)

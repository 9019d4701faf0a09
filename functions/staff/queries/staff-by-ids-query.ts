import {defineQuery} from 'groq'

/** Staff accounts by id, with what an assignment checks and mails (assign-departure.ts). */
export const staffByIdsQuery = defineQuery(
  `*[_type == "staffMember" && _id in $ids]{_id, name, email, role, state}`,
)

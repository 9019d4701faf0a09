import {defineQuery} from 'groq'

/** Active owners but one: the last of them cannot be demoted or deactivated. */
export const otherActiveOwnersQuery = defineQuery(
  `count(*[_type == "staffMember" && role == "owner" && state == "active" && _id != $id])`,
)

import {defineQuery} from 'groq'

/** How many passkeys a person has (a reset mail says they go). */
export const passkeyCountQuery = defineQuery(`count(*[_type == "staffMember" && _id == $id][0].passkeys)`)

import {defineQuery} from 'groq'

/** A reseller's revision and whether its key is revoked, or null when there is none. */
export const resellerStateQuery = defineQuery(
  `*[_type == "reseller" && _id == $id][0]{_id, _rev, revoked_at}`,
)

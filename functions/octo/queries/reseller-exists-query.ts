import {defineQuery} from 'groq'

/** A reseller's id, or null when there is none. */
export const resellerExistsQuery = defineQuery(`*[_type == "reseller" && _id == $id][0]._id`)

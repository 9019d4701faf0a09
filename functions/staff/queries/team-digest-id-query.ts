import {defineQuery} from 'groq'

/** The day's digest marker (`teamDigest`) when some server has already decided that day's digest. */
export const teamDigestIdQuery = defineQuery(`*[_type == "teamDigest" && _id == $id][0]._id`)

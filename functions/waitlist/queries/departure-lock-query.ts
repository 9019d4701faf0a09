import {defineQuery} from 'groq'

/** A departure's lock document: its revision, and whether staff cancelled it. */
export const departureLockQuery = defineQuery(
  `*[_type == "departure" && _id == $id][0]{_id, _rev, cancelled_at}`,
)

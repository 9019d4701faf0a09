import {defineQuery} from 'groq'

/** When staff cancelled a departure (its lock document), or null. */
export const departureCancelledAtQuery = defineQuery(
  `*[_type == "departure" && _id == $id][0].cancelled_at`,
)

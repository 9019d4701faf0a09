import {defineQuery} from 'groq'

/** Whether staff cancelled a departure (its lock document's `cancelled_at`). */
export const departureCancellationQuery = defineQuery(
  `*[_type == "departure" && _id == $id][0]{cancelled_at}`,
)

import {defineQuery} from 'groq'

/** A booking's id when it exists. */
export const bookingExistsQuery = defineQuery(`*[_type == "booking" && _id == $id][0]{_id}`)

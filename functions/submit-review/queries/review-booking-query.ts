import {defineQuery} from 'groq'

/** The booking a review link names, with what the review page shows of it. */
export const reviewBookingQuery = defineQuery(
  `*[_type == "booking" && _id == $id][0]{_id, status, date, name, experience_id, experience_title}`,
)

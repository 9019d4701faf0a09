import {defineQuery} from 'groq'

import {requestBookingFields} from './request-booking-fields.ts'

/** Drafts are never named by a link (their ids have a dot, which a link's id cannot hold); the type is checked. */
export const requestBookingQuery = defineQuery(
  `*[_type == "booking" && _id == $id][0]{${requestBookingFields}}`,
)

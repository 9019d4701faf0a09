import {defineQuery} from 'groq'

import {bookingFields} from './booking-fields.ts'

/** One booking as the dashboard shows it. */
export const staffBookingByIdQuery = defineQuery(
  `*[_type == "booking" && _id == $id][0]{${bookingFields}}`,
)

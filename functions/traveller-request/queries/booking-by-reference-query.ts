import {defineQuery} from 'groq'

import {requestBookingFields} from './request-booking-fields.ts'

/** The booking a traveller names by its reference, asking for a new link. */
export const bookingByReferenceQuery = defineQuery(
  `*[_type == "booking" && booking_ref == $reference][0]{${requestBookingFields}}`,
)

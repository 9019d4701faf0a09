import {defineQuery} from 'groq'

/** The booking a retried request (same idempotency key, so same id) already stored: its reference and hash. */
export const storedBookingReferenceQuery = defineQuery(
  `*[_type == "booking" && _id == $id][0]{"ref": booking_ref, "hash": request_hash}`,
)

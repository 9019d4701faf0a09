import {defineQuery} from 'groq'

/** The trip request a retried request (same idempotency key, so same id) already stored: its reference and hash. */
export const storedItineraryReferenceQuery = defineQuery(
  `*[_type == "itineraryRequest" && _id == $id][0]{"ref": request_ref, "hash": request_hash}`,
)

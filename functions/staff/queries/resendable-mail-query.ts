import {defineQuery} from 'groq'

/**
 * A mail of the outbox (`outboxMail`) about a booking that exists, with that booking's reference: only such a mail
 * may be sent again from the booking's page.
 */
export const resendableMailQuery = defineQuery(
  `*[_id == $docId && _type == "outboxMail" && about == $id && count(*[_type == "booking" && _id == $id]) > 0][0]{_rev, status, "ref": *[_type == "booking" && _id == ^.about][0].booking_ref}`,
)

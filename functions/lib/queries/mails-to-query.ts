import {defineQuery} from 'groq'

/** The outbox's mails (`outboxMail`) to any of these addresses (lower case). */
export const mailsToQuery = defineQuery(
  `*[_type == "outboxMail" && lower(to) in $emails]{_id, mail_id, about}`,
)

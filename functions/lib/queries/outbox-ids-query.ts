import {defineQuery} from 'groq'

/** The outbox's mails (`outboxMail`) about these documents, or to or from these addresses (lower case). */
export const outboxIdsQuery = defineQuery(
  `*[_type == "outboxMail" && (about in $ids || lower(to) in $emails || lower(reply_to) in $emails)]._id`,
)

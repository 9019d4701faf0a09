import {defineQuery} from 'groq'

/** Sent mails' records past their time (lib/mailer.ts pruneOldRecords), oldest first, 500 a pass. */
export const oldSentMailsQuery = defineQuery(
  `*[_type == "outboxMail" && status == "sent" && sent_at < $before] | order(sent_at asc)[0...500]{_id, mail_id}`,
)

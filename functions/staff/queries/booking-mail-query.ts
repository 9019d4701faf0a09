import {defineQuery} from 'groq'

/** A booking's mail log: the outbox's mails (`outboxMail`) about it, oldest first. */
export const bookingMailQuery = defineQuery(
  `*[_type == "outboxMail" && about == $id] | order(queued_at asc, mail_id asc){mail_id, to, subject, status, attempts, queued_at, next_attempt_at, sent_at, last_error}`,
)

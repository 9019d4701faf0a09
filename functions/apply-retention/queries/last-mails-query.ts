import {defineQuery} from 'groq'

/** An erasure's last mail, sent or given up, that its outbox could not purge at once (lib/mailer.ts); 50 a run. */
export const lastMailsQuery = defineQuery(
  `*[_type == "outboxMail" && purge_when_done == true && status in ["sent", "failed"]][0...50]._id`,
)

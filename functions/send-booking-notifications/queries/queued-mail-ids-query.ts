import {defineQuery} from 'groq'

/** Which of these mails the outbox (`outboxMail`, lib/mailer.ts) already holds. */
export const queuedMailIdsQuery = defineQuery(`*[_type == "outboxMail" && mail_id in $ids].mail_id`)

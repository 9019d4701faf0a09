import {defineQuery} from 'groq'

/** How many mails wait in the outbox (`outboxMail`, lib/mailer.ts): one document's (`$about`), or all (null). */
export const waitingMailsQuery = defineQuery(
  `count(*[_type == "outboxMail" && ($about == null || about == $about) && status in ["pending", "sending"]])`,
)

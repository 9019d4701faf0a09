import {defineQuery} from 'groq'

/** The outbox's mails about these records. */
export const mailsAboutQuery = defineQuery(`*[_type == "outboxMail" && about in $ids]._id`)

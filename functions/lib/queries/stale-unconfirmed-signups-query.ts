import {defineQuery} from 'groq'

/** Sign-ups never confirmed, signed up before `$cutoff`: purged by the retention job. */
export const staleUnconfirmedSignupsQuery = defineQuery(
  `*[_type == "newsletterSignup" && status == "pending" && signed_up_at < $cutoff]`,
)

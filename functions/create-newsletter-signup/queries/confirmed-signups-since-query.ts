import {defineQuery} from 'groq'

/** Sign-ups confirmed in a sweep's window (`$until`: null when open), for the team's notification. */
export const confirmedSignupsSinceQuery = defineQuery(
  `*[_type == "newsletterSignup" && status == "confirmed" && confirmed_at >= $since && ($until == null || confirmed_at < $until)]{_id, email, name, consented_at, source_page}`,
)

import {defineQuery} from 'groq'

/** The request a confirmation link names (the link kept as SHA-256). */
export const privacyRequestByConfirmTokenQuery = defineQuery(
  `*[_type == "privacyRequest" && confirm_token_hash == $hash][0]`,
)

import {defineQuery} from 'groq'

/** The request a download link names (the link kept as SHA-256). */
export const privacyRequestByDownloadTokenQuery = defineQuery(
  `*[_type == "privacyRequest" && download_token_hash == $hash][0]`,
)

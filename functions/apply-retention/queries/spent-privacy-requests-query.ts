import {defineQuery} from 'groq'

/**
 * Travellers' requests about their information that hold an address no longer needed: never confirmed within the
 * link's life, or a copy whose download has expired; 50 a run (RETENTION_BATCH).
 */
export const spentPrivacyRequestsQuery = defineQuery(`*[_type == "privacyRequest" && defined(email) && (
  (status == "unconfirmed" && confirm_expires_at < $now) || (kind == "access" && download_expires_at < $now)
)][0...50]._id`)

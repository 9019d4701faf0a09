import {defineQuery} from 'groq'

/** A person's own sessions still open, newest first (never the session's id: only its hash is stored). */
export const ownSessionsQuery = defineQuery(`*[_type == "staffSession" && personId == $personId
  && !defined(revokedAt) && expiresAt > $now] | order(lastUsedAt desc){_id, createdAt, lastUsedAt, userAgent}`)

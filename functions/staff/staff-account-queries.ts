/**
 * GROQ for staff accounts and their sessions in the private `bookings` dataset. (A request's own session and person
 * are read by id: `staff-session-store.ts`.)
 */

/** A person's own sessions still open, newest first (never the id: only its hash is stored). */
export const ownSessionsQuery = /* groq */ `*[_type == "staffSession" && personId == $personId
  && !defined(revokedAt) && expiresAt > $now] | order(lastUsedAt desc){_id, createdAt, lastUsedAt, userAgent}`

export const staffMemberByEmailQuery = /* groq */ `*[_type == "staffMember" && email == $email][0]{
  _id, name, email, role, state, password
}`

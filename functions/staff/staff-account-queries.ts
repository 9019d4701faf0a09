/**
 * GROQ for staff accounts and their sessions in the private `bookings` dataset. A session is read with its person
 * in one query, so each request costs one round trip and sees a deactivation or role change at once.
 */
export const staffSessionWithPersonQuery = /* groq */ `*[_type == "staffSession" && _id == $id][0]{
  _id, personId, createdAt, lastUsedAt, expiresAt, revokedAt,
  "person": *[_type == "staffMember" && _id == ^.personId][0]{
    _id, name, email, role, state, "hasSecondStep": defined(secondStep.secret)
  },
  "secondStepRequired": *[_id == "staffSettings.team"][0].requireSecondStep == true
}`

/** A person's own sessions still open, newest first (never the id: only its hash is stored). */
export const ownSessionsQuery = /* groq */ `*[_type == "staffSession" && personId == $personId
  && !defined(revokedAt) && expiresAt > $now] | order(lastUsedAt desc){_id, createdAt, lastUsedAt, userAgent}`

export const staffMemberByEmailQuery = /* groq */ `*[_type == "staffMember" && email == $email][0]{
  _id, name, email, role, state, password
}`

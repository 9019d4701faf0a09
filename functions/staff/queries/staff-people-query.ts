import {defineQuery} from 'groq'

/** Everyone with an account, owners first, then by name; never a password hash. */
export const staffPeopleQuery = defineQuery(`*[_type == "staffMember"]
  | order(role == "owner" desc, lower(name) asc){_id, name, email, role, state, createdAt, "joined": defined(password),
  "secondStep": defined(secondStep.secret)}`)

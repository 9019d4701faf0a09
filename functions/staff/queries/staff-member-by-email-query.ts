import {defineQuery} from 'groq'

/** A staff account by its address, with its password hash (sign-in, a reset, a taken address). */
export const staffMemberByEmailQuery = defineQuery(`*[_type == "staffMember" && email == $email][0]{
  _id, name, email, role, state, password
}`)

import {defineQuery} from 'groq'

/** The person holding a passkey, by the credential's id. */
export const passkeyHolderQuery = defineQuery(
  `*[_type == "staffMember" && $id in passkeys[].id][0]{_id, _rev, name, email, role, state, password, passkeys}`,
)

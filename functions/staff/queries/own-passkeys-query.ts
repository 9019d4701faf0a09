import {defineQuery} from 'groq'

/** A person's passkeys as they see them: no key material. */
export const ownPasskeysQuery = defineQuery(
  `*[_type == "staffMember" && _id == $id][0].passkeys[]{_key, createdAt, lastUsedAt, transports}`,
)

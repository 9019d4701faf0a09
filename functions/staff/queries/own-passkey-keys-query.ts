import {defineQuery} from 'groq'

/** The keys of a person's passkeys, to tell one of theirs from an unknown one. */
export const ownPasskeyKeysQuery = defineQuery(`*[_type == "staffMember" && _id == $id][0].passkeys[]._key`)

import {defineQuery} from 'groq'

/** The reseller whose key has this SHA-256. */
export const resellerForKeyQuery = defineQuery(`*[_type == "reseller" && key_hash == $hash][0]`)

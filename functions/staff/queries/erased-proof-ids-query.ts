import {defineQuery} from 'groq'

/** The documents whose history earlier erasures of an address (by its keyed hash) read for their proof. */
export const erasedProofIdsQuery = defineQuery(`*[_type == "privacyReport" && address_hash == $hash].proof_ids[]`)

import {defineQuery} from 'groq'

/** The other privacy requests of the same address (by its keyed hash): an erasure purges them too. */
export const otherPrivacyRequestsQuery = defineQuery(
  `*[_type == "privacyRequest" && address_hash == $hash && _id != $id]._id`,
)

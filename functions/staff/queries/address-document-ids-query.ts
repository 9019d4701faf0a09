import {defineQuery} from 'groq'

/**
 * The ids of the documents of `$types` holding an address: the requests an address made (the personal-data map's
 * request types), or the person's own documents (newsletter sign-ups) that an erasure purges whole.
 */
export const addressDocumentIdsQuery = defineQuery(`*[_type in $types && lower(email) == $email]._id`)

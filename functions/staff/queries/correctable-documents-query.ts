import {defineQuery} from 'groq'

/** What a correction may change: the documents of `$types` holding the address, and whether each has a name or phone. */
export const correctableDocumentsQuery = defineQuery(
  `*[_type in $types && lower(email) == $email]{_id, _rev, "name": defined(name), "phone": defined(phone)}`,
)

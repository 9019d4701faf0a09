import {defineQuery} from 'groq'

/** Every reseller, oldest first, without its key's hash. */
export const resellersListQuery = defineQuery(`*[_type == "reseller"] | order(created_at asc) {_id, _type, name, contact, experiences, key_prefix, created_at, created_by, revoked_at, revoked_by}`)

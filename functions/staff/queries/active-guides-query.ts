import {defineQuery} from 'groq'

/** The active guides a manager may assign to a departure (assign-departure.ts), by name. */
export const activeGuidesQuery = defineQuery(
  `*[_type == "staffMember" && role == "guide" && state == "active"] | order(name asc) {_id, name}`,
)

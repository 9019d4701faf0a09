import {defineQuery} from 'groq'

import {entryFields} from './entry-fields.ts'

/** The entry a waitlist link names. */
export const waitlistEntryByIdQuery = defineQuery(
  `*[_type == "waitlistEntry" && _id == $id][0]{${entryFields}}`,
)

import {defineQuery} from 'groq'

import {entryFields} from './entry-fields.ts'

/** Entries still in line for a departure from today on, in the order they joined. */
export const waitingEntriesQuery = defineQuery(
  `*[_type == "waitlistEntry" && state == "waiting" && date >= $today] | order(joined_at asc) [0...5000] {${entryFields}}`,
)

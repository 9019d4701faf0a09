import {defineQuery} from 'groq'

/** Every published experience's id and slug (assign-departure.ts names departures by slug). */
export const experienceIdsQuery = defineQuery(
  `*[_type == "experience" && !(_id in path("drafts.**"))]{_id, "slug": slug.current}`,
)

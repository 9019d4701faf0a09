import {defineQuery} from 'groq'

/** Published experiences with their price per person (`fromPrice`, rand), by slug. */
export const reportExperiencesQuery = defineQuery(`*[_type == "experience" && !(_id in path("drafts.**")) && defined(slug.current)]{
  _id, title, "slug": slug.current, "price": fromPrice
} | order(title asc)`)

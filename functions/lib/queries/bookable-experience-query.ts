import {defineQuery} from 'groq'

/** An experience by slug, id or former slug, as the booking link names it; drafts never. */
export const bookableExperienceQuery = defineQuery(
  `*[_type == "experience" && !(_id in path("drafts.**")) && (slug.current == $id || _id == $id || $id in aliases)] | order((slug.current == $id) desc)[0]{_id, title, category, duration, isBespoke, "slug": slug.current}`,
)

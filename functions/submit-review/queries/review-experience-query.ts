import {defineQuery} from 'groq'

/** The published experience a reviewed booking was for, by the slug the booking keeps. */
export const reviewExperienceQuery = defineQuery(
  `*[_type == "experience" && slug.current == $slug][0]{_id, title}`,
)

import {defineQuery} from 'groq'

import {experienceDetailFields} from '../../../lib/content-fields'

// Old addresses listed in `aliases` (e.g. cape-point-and-penguins) find the experience too; the page then
// redirects to the canonical slug.
export const experienceBySlugQuery =
  defineQuery(`*[_type == "experience" && (slug.current == $slug || $slug in aliases)]
  | order((slug.current == $slug) desc)[0]{${experienceDetailFields}}`)

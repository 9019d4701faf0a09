import {defineQuery} from 'groq'

import {experienceDetailFields} from '../../../lib/content-fields'

// The listing opens any experience's detail dialog without another round trip, so it loads the full fields.
export const experiencesQuery = defineQuery(`*[_type == "experience" && defined(slug.current)]
  | order(coalesce(featuredOrder, 99) asc, title asc){${experienceDetailFields}}`)

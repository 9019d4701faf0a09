import {defineQuery} from 'groq'

import {storyCardFields} from '../../../lib/content-fields'

export const storiesQuery = defineQuery(`*[_type == "story" && defined(slug.current)]
  | order(coalesce(listOrder, 99) asc, title asc){${storyCardFields}}`)

import {defineQuery} from 'groq'

import {storyCardFields, storyCallToActionFields} from '../../../lib/content-fields'
import {blockContentFields} from '../../../lib/block-content-fields'

export const storyBySlugQuery = defineQuery(`*[_type == "story" && slug.current == $slug][0]{
  ${storyCardFields},
  publishedAt,
  "body": body${blockContentFields},
  ${storyCallToActionFields},
  "relatedExperiences": coalesce(relatedExperiences[]->{title, "slug": slug.current}, []),
  _updatedAt
}`)

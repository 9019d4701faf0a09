import {defineQuery} from 'groq'

import {imageFields} from '../../../lib/image-fields'
import {blockContentFields} from '../../../lib/block-content-fields'

export const aboutPageQuery = defineQuery(`*[_type == "aboutPage" && _id == "aboutPage"][0]{
  overline,
  heading,
  intro,
  "image": image${imageFields},
  philosophyHeading,
  "philosophy": philosophy${blockContentFields},
  partnersHeading,
  "partnerTypes": coalesce(partnerTypes[]{_key, title, text}, []),
  ctaHeading,
  ctaText,
  ctaLabel
}`)

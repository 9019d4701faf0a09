import {defineQuery} from 'groq'

import {storyCallToActionFields} from '../../../lib/content-fields'

/** Each story's call to action, with whether its experience is actually published (the story links audit). */
export const storyLinksQuery = defineQuery(`*[_type == "story" && defined(slug.current)]
  | order(coalesce(listOrder, 99) asc){
  _id,
  title,
  "slug": slug.current,
  ${storyCallToActionFields}
}`)

import {queryOptions, useSuspenseQuery} from '@tanstack/react-query'
import {defineQuery} from 'groq'

import {sanityFetch} from '../../../lib/sanity-fetch'
import {storyCallToActionFields, type StoryCallToAction} from '../../stories/api/story-fields'

/** Each story's call to action, with whether its experience is actually published (spec §2 story links audit). */
export const storyLinksQuery = defineQuery(`*[_type == "story" && defined(slug.current)]
  | order(coalesce(listOrder, 99) asc){
  _id,
  title,
  "slug": slug.current,
  ${storyCallToActionFields}
}`)

export type StoryLink = {
  _id: string
  title: string
  slug: string
  callToAction: StoryCallToAction | null
}

export const storyLinksQueryOptions = () =>
  queryOptions({
    queryKey: ['audit', 'story-links'],
    queryFn: ({signal}) => sanityFetch<StoryLink[]>(storyLinksQuery, {}, signal),
  })

export const useStoryLinks = () => useSuspenseQuery(storyLinksQueryOptions())

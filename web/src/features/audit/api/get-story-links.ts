import {queryOptions, useSuspenseQuery} from '@tanstack/react-query'
import {defineQuery} from 'groq'

import type {StoryLinksQueryResult} from '@repo/schemas/sanity.types'

import {sanityFetch} from '../../../lib/sanity-fetch'
import {storyCallToActionFields} from '../../../lib/content-fields'

/** Each story's call to action, with whether its experience is actually published (the story links audit). */
export const storyLinksQuery = defineQuery(`*[_type == "story" && defined(slug.current)]
  | order(coalesce(listOrder, 99) asc){
  _id,
  title,
  "slug": slug.current,
  ${storyCallToActionFields}
}`)

export type StoryLink = StoryLinksQueryResult[number]

export const storyLinksQueryOptions = () =>
  queryOptions({
    queryKey: ['audit', 'story-links'],
    queryFn: ({signal}) => sanityFetch<StoryLinksQueryResult>(storyLinksQuery, {}, signal),
  })

export const useStoryLinks = () => useSuspenseQuery(storyLinksQueryOptions())

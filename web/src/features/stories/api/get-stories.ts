import {queryOptions, useSuspenseQuery} from '@tanstack/react-query'
import {defineQuery} from 'groq'

import {sanityFetch} from '../../../lib/sanity-fetch'
import {storyCardFields, type StoryCard} from './story-fields'

export const storiesQuery = defineQuery(`*[_type == "story" && defined(slug.current)]
  | order(coalesce(listOrder, 99) asc, title asc){${storyCardFields}}`)

export const storiesQueryOptions = () =>
  queryOptions({
    queryKey: ['stories', 'list'],
    queryFn: ({signal}) => sanityFetch<StoryCard[]>(storiesQuery, {}, signal),
  })

export const useStories = () => useSuspenseQuery(storiesQueryOptions())

import {queryOptions, useSuspenseQuery} from '@tanstack/react-query'

import {sanityFetch} from '../../../lib/sanity-fetch'
import type {StoryBySlugQueryResult} from '@repo/schemas/sanity.types'

export const storyQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['stories', 'detail', slug],
    queryFn: ({signal}) =>
      sanityFetch<StoryBySlugQueryResult>((queries) => queries.storyBySlugQuery, {slug}, signal),
  })

export const useStory = (slug: string) => useSuspenseQuery(storyQueryOptions(slug))

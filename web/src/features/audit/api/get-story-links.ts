import {queryOptions, useSuspenseQuery} from '@tanstack/react-query'

import type {StoryLinksQueryResult} from '@repo/schemas/sanity.types'

import {sanityFetch} from '../../../lib/sanity-fetch'

export type StoryLink = StoryLinksQueryResult[number]

export const storyLinksQueryOptions = () =>
  queryOptions({
    queryKey: ['audit', 'story-links'],
    queryFn: ({signal}) =>
      sanityFetch<StoryLinksQueryResult>((queries) => queries.storyLinksQuery, {}, signal),
  })

export const useStoryLinks = () => useSuspenseQuery(storyLinksQueryOptions())

import {queryOptions, useSuspenseQuery} from '@tanstack/react-query'

import {sanityFetch} from '../../../lib/sanity-fetch'
import type {StoriesQueryResult} from '@repo/schemas/sanity.types'

export const storiesQueryOptions = () =>
  queryOptions({
    queryKey: ['stories', 'list'],
    queryFn: ({signal}) =>
      sanityFetch<StoriesQueryResult>((queries) => queries.storiesQuery, {}, signal),
  })

export const useStories = () => useSuspenseQuery(storiesQueryOptions())

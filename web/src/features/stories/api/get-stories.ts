import {queryOptions, useSuspenseQuery} from '@tanstack/react-query'
import {defineQuery} from 'groq'

import {sanityFetch} from '../../../lib/sanity-fetch'
import type {StoriesQueryResult} from '@repo/schemas/sanity.types'

import {storyCardFields} from '../../../lib/content-fields'

export const storiesQuery = defineQuery(`*[_type == "story" && defined(slug.current)]
  | order(coalesce(listOrder, 99) asc, title asc){${storyCardFields}}`)

export const storiesQueryOptions = () =>
  queryOptions({
    queryKey: ['stories', 'list'],
    queryFn: ({signal}) => sanityFetch<StoriesQueryResult>(storiesQuery, {}, signal),
  })

export const useStories = () => useSuspenseQuery(storiesQueryOptions())

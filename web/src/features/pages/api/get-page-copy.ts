import {queryOptions, useSuspenseQuery} from '@tanstack/react-query'

import type {PageCopyQueryResult} from '@repo/schemas/sanity.types'

import {sanityFetch} from '../../../lib/sanity-fetch'

export type PageCopy = NonNullable<PageCopyQueryResult>
export type PageHero = NonNullable<PageCopy['experiencesHero']>
/** A titled step or point (the `step` object). */
export type Step = PageCopy['thankYouNextSteps'][number]

export const pageCopyQueryOptions = () =>
  queryOptions({
    queryKey: ['page-copy'],
    queryFn: ({signal}) =>
      sanityFetch<PageCopyQueryResult>((queries) => queries.pageCopyQuery, {}, signal),
  })

export const usePageCopy = () => useSuspenseQuery(pageCopyQueryOptions())

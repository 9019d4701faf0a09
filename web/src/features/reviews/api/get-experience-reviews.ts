import {queryOptions, useSuspenseQuery} from '@tanstack/react-query'

import {REVIEWS_PER_PAGE} from '@repo/schemas/review-ratings.ts'
import type {ExperienceReviewsQueryResult} from '@repo/schemas/sanity.types'

import {sanityFetch} from '../../../lib/sanity-fetch'

/** The page number the address asks for (`?reviews=2`), 1 for anything else. */
export function reviewsPageOf(search: URLSearchParams | string): number {
  const value = new URLSearchParams(search).get('reviews')
  const page = value && /^[1-9]\d{0,3}$/.test(value) ? Number(value) : 1
  return page
}

export const experienceReviewsQueryOptions = (experienceId: string, page: number) =>
  queryOptions({
    queryKey: ['reviews', 'experience', experienceId, page],
    queryFn: ({signal}) =>
      sanityFetch<ExperienceReviewsQueryResult>(
        (queries) => queries.experienceReviewsQuery,
        {experienceId, from: (page - 1) * REVIEWS_PER_PAGE, to: page * REVIEWS_PER_PAGE},
        signal,
      ),
  })

export const useExperienceReviews = (experienceId: string, page: number) =>
  useSuspenseQuery(experienceReviewsQueryOptions(experienceId, page))

import {queryOptions, useSuspenseQuery} from '@tanstack/react-query'
import {defineQuery} from 'groq'

import {REVIEWS_PER_PAGE} from '@repo/schemas/review-ratings.ts'
import type {ExperienceReviewsQueryResult} from '@repo/schemas/sanity.types'

import {sanityFetch} from '../../../lib/sanity-fetch'

/**
 * One page of an experience's published reviews, newest first, and how many there are. Anonymous reads see
 * published documents only: a review waiting for an editor, or rejected, is a draft and never reaches the site.
 */
export const experienceReviewsQuery = defineQuery(`{
  "total": count(*[_type == "review" && experience._ref == $experienceId && !defined(rejectionReason)]),
  "average": math::avg(*[_type == "review" && experience._ref == $experienceId && !defined(rejectionReason)].rating),
  "reviews": *[_type == "review" && experience._ref == $experienceId && !defined(rejectionReason)]
    | order(submittedAt desc, _id asc)[$from...$to]{_id, rating, text, displayName, submittedAt, reply}
}`)

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
        experienceReviewsQuery,
        {experienceId, from: (page - 1) * REVIEWS_PER_PAGE, to: page * REVIEWS_PER_PAGE},
        signal,
      ),
  })

export const useExperienceReviews = (experienceId: string, page: number) =>
  useSuspenseQuery(experienceReviewsQueryOptions(experienceId, page))

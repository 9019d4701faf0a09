import {queryOptions, useQuery} from '@tanstack/react-query'
import {defineQuery} from 'groq'

import {ratingSummary} from '@repo/schemas/review-ratings.ts'
import type {ExperienceRatingsQueryResult} from '@repo/schemas/sanity.types'

import {sanityFetch} from '../../../lib/sanity-fetch'

/**
 * Every published review's experience and rating, in one read, summed up per experience for the cards
 * (docs/decisions/090-reviews-as-drafts.md). One scan of the reviews rather than a subquery per card: on the
 * local lake the per-card subqueries made the listing's query about fifty times slower. Anonymous reads see
 * published documents only, so drafts and rejected reviews (which stay drafts) never count; the reason is
 * checked as well, a second guard.
 */
export const experienceRatingsQuery = defineQuery(
  `*[_type == "review" && defined(experience._ref) && !defined(rejectionReason)]{"experience": experience._ref, rating}`,
)

export type ExperienceRatings = Record<string, {average: number; count: number}>

export function ratingsByExperience(rows: ExperienceRatingsQueryResult): ExperienceRatings {
  const ratings = new Map<string, number[]>()
  for (const {experience, rating} of rows) {
    if (!experience) continue
    ratings.set(experience, [...(ratings.get(experience) ?? []), rating])
  }
  const summaries: ExperienceRatings = {}
  for (const [experience, list] of ratings) {
    const summary = ratingSummary(list)
    if (summary) summaries[experience] = summary
  }
  return summaries
}

export const experienceRatingsQueryOptions = () =>
  queryOptions({
    queryKey: ['reviews', 'ratings'],
    queryFn: async ({signal}) =>
      ratingsByExperience(
        await sanityFetch<ExperienceRatingsQueryResult>(experienceRatingsQuery, {}, signal),
      ),
  })

/** The summaries, once loaded (the listing's and home page's loaders load them; a card without one shows none). */
export const useExperienceRatings = () => useQuery(experienceRatingsQueryOptions()).data

import {queryOptions, useQuery} from '@tanstack/react-query'

import {ratingSummary} from '@repo/schemas/review-ratings.ts'
import type {ExperienceRatingsQueryResult} from '@repo/schemas/sanity.types'

import {sanityFetch} from '../../../lib/sanity-fetch'

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
        await sanityFetch<ExperienceRatingsQueryResult>(
          (queries) => queries.experienceRatingsQuery,
          {},
          signal,
        ),
      ),
  })

/** The summaries, once loaded (the listing's and home page's loaders load them; a card without one shows none). */
export const useExperienceRatings = () => useQuery(experienceRatingsQueryOptions()).data

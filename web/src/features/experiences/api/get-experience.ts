import {queryOptions, useSuspenseQuery} from '@tanstack/react-query'

import {sanityFetch} from '../../../lib/sanity-fetch'
import type {ExperienceBySlugQueryResult} from '@repo/schemas/sanity.types'

export const experienceQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['experiences', 'detail', slug],
    queryFn: ({signal}) =>
      sanityFetch<ExperienceBySlugQueryResult>(
        (queries) => queries.experienceBySlugQuery,
        {slug},
        signal,
      ),
  })

export const useExperience = (slug: string) => useSuspenseQuery(experienceQueryOptions(slug))

import {queryOptions, useSuspenseQuery} from '@tanstack/react-query'

import {sanityFetch} from '../../../lib/sanity-fetch'
import type {ExperiencesQueryResult} from '@repo/schemas/sanity.types'

export const experiencesQueryOptions = () =>
  queryOptions({
    queryKey: ['experiences', 'list'],
    queryFn: ({signal}) =>
      sanityFetch<ExperiencesQueryResult>((queries) => queries.experiencesQuery, {}, signal),
  })

export const useExperiences = () => useSuspenseQuery(experiencesQueryOptions())

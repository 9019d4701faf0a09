import {queryOptions, useSuspenseQuery} from '@tanstack/react-query'
import {defineQuery} from 'groq'

import {sanityFetch} from '../../../lib/sanity-fetch'
import type {ExperiencesQueryResult} from '@repo/schemas/sanity.types'

import {experienceDetailFields} from '../../../lib/content-fields'

// The listing opens any experience's detail dialog without another round trip, so it loads the full fields.
export const experiencesQuery = defineQuery(`*[_type == "experience" && defined(slug.current)]
  | order(coalesce(featuredOrder, 99) asc, title asc){${experienceDetailFields}}`)

export const experiencesQueryOptions = () =>
  queryOptions({
    queryKey: ['experiences', 'list'],
    queryFn: ({signal}) => sanityFetch<ExperiencesQueryResult>(experiencesQuery, {}, signal),
  })

export const useExperiences = () => useSuspenseQuery(experiencesQueryOptions())

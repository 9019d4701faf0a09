import {queryOptions, useSuspenseQuery} from '@tanstack/react-query'
import {defineQuery} from 'groq'

import {sanityFetch} from '../../../lib/sanity-fetch'
import type {ExperienceBySlugQueryResult} from '@repo/schemas/sanity.types'

import {experienceDetailFields} from '../../../lib/content-fields'

// Old addresses listed in `aliases` (e.g. cape-point-and-penguins) find the experience too; the page then
// redirects to the canonical slug.
export const experienceBySlugQuery =
  defineQuery(`*[_type == "experience" && (slug.current == $slug || $slug in aliases)]
  | order((slug.current == $slug) desc)[0]{${experienceDetailFields}}`)

export const experienceQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['experiences', 'detail', slug],
    queryFn: ({signal}) =>
      sanityFetch<ExperienceBySlugQueryResult>(experienceBySlugQuery, {slug}, signal),
  })

export const useExperience = (slug: string) => useSuspenseQuery(experienceQueryOptions(slug))

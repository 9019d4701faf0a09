import {queryOptions, useSuspenseQuery} from '@tanstack/react-query'
import {defineQuery} from 'groq'

import {blockContentFields} from '../../../lib/block-content-fields'
import {sanityFetch} from '../../../lib/sanity-fetch'
import type {StoryBySlugQueryResult} from '@repo/schemas/sanity.types'

import {storyCallToActionFields, storyCardFields} from '../../../lib/content-fields'

export const storyBySlugQuery = defineQuery(`*[_type == "story" && slug.current == $slug][0]{
  ${storyCardFields},
  publishedAt,
  "body": body${blockContentFields},
  ${storyCallToActionFields},
  "relatedExperiences": coalesce(relatedExperiences[]->{title, "slug": slug.current}, []),
  _updatedAt
}`)

export const storyQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['stories', 'detail', slug],
    queryFn: ({signal}) => sanityFetch<StoryBySlugQueryResult>(storyBySlugQuery, {slug}, signal),
  })

export const useStory = (slug: string) => useSuspenseQuery(storyQueryOptions(slug))

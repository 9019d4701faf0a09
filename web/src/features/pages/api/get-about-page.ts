import {queryOptions, useSuspenseQuery} from '@tanstack/react-query'
import {defineQuery} from 'groq'

import type {AboutPageQueryResult} from '@repo/schemas/sanity.types'

import {blockContentFields} from '../../../lib/block-content-fields'
import {imageFields} from '../../../lib/image-fields'
import {sanityFetch} from '../../../lib/sanity-fetch'

export const aboutPageQuery = defineQuery(`*[_type == "aboutPage" && _id == "aboutPage"][0]{
  overline,
  heading,
  intro,
  "image": image${imageFields},
  philosophyHeading,
  "philosophy": philosophy${blockContentFields},
  partnersHeading,
  "partnerTypes": coalesce(partnerTypes[]{_key, title, text}, []),
  ctaHeading,
  ctaText,
  ctaLabel
}`)

export type AboutPageContent = NonNullable<AboutPageQueryResult>

export const aboutPageQueryOptions = () =>
  queryOptions({
    queryKey: ['about-page'],
    queryFn: ({signal}) => sanityFetch<AboutPageQueryResult>(aboutPageQuery, {}, signal),
  })

export const useAboutPage = () => useSuspenseQuery(aboutPageQueryOptions())

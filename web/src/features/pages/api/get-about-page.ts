import type {PortableTextBlock} from '@portabletext/react'
import {queryOptions, useSuspenseQuery} from '@tanstack/react-query'
import {defineQuery} from 'groq'

import {blockContentFields} from '../../../lib/block-content-fields'
import {imageFields, type SanityImageSource} from '../../../lib/image-fields'
import {sanityFetch} from '../../../lib/sanity-fetch'
import type {Step} from './get-page-copy'

export const aboutPageQuery = defineQuery(`*[_id == "aboutPage"][0]{
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

export type AboutPageContent = {
  overline: string | null
  heading: string | null
  intro: string | null
  image: SanityImageSource | null
  philosophyHeading: string | null
  philosophy: PortableTextBlock[] | null
  partnersHeading: string | null
  partnerTypes: Step[]
  ctaHeading: string | null
  ctaText: string | null
  ctaLabel: string | null
}

export const aboutPageQueryOptions = () =>
  queryOptions({
    queryKey: ['about-page'],
    queryFn: ({signal}) => sanityFetch<AboutPageContent | null>(aboutPageQuery, {}, signal),
  })

export const useAboutPage = () => useSuspenseQuery(aboutPageQueryOptions())

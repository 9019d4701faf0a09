import {queryOptions, useSuspenseQuery} from '@tanstack/react-query'
import {defineQuery} from 'groq'

import {imageFields, type SanityImageSource} from '../../../lib/image-fields'
import {sanityFetch} from '../../../lib/sanity-fetch'
import type {Step} from '../../pages/api/get-page-copy'

/** The sample bespoke 7-day itinerary (the `itinerary` singleton). */
export const sampleItineraryQuery = defineQuery(`*[_id == "itinerary"][0]{
  title,
  intro,
  "overviewPoints": coalesce(overviewPoints[]{_key, title, text}, []),
  "days": coalesce(days[]{_key, day, title, morning, afternoon, evening, "image": image${imageFields}}, []),
  "services": coalesce(services, []),
  pricingNote,
  stickyBarText,
  _updatedAt
}`)

export type ItineraryDay = {
  _key: string
  day: number
  title: string
  morning: string
  afternoon: string
  evening: string
  image: SanityImageSource | null
}

export type SampleItinerary = {
  title: string | null
  intro: string | null
  overviewPoints: Step[]
  days: ItineraryDay[]
  services: string[]
  pricingNote: string | null
  stickyBarText: string | null
  _updatedAt: string
}

export const sampleItineraryQueryOptions = () =>
  queryOptions({
    queryKey: ['itinerary', 'bespoke-7-day'],
    queryFn: ({signal}) => sanityFetch<SampleItinerary | null>(sampleItineraryQuery, {}, signal),
  })

export const useSampleItinerary = () => useSuspenseQuery(sampleItineraryQueryOptions())

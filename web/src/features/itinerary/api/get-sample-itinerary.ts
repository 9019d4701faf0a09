import {queryOptions, useSuspenseQuery} from '@tanstack/react-query'
import {defineQuery} from 'groq'

import type {SampleItineraryQueryResult} from '@repo/schemas/sanity.types'

import {imageFields} from '../../../lib/image-fields'
import {sanityFetch} from '../../../lib/sanity-fetch'

/** The sample bespoke 7-day itinerary (the `itinerary` singleton). */
export const sampleItineraryQuery = defineQuery(`*[_type == "itinerary" && _id == "itinerary"][0]{
  title,
  intro,
  "overviewPoints": coalesce(overviewPoints[]{_key, title, text}, []),
  "days": coalesce(days[]{_key, day, title, morning, afternoon, evening, "image": image${imageFields}}, []),
  "services": coalesce(services, []),
  pricingNote,
  stickyBarText,
  _updatedAt
}`)

export type SampleItinerary = NonNullable<SampleItineraryQueryResult>
export type ItineraryDay = SampleItinerary['days'][number]

export const sampleItineraryQueryOptions = () =>
  queryOptions({
    queryKey: ['itinerary', 'bespoke-7-day'],
    queryFn: ({signal}) =>
      sanityFetch<SampleItineraryQueryResult>(sampleItineraryQuery, {}, signal),
  })

export const useSampleItinerary = () => useSuspenseQuery(sampleItineraryQueryOptions())

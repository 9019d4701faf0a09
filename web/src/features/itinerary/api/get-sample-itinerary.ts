import {queryOptions, useSuspenseQuery} from '@tanstack/react-query'

import type {SampleItineraryQueryResult} from '@repo/schemas/sanity.types'

import {sanityFetch} from '../../../lib/sanity-fetch'

export type SampleItinerary = NonNullable<SampleItineraryQueryResult>
export type ItineraryDay = SampleItinerary['days'][number]

export const sampleItineraryQueryOptions = () =>
  queryOptions({
    queryKey: ['itinerary', 'bespoke-7-day'],
    queryFn: ({signal}) =>
      sanityFetch<SampleItineraryQueryResult>(
        (queries) => queries.sampleItineraryQuery,
        {},
        signal,
      ),
  })

export const useSampleItinerary = () => useSuspenseQuery(sampleItineraryQueryOptions())

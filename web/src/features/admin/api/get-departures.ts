import {keepPreviousData, queryOptions, useQuery} from '@tanstack/react-query'

import type {DepartureRange, DeparturesAnswer} from '@repo/schemas/staff-departures.ts'

import {call, staffKeys} from './staff-api'

const rangeParams = ({from, to, includeEmpty}: DepartureRange) =>
  new URLSearchParams({from, to, ...(includeEmpty ? {empty: '1'} : {})}).toString()

/**
 * Departures with bookings in a range (with `includeEmpty`, every scheduled departure); refetched whenever a booking
 * changes (the events stream invalidates).
 */
export const departuresQueryOptions = (range: DepartureRange) =>
  queryOptions({
    queryKey: [...staffKeys.departures, range],
    queryFn: ({signal}) => call<DeparturesAnswer>(`/departures?${rangeParams(range)}`, {signal}),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  })

export const useDepartures = (range: DepartureRange, enabled: boolean) =>
  useQuery({...departuresQueryOptions(range), enabled})

export const departuresCsvUrl = (range: DepartureRange) =>
  `/api/staff/departures.csv?${rangeParams(range)}`

import {keepPreviousData, queryOptions, useQuery} from '@tanstack/react-query'

import {call, staffKeys} from './staff-api'

/** One departure as the staff API lists it (functions/staff/departures-view.ts). */
export type ManifestBooking = {
  _id: string
  booking_ref?: string | null
  status: string
  experience_id: string
  experience_title?: string | null
  date: string
  preferred_time?: string | null
  pax?: number | null
  name?: string | null
  phone?: string | null
  email?: string | null
  pickup_location?: string | null
  notes?: string | null
  staff_notes?: string | null
}

export type Departure = {
  experience_id: string
  experience_title: string
  date: string
  /** '' is the day as a whole. */
  slot: string
  capacity: number
  taken: number
  requested: number
  left: number
  bookings: ManifestBooking[]
}

/** A date range, and whether to list the departures nobody has booked yet as well. */
export type DepartureRange = {from: string; to: string; includeEmpty: boolean}

const rangeParams = ({from, to, includeEmpty}: DepartureRange) =>
  new URLSearchParams({from, to, ...(includeEmpty ? {empty: '1'} : {})}).toString()

/**
 * Departures with bookings in a range (with `includeEmpty`, every scheduled departure); refetched whenever a booking
 * changes (the events stream invalidates).
 */
export const departuresQueryOptions = (range: DepartureRange) =>
  queryOptions({
    queryKey: [...staffKeys.departures, range],
    queryFn: ({signal}) =>
      call<{from: string; to: string; includeEmpty: boolean; departures: Departure[]}>(
        `/departures?${rangeParams(range)}`,
        {
          signal,
        },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  })

export const useDepartures = (range: DepartureRange, enabled: boolean) =>
  useQuery({...departuresQueryOptions(range), enabled})

export const departuresCsvUrl = (range: DepartureRange) =>
  `/api/staff/departures.csv?${rangeParams(range)}`

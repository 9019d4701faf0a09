import {queryOptions, useQuery} from '@tanstack/react-query'

import {call, staffKeys} from './staff-api'

import type {ProposableDatesAnswer} from '@repo/schemas/request-decisions.ts'

/**
 * The departures of the next 90 days with room for the booking's group, by the experience's rules: the only ones
 * the proposal picker offers. Fetched afresh each time the form opens, since places change by the minute.
 */
export const proposableDatesQueryOptions = (bookingId: string) =>
  queryOptions({
    // Not under `bookings`: those queries hold lists, which a decision rewrites in place.
    queryKey: [...staffKeys.all, 'proposable-dates', bookingId],
    queryFn: ({signal}) =>
      call<ProposableDatesAnswer>(`/bookings/${encodeURIComponent(bookingId)}/proposable-dates`, {
        signal,
      }),
    staleTime: 0,
    retry: false,
  })

export const useProposableDates = (bookingId: string) =>
  useQuery(proposableDatesQueryOptions(bookingId))

import {keepPreviousData, queryOptions, useQuery} from '@tanstack/react-query'

import type {StaffWaitlistAnswer} from '@repo/schemas/waitlist.ts'

import {call, staffKeys} from './staff-api'

/** Everyone on a waitlist for the departures view's dates; refetched with the departures. */
export const waitlistQueryOptions = (range: {from: string; to: string}) =>
  queryOptions({
    queryKey: [...staffKeys.departures, 'waitlist', range.from, range.to],
    queryFn: ({signal}) =>
      call<StaffWaitlistAnswer>(
        `/waitlist?${new URLSearchParams({from: range.from, to: range.to}).toString()}`,
        {signal},
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  })

export const useWaitlist = (range: {from: string; to: string}, enabled: boolean) =>
  useQuery({...waitlistQueryOptions(range), enabled})

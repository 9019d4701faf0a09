import {queryOptions, useMutation, useQuery, useQueryClient} from '@tanstack/react-query'

import type {AttendanceAnswer, AttendanceState, TodayAnswer} from '@repo/schemas/guide-day.ts'

import {call, staffKeys} from './staff-api'

/** The guide's day, under the staff keys (a sign-out clears it with the rest). */
export const todayKey = [...staffKeys.all, 'today'] as const

export const todayQueryOptions = () =>
  queryOptions({
    queryKey: todayKey,
    queryFn: ({signal}) => call<TodayAnswer>('/today', {signal}),
    staleTime: 0,
    retry: false,
  })

export const useToday = () => useQuery(todayQueryOptions())

/** What a check-in or a no-show sends: the booking tapped, or the ticket scanned. */
export type AttendanceRequest = {state: AttendanceState} & ({booking: string} | {token: string})

/** Records who came; the manifest and the departures view refetch with the stored state. */
export function useRecordAttendance() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: AttendanceRequest) =>
      call<AttendanceAnswer>('/attendance', {method: 'POST', body: JSON.stringify(request)}),
    onSuccess: () => {
      void queryClient.invalidateQueries({queryKey: todayKey})
      void queryClient.invalidateQueries({queryKey: staffKeys.departures})
    },
  })
}

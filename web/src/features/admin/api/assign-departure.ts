import {useMutation, useQuery, useQueryClient} from '@tanstack/react-query'

import type {
  AssignmentAnswer,
  AssignmentChoices,
  DepartureAssignmentRequest,
} from '@repo/schemas/departure-assignment.ts'

import {call, staffKeys} from './staff-api'

/** The active guides and every resource, for the departures' assignment (owners and managers). */
export const useAssignmentChoices = (enabled: boolean) =>
  useQuery({
    queryKey: [...staffKeys.departures, 'assignment-choices'],
    queryFn: ({signal}) => call<AssignmentChoices>('/departures/assignment-choices', {signal}),
    enabled,
    staleTime: 60_000,
    retry: false,
  })

/** Stores a departure's guides and resource; the departures are read again. */
export function useAssignDeparture() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: DepartureAssignmentRequest) =>
      call<AssignmentAnswer>('/departures/assignment', {
        method: 'POST',
        body: JSON.stringify(request),
      }),
    onSuccess: () => void queryClient.invalidateQueries({queryKey: staffKeys.departures}),
  })
}

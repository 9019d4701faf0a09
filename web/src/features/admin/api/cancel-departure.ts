import {useMutation, useQuery, useQueryClient} from '@tanstack/react-query'

import type {
  AlternativesAnswer,
  CancellationAnswer,
  CancellationPreviewAnswer,
} from '@repo/schemas/departure-cancellation.ts'
import type {DepartureCancellation} from '@repo/schemas/departure-cancellation-schema.ts'

import {call, staffKeys} from './staff-api'

/** The open dates with places a cancelled departure's travellers may be offered (the dialog's picker). */
export const useAlternatives = (departure: {experience: string; date: string} | null) =>
  useQuery({
    queryKey: [...staffKeys.departures, 'alternatives', departure?.experience, departure?.date],
    queryFn: ({signal}) =>
      call<AlternativesAnswer>(
        `/departures/alternatives?${new URLSearchParams({
          experience: departure!.experience,
          date: departure!.date,
        })}`,
        {signal},
      ),
    enabled: departure !== null,
    staleTime: 0,
    retry: false,
  })

/** The mail the cancellation would send (the first traveller's), composed as the send composes it; nothing stored. */
export function useCancellationPreview() {
  return useMutation({
    mutationFn: (cancellation: DepartureCancellation) =>
      call<CancellationPreviewAnswer>('/departures/cancel/preview', {
        method: 'POST',
        body: JSON.stringify(cancellation),
      }),
  })
}

/** Cancels the departure and sends every traveller's mail; the departures and bookings are read again. */
export function useCancelDeparture() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (cancellation: DepartureCancellation) =>
      call<CancellationAnswer>('/departures/cancel', {
        method: 'POST',
        body: JSON.stringify(cancellation),
      }),
    onSuccess: () => {
      for (const queryKey of [staffKeys.bookings, staffKeys.departures, staffKeys.mail])
        void queryClient.invalidateQueries({queryKey})
    },
  })
}

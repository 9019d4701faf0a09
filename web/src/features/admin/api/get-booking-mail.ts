import {queryOptions, useMutation, useQuery, useQueryClient} from '@tanstack/react-query'

import type {BookingMailLog} from '@repo/schemas/staff-booking-mail.ts'

import {call, staffKeys} from './staff-api'

const bookingMailKey = (bookingId: string) => [...staffKeys.mail, bookingId] as const

/** How often an open log looks again while a mail is still on its way (the outbox tries every few seconds). */
const WHILE_WAITING_MS = 5_000

/** A booking's mail log, refreshed while any of its mail is still on its way. */
export const bookingMailQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: bookingMailKey(bookingId),
    queryFn: ({signal}) =>
      call<BookingMailLog>(`/bookings/${encodeURIComponent(bookingId)}/mail`, {signal}),
    refetchInterval: (query) =>
      query.state.data?.mail.some((mail) => mail.status === 'pending' || mail.status === 'sending')
        ? WHILE_WAITING_MS
        : false,
    retry: false,
  })

export const useBookingMail = (bookingId: string) => useQuery(bookingMailQueryOptions(bookingId))

/** Queues a failed mail again; the answer is the booking's log as it now stands. */
export function useResendMail(bookingId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (mailId: string) =>
      call<BookingMailLog>(
        `/bookings/${encodeURIComponent(bookingId)}/mail/${encodeURIComponent(mailId)}/resend`,
        {method: 'POST'},
      ),
    onSuccess: (log) => queryClient.setQueryData(bookingMailKey(bookingId), log),
    onSettled: () => void queryClient.invalidateQueries({queryKey: bookingMailKey(bookingId)}),
  })
}

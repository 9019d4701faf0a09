import {queryOptions, useMutation, useQuery, useQueryClient} from '@tanstack/react-query'

import {call, staffKeys} from './staff-api'

/** One mail of a booking, as the staff API lists it (functions/staff/booking-mail.ts). */
export type BookingMail = {
  mail_id: string
  to: string
  subject: string
  status: 'pending' | 'sending' | 'sent' | 'failed'
  attempts: number
  queued_at: string
  next_attempt_at: string
  sent_at?: string | null
  last_error?: string | null
}

const bookingMailKey = (bookingId: string) => [...staffKeys.mail, bookingId] as const

/** How often an open log looks again while a mail is still on its way (the outbox tries every few seconds). */
const WHILE_WAITING_MS = 5_000

/** A booking's mail log (issue 16), refreshed while any of its mail is still on its way. */
export const bookingMailQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: bookingMailKey(bookingId),
    queryFn: ({signal}) =>
      call<{mail: BookingMail[]}>(`/bookings/${encodeURIComponent(bookingId)}/mail`, {signal}),
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
      call<{mail: BookingMail[]}>(
        `/bookings/${encodeURIComponent(bookingId)}/mail/${encodeURIComponent(mailId)}/resend`,
        {method: 'POST'},
      ),
    onSuccess: (log) => queryClient.setQueryData(bookingMailKey(bookingId), log),
    onSettled: () => void queryClient.invalidateQueries({queryKey: bookingMailKey(bookingId)}),
  })
}

import {useQuery, useQueryClient} from '@tanstack/react-query'

import type {
  DepartureMessageAnswer,
  DepartureMessageValues,
  DeskBooking,
  DeskExperiencesAnswer,
  TripChange,
} from '@repo/schemas/booking-desk.ts'
import type {BookingChanged, StaffBooking} from '@repo/schemas/staff-bookings.ts'

import {call, staffKeys, useReplaceBooking} from './staff-api'

/** The experiences the desk may book, with their times (`GET /api/staff/desk/experiences`). */
export const useDeskExperiences = (enabled: boolean) =>
  useQuery({
    queryKey: [...staffKeys.all, 'desk-experiences'],
    queryFn: () => call<DeskExperiencesAnswer>('/desk/experiences'),
    enabled,
    staleTime: 60_000,
  })

/** `POST /api/staff/bookings`: a confirmed booking for a guest on the phone or at the desk. */
export const createDeskBooking = (booking: DeskBooking) =>
  call<BookingChanged>('/bookings', {method: 'POST', body: JSON.stringify(booking)})

/** `PATCH /api/staff/bookings/:id/trip`, with the revision the person saw (in `change`). */
export const changeTrip = (id: string, change: TripChange) =>
  call<BookingChanged>(`/bookings/${encodeURIComponent(id)}/trip`, {
    method: 'PATCH',
    body: JSON.stringify(change),
  })

/** `POST /api/staff/departures/message`: the message to everyone on a departure. */
export const messageDeparture = (message: DepartureMessageValues) =>
  call<DepartureMessageAnswer>('/departures/message', {method: 'POST', body: JSON.stringify(message)})

/** After a desk change: the booking replaced in the lists, the lists, departures and mail log read again. */
export function useAfterDeskChange() {
  const replace = useReplaceBooking()
  const queryClient = useQueryClient()
  return (booking?: StaffBooking | null) => {
    if (booking) replace(booking)
    for (const queryKey of [staffKeys.bookings, staffKeys.departures, staffKeys.mail])
      void queryClient.invalidateQueries({queryKey})
  }
}

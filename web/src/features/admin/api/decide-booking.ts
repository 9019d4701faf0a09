import {useMutation, useQueryClient} from '@tanstack/react-query'

import type {DecisionPreviewAnswer} from '@repo/schemas/request-decisions.ts'
import type {BookingChanged, BookingConflict, StaffBooking} from '@repo/schemas/staff-bookings.ts'
import type {StaffDecisionInput} from '@repo/schemas/staff-decision-schema.ts'

import {ApiError} from '../../../lib/api-client'
import {call, staffKeys, useReplaceBooking} from './staff-api'

/** A decision as the form has it; the booking's revision is added when it is sent. */
export type DecisionForm = DistributiveOmit<StaffDecisionInput, 'revision'>
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

const decisionPath = (booking: StaffBooking) =>
  `/bookings/${encodeURIComponent(booking._id)}/decision`

/** Asks the server for the mail a decision would send; nothing is stored. */
export function useDecisionPreview() {
  return useMutation({
    mutationFn: ({booking, decision}: {booking: StaffBooking; decision: DecisionForm}) =>
      call<DecisionPreviewAnswer>(`${decisionPath(booking)}/preview`, {
        method: 'POST',
        body: JSON.stringify({...decision, revision: booking._rev}),
      }),
  })
}

/**
 * Stores a decision and queues its mail; on a conflict the current booking replaces the stale one. `booking` is the
 * booking as the person saw it when they previewed the decision, NOT as live updates have refreshed it since: its
 * revision is what the server checks, so a colleague's decision in between is refused rather than overwritten.
 */
export function useDecide() {
  const replace = useReplaceBooking()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({booking, decision}: {booking: StaffBooking; decision: DecisionForm}) =>
      call<BookingChanged>(decisionPath(booking), {
        method: 'POST',
        body: JSON.stringify({...decision, revision: booking._rev}),
      }),
    onSuccess: ({booking}) => {
      replace(booking)
      for (const queryKey of [staffKeys.bookings, staffKeys.departures, staffKeys.mail])
        void queryClient.invalidateQueries({queryKey})
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        const current = (error.body as BookingConflict | null)?.booking
        if (current) replace(current)
      }
    },
  })
}

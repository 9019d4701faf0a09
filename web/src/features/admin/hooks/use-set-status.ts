import {useState} from 'react'

import type {BookingStatus} from '@repo/schemas/booking-status.ts'
import type {ConfirmationNumbers} from '@repo/schemas/capacity.ts'
import type {StaffBooking} from '@repo/schemas/staff-bookings.ts'

import {ApiError} from '../../../lib/api-client'
import {overCapacityOf, useChangeStatus} from '../api/staff-api'
import {useToast} from '../components/toasts'

export type OverCapacityQuestion = {booking: StaffBooking; numbers: ConfirmationNumbers}

/**
 * A booking's status changed from the list or the details dialog, told in a toast. A confirmation beyond the
 * departure's places is not an error to staff but a question: its numbers wait in `overCapacity` for "Confirm
 * anyway" (docs/decisions/008-a-lock-document-per-departure.md).
 */
export function useSetStatus() {
  const toast = useToast()
  const changeStatus = useChangeStatus()
  const [overCapacity, setOverCapacity] = useState<OverCapacityQuestion | null>(null)

  function setStatus(booking: StaffBooking, status: BookingStatus, confirmAnyway = false) {
    changeStatus.mutate(
      {booking, status, confirmAnyway},
      {
        onSuccess: () => {
          setOverCapacity(null)
          toast({title: 'Success', description: 'Status updated successfully', variant: 'default'})
        },
        onError: (err) => {
          const numbers = overCapacityOf(err)
          if (numbers) {
            setOverCapacity({booking, numbers})
            return
          }
          setOverCapacity(null)
          toast({
            title: 'Error',
            description:
              err instanceof ApiError && err.status === 409
                ? 'Failed to update status: this booking was changed by someone else. Its current status is shown.'
                : 'Failed to update status',
            variant: 'destructive',
          })
        },
      },
    )
  }

  return {
    setStatus,
    /** The booking whose status is being changed, if any. */
    pendingId: changeStatus.isPending ? (changeStatus.variables?.booking._id ?? null) : null,
    busy: changeStatus.isPending,
    overCapacity,
    dismissOverCapacity: () => setOverCapacity(null),
  }
}

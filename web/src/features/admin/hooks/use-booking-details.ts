import {useRef, useState} from 'react'

import type {StaffBooking} from '@repo/schemas/staff-bookings.ts'

/**
 * The booking whose details are open: the list's current copy of it, or the last one seen while a refetch (or a
 * filter) leaves it off the page, so the dialog does not vanish under the reader. Focus returns to the button that
 * opened it.
 */
export function useBookingDetails(bookings: StaffBooking[] | undefined) {
  const [detailsId, setDetailsId] = useState<string | null>(null)
  const [replyFirst, setReplyFirst] = useState(false)
  const snapshot = useRef<StaffBooking | null>(null)
  const returnFocus = useRef<HTMLElement | null>(null)
  const current = bookings?.find((b) => b._id === detailsId) ?? null
  if (current) snapshot.current = current
  return {
    booking: detailsId ? (current ?? snapshot.current) : null,
    replyFirst,
    returnFocus,
    open: (booking: StaffBooking, button: HTMLButtonElement, focus?: 'reply') => {
      returnFocus.current = button
      setReplyFirst(focus === 'reply')
      setDetailsId(booking._id)
    },
    close: () => setDetailsId(null),
  }
}

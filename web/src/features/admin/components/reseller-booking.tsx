import {useState} from 'react'

import type {StaffBooking} from '@repo/schemas/staff-bookings.ts'

import {apiErrorMessage} from '../../../lib/api-client'
import {useCancelResellerBooking} from '../api/channels'
import {useToast} from './toasts'

/** "Sold by Harbour Resellers, their reference HR-1001": a reseller's booking wherever staff see bookings. */
export function resellerLine(booking: {
  reseller_name?: string | null
  reseller_reference?: string | null
}): string | null {
  if (!booking.reseller_name) return null
  return booking.reseller_reference
    ? `Sold by ${booking.reseller_name}, their reference ${booking.reseller_reference}`
    : `Sold by ${booking.reseller_name}`
}

export function ResellerSource({
  booking,
  className,
}: {
  booking: {reseller_name?: string | null; reseller_reference?: string | null}
  className?: string
}) {
  const line = resellerLine(booking)
  return line ? <span className={className ?? 'admin-table__reseller'}>{line}</span> : null
}

/**
 * A reseller's booking in its details: who sold it, and cancelling it (the reseller reads CANCELLED on its next
 * request; functions/staff/channels.ts). Asked once more before it is done.
 */
export function ResellerBookingSection({booking}: {booking: StaffBooking}) {
  const cancel = useCancelResellerBooking()
  const toast = useToast()
  const [asking, setAsking] = useState(false)
  if (booking.source !== 'reseller') return null
  return (
    <section aria-labelledby="admin-details-reseller">
      <h3 id="admin-details-reseller">Reseller</h3>
      <dl>
        <div className="admin-details__row">
          <dt>Sold by</dt>
          <dd>{booking.reseller_name ?? 'A reseller'}</dd>
        </div>
        <div className="admin-details__row">
          <dt>Their reference</dt>
          <dd>{booking.reseller_reference || 'None given'}</dd>
        </div>
      </dl>
      {booking.status !== 'confirmed' ? null : asking ? (
        <div className="button-row" role="group" aria-label="Confirm the cancellation">
          <p>
            Cancel this booking? {booking.reseller_name ?? 'The reseller'} sees it cancelled by us,
            and its places are free again.
          </p>
          <button
            type="button"
            className="button button--danger"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(booking._id, {
                onSuccess: () => {
                  setAsking(false)
                  toast({
                    title: 'Booking cancelled',
                    description: `${booking.booking_ref}: ${booking.reseller_name ?? 'the reseller'} sees it cancelled.`,
                    variant: 'default',
                  })
                },
                onError: (error) =>
                  toast({
                    title: 'Error',
                    description: apiErrorMessage(error, 'The booking could not be cancelled.'),
                    variant: 'destructive',
                  }),
              })
            }
          >
            Cancel the booking
          </button>
          <button type="button" className="button button--ghost" onClick={() => setAsking(false)}>
            Keep it
          </button>
        </div>
      ) : (
        <button type="button" className="button button--ghost" onClick={() => setAsking(true)}>
          Cancel this reseller booking
        </button>
      )}
    </section>
  )
}

import type {RefObject} from 'react'

import {Modal} from '../../../components/ui/modal'
import {formatLongDate} from '@repo/schemas/format-date.ts'
import type {ConfirmationNumbers} from '@repo/schemas/capacity.ts'
import type {StaffBooking} from '@repo/schemas/staff-bookings.ts'

const places = (n: number) => `${n} ${n === 1 ? 'place' : 'places'}`

/**
 * Asked before a confirmation that would go beyond a departure's places (docs/decisions/007-places-per-departure.md):
 * the numbers, then an explicit "Confirm anyway", which the server records in the booking's history. Cancel leaves
 * the booking as it was.
 */
export function ConfirmAnywayDialog({
  pending,
  busy,
  onConfirm,
  onCancel,
  returnFocusRef,
}: {
  pending: {booking: StaffBooking; numbers: ConfirmationNumbers} | null
  busy: boolean
  onConfirm: () => void
  onCancel: () => void
  returnFocusRef?: RefObject<HTMLElement | null>
}) {
  const numbers = pending?.numbers
  return (
    <Modal
      open={pending !== null}
      onClose={onCancel}
      title="This departure is full"
      className="confirm-anyway"
      returnFocusRef={returnFocusRef}
      footer={
        <>
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={onConfirm}
            disabled={busy}
          >
            Confirm anyway
          </button>
        </>
      }
    >
      {pending && numbers ? (
        <>
          <p>
            Confirming {pending.booking.name ?? 'this booking'} ({pending.booking.booking_ref}) for{' '}
            {places(numbers.pax)} would go beyond the places of{' '}
            {pending.booking.experience_title ?? 'this experience'} on{' '}
            {formatLongDate(numbers.date)}
            {numbers.slot ? ` (${numbers.slot})` : ''}.
          </p>
          <dl className="confirm-anyway__numbers">
            <dt>Capacity</dt>
            <dd>{places(numbers.capacity)}</dd>
            <dt>Taken (confirmed)</dt>
            <dd>{places(numbers.taken - (numbers.held ?? 0))}</dd>
            {numbers.held ? (
              <>
                <dt>Held for the waitlist</dt>
                <dd>{places(numbers.held)}</dd>
              </>
            ) : null}
            <dt>Requested (new and contacted)</dt>
            <dd>{places(numbers.requested)}</dd>
            <dt>Left</dt>
            <dd>{places(numbers.left)}</dd>
            <dt>This booking</dt>
            <dd>{places(numbers.pax)}</dd>
          </dl>
          <p>“Confirm anyway” is recorded in the booking’s history.</p>
        </>
      ) : null}
    </Modal>
  )
}

import type {BookingStatus} from '@repo/schemas/booking-status.ts'
import {bookingStateTitle} from '@repo/schemas/departure-life.ts'

import {formatCreatedAt, formatLongDate, formatTripDate} from '@repo/schemas/format-date.ts'
import {workingHoursInWords} from '@repo/schemas/working-hours.ts'
import type {StaffBooking} from '@repo/schemas/staff-bookings.ts'
import {EmailText} from './email-text'
import {StatusSelect} from './status-select'
import {ResellerSource} from './reseller-booking'

/**
 * The bookings table. On a phone each row becomes a card; `data-label` names its cells, and the
 * explicit roles keep the table's semantics, which browsers drop once its CSS display changes. A request waiting
 * longer than the response target (docs/decisions/014-nothing-waits-unseen.md) says so in words beside its creation
 * time, not by colour alone.
 */
export function BookingTable({
  bookings,
  pendingId,
  onStatusChange,
  onView,
}: {
  bookings: StaffBooking[]
  pendingId: string | null
  onStatusChange: (booking: StaffBooking, status: BookingStatus) => void
  /** `reply`: open the details at the decisions, the row's one-step way to answer. */
  onView: (booking: StaffBooking, button: HTMLButtonElement, focus?: 'reply') => void
}) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table" role="table">
        <caption className="visually-hidden">
          Booking requests: those waiting too long for an answer first, then newest first
        </caption>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              Date Created
            </th>
            <th scope="col" role="columnheader">
              Reference
            </th>
            <th scope="col" role="columnheader">
              Experience
            </th>
            <th scope="col" role="columnheader">
              Trip Date
            </th>
            <th scope="col" role="columnheader">
              Pax
            </th>
            <th scope="col" role="columnheader">
              Customer
            </th>
            <th scope="col" role="columnheader">
              Status
            </th>
            <th scope="col" role="columnheader">
              Actions
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {bookings.map((booking) => (
            <tr
              role="row"
              key={booking._id}
              data-booking-ref={booking.booking_ref}
              className={booking.waiting_too_long ? 'admin-table__row--waiting' : undefined}
            >
              <td role="cell" data-label="Date Created">
                {/* One box, so the phone's card layout keeps the flag beside its time, not under the label. */}
                <span>
                  {formatCreatedAt(booking.created_at)}
                  {booking.waiting_too_long ? (
                    <span className="admin-waiting-flag">
                      Waiting {workingHoursInWords(booking.waiting_hours ?? 0)}
                    </span>
                  ) : null}
                </span>
              </td>
              <th scope="row" role="rowheader" data-label="Reference" className="admin-table__ref">
                {booking.booking_ref}
              </th>
              <td role="cell" data-label="Experience">
                {booking.experience_title}
              </td>
              <td role="cell" data-label="Trip Date">
                {booking.date ? formatTripDate(booking.date) : ''}
              </td>
              <td role="cell" data-label="Pax">
                {booking.pax_total ?? 0}
              </td>
              <td role="cell" data-label="Customer">
                {booking.anonymised_at ? (
                  <span className="admin-table__erased">
                    Erased on {formatLongDate(booking.anonymised_at)}
                  </span>
                ) : (
                  <>
                    <span className="admin-table__name">{booking.name}</span>
                    <ResellerSource booking={booking} />
                    <span className="admin-table__email">
                      {booking.email ? <EmailText email={booking.email} /> : null}
                    </span>
                  </>
                )}
              </td>
              <td role="cell" data-label="Status">
                {/* The model's words for where the booking stands (schemas/src/departure-life.ts): "Cancelled by
                    us…" or "Erased", never a bare "Closed" for those. */}
                {booking.anonymised_at ? (
                  bookingStateTitle(booking)
                ) : (
                  <StatusSelect
                    value={booking.status}
                    valueTitle={bookingStateTitle(booking)}
                    label={`Status of ${booking.booking_ref} (now ${bookingStateTitle(booking)})`}
                    disabled={pendingId === booking._id}
                    onChange={(status) => onStatusChange(booking, status)}
                  />
                )}
              </td>
              <td role="cell" data-label="Actions">
                <button
                  type="button"
                  className="button button--ghost admin-table__view"
                  aria-label={`View details of ${booking.booking_ref}`}
                  onClick={(event) => onView(booking, event.currentTarget)}
                >
                  View
                </button>
                {booking.anonymised_at ? null : (
                  <button
                    type="button"
                    className="button button--ghost admin-table__view"
                    aria-label={`Reply to ${booking.booking_ref}`}
                    onClick={(event) => onView(booking, event.currentTarget, 'reply')}
                  >
                    Reply
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

import {useBookingDetails} from '../hooks/use-booking-details'
import type {BookingListState} from '../hooks/use-booking-list'
import {useLiveBookings} from '../hooks/use-live-bookings'
import {useSetStatus} from '../hooks/use-set-status'
import {NewDeskBooking} from './booking-desk'
import {BookingDetailsDialog} from './booking-details-dialog'
import {BookingFilterBar} from './booking-filter-bar'
import {BookingPages} from './booking-pages'
import {BookingTiles} from './booking-tiles'
import {BookingTable} from './booking-table'
import {ConfirmAnywayDialog} from './confirm-anyway-dialog'
import {useToast} from './toasts'

/**
 * The bookings view: filters, tiles, one page of the list, and the dialogs a booking opens (its details, and the
 * question before confirming beyond its departure's places). Kept mounted while another view shows, so the
 * filters and the page survive a look at the departures.
 */
export function BookingsView({
  list: listState,
  enabled,
  hidden,
  desk = false,
}: {
  list: BookingListState
  /** The person may read bookings: the list loads and new ones are announced. */
  enabled: boolean
  hidden: boolean
  /** The person may use the booking desk (a booking for a phone or walk-in guest, a trip changed). */
  desk?: boolean
}) {
  const toast = useToast()
  const {bookings, update} = listState
  const status = useSetStatus()
  const details = useBookingDetails(bookings.data?.bookings)

  useLiveBookings(
    () =>
      toast({
        title: 'New booking',
        description: 'A new booking request has arrived.',
        variant: 'default',
      }),
    enabled,
  )

  const list = bookings.data
  const showLoading = bookings.isPending || (bookings.isFetching && !list)
  const {overCapacity} = status

  return (
    <>
      <div hidden={hidden}>
        {desk ? (
          <div className="booking-desk__bar">
            <NewDeskBooking />
          </div>
        ) : null}
        <BookingFilterBar list={listState} experiences={list?.experiences ?? []} />

        <BookingTiles list={list} />

        <div aria-live="polite" aria-busy={bookings.isFetching}>
          {showLoading ? (
            <p className="admin-empty">Loading bookings...</p>
          ) : list && list.bookings.length === 0 ? (
            <p className="admin-empty">No bookings found matching your filters.</p>
          ) : null}
        </div>

        {list && list.bookings.length > 0 ? (
          <BookingTable
            bookings={list.bookings}
            pendingId={status.pendingId}
            onStatusChange={status.setStatus}
            onView={details.open}
          />
        ) : null}

        <BookingPages list={list} onPage={(page) => update({page})} />
      </div>

      <ConfirmAnywayDialog
        pending={overCapacity}
        busy={status.busy}
        onCancel={status.dismissOverCapacity}
        onConfirm={() => {
          if (!overCapacity) return
          // The server's copy may be newer than the row the dropdown showed.
          const latest =
            list?.bookings.find((b) => b._id === overCapacity.booking._id) ?? overCapacity.booking
          status.setStatus(latest, 'confirmed', true)
        }}
      />

      <BookingDetailsDialog
        booking={details.booking}
        onClose={details.close}
        returnFocusRef={details.returnFocus}
        replyFirst={details.replyFirst}
        desk={desk}
        markingContacted={status.busy}
        onMarkContacted={(booking) => status.setStatus(booking, 'contacted')}
      />
    </>
  )
}

import {useId} from 'react'

import {bookingStatusTitle} from '@repo/schemas/booking-status.ts'

import {DEPARTURE_STATE_TITLES} from '@repo/schemas/departure-life.ts'
import {formatLongDateTime, formatShortDate} from '@repo/schemas/format-date.ts'
import {ATTENDANCE_TITLES} from '@repo/schemas/guide-day.ts'
import {
  CANCELLATION_ANSWER_TITLES,
  type CancelledDeparture,
  type DepartureRow,
} from '@repo/schemas/staff-departures.ts'
import {waitlistDepartureKey, type StaffWaitlistEntry} from '@repo/schemas/waitlist-entries.ts'

import type {AssignmentChoices} from '@repo/schemas/departure-assignment.ts'

import {DepartureAssignmentPanel} from './departure-assignment'
import {DepartureWaitlist} from './departure-waitlist'
import {ResellerSource} from './reseller-booking'

/**
 * One departure's manifest: its numbers and everyone on it, with what the guide needs (pickup, phone, notes).
 * "Print manifest" prints this departure alone (see the print rules in admin.css).
 */
export function DepartureManifest({
  departure,
  waitlist,
  printing,
  onPrint,
  onCancel,
  onMessage,
  assignmentChoices,
}: {
  departure: DepartureRow
  /** The guides and resources an owner or manager may assign; absent for the others. */
  assignmentChoices?: AssignmentChoices | undefined
  /** Everyone waiting in the view's dates; this departure's are shown under its manifest. */
  waitlist?: readonly StaffWaitlistEntry[] | undefined
  printing: boolean
  onPrint: () => void
  /** Opens the cancellation of this experience's departures that day (staff who may cancel, dates ahead). */
  onCancel?: (button: HTMLButtonElement) => void
  /** Opens the message to everyone on this experience's departures that day (booking-desk.tsx). */
  onMessage?: (button: HTMLButtonElement) => void
}) {
  const titleId = useId()
  const slot = departure.slot || 'Any time'
  if (departure.cancelled)
    return (
      <CancelledManifest departure={departure} cancelled={departure.cancelled} titleId={titleId} />
    )
  const over = departure.taken > departure.capacity
  const held = departure.held ?? 0
  return (
    <article
      className={['manifest', printing ? 'manifest--print' : ''].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      data-departure={`${departure.experience_id}|${departure.date}|${departure.slot}`}
    >
      <header className="manifest__header">
        <h3 id={titleId}>
          {departure.experience_title}, {formatShortDate(departure.date)}, {slot}
        </h3>
        {onCancel ? (
          <button
            type="button"
            className="button button--ghost manifest__print"
            onClick={(event) => onCancel(event.currentTarget)}
          >
            Cancel departure…
            <span className="visually-hidden">
              {' '}
              {departure.experience_title}, {formatShortDate(departure.date)}
            </span>
          </button>
        ) : null}
        {onMessage ? (
          <button
            type="button"
            className="button button--ghost manifest__print"
            onClick={(event) => onMessage(event.currentTarget)}
          >
            Message travellers…
            <span className="visually-hidden">
              {' '}
              on {departure.experience_title}, {formatShortDate(departure.date)}
            </span>
          </button>
        ) : null}
        <button type="button" className="button button--ghost manifest__print" onClick={onPrint}>
          Print manifest
          <span className="visually-hidden">
            {' '}
            for {departure.experience_title}, {formatShortDate(departure.date)}, {slot}
          </span>
        </button>
      </header>
      <dl className="manifest__numbers">
        <div>
          <dt>Capacity</dt>
          <dd>{departure.capacity}</dd>
        </div>
        {/* One count, its parts labelled (departure-life.ts): taken is what is confirmed and what is held. */}
        <div>
          <dt>Confirmed</dt>
          <dd className={over ? 'manifest__over' : undefined}>
            {departure.taken - held}
            {over ? ' (over capacity)' : ''}
          </dd>
        </div>
        {held > 0 ? (
          <div>
            <dt>Held for the waitlist</dt>
            <dd>{held}</dd>
          </div>
        ) : null}
        <div>
          <dt>Requested</dt>
          <dd>{departure.requested}</dd>
        </div>
        <div>
          <dt>Left</dt>
          <dd>{departure.left}</dd>
        </div>
      </dl>
      <DepartureAssignmentPanel departure={departure} choices={assignmentChoices} />
      <div className="admin-table-wrap">
        <table className="manifest__table">
          <caption className="visually-hidden">
            People on {departure.experience_title}, {formatShortDate(departure.date)}, {slot}
          </caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Pax</th>
              <th scope="col">Status</th>
              <th scope="col">Pickup</th>
              <th scope="col">Phone</th>
              <th scope="col">Their notes</th>
              <th scope="col">Staff notes</th>
              <th scope="col">Attendance</th>
            </tr>
          </thead>
          <tbody>
            {departure.bookings.length === 0 ? (
              <tr>
                <td colSpan={8}>No bookings yet.</td>
              </tr>
            ) : null}
            {departure.bookings.map((booking) => (
              <tr key={booking._id} data-booking-ref={booking.booking_ref ?? undefined}>
                <th scope="row">
                  {booking.name}
                  <span className="manifest__ref"> {booking.booking_ref}</span>
                  <ResellerSource booking={booking} className="manifest__reseller" />
                </th>
                <td data-label="Pax">{booking.pax ?? ''}</td>
                <td data-label="Status">{bookingStatusTitle(booking.status)}</td>
                <td data-label="Pickup">{booking.pickup_location ?? ''}</td>
                <td data-label="Phone">
                  {booking.phone ? (
                    <a href={`tel:${booking.phone.replace(/[^\d+]/g, '')}`}>{booking.phone}</a>
                  ) : (
                    ''
                  )}
                </td>
                <td data-label="Their notes">{booking.notes ?? ''}</td>
                <td data-label="Staff notes">
                  {booking.staff_notes?.trim() ? (
                    // One element beside the label on a phone's card (admin.css), the author under the notes.
                    <span>
                      {booking.staff_notes}
                      {booking.staff_notes_by ? (
                        <span className="manifest__note-by">
                          {booking.staff_notes_by}
                          {booking.staff_notes_at
                            ? `, ${formatLongDateTime(booking.staff_notes_at)}`
                            : ''}
                        </span>
                      ) : null}
                    </span>
                  ) : (
                    ''
                  )}
                </td>
                <td data-label="Attendance">
                  {booking.attendance?.state ? (
                    <span>
                      {ATTENDANCE_TITLES[booking.attendance.state]}
                      <span className="manifest__note-by">
                        {booking.attendance.by}
                        {booking.attendance.at
                          ? `, ${formatLongDateTime(booking.attendance.at)}`
                          : ''}
                      </span>
                    </span>
                  ) : (
                    ''
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <DepartureWaitlist
        entries={(waitlist ?? []).filter(
          (entry) => waitlistDepartureKey(entry) === waitlistDepartureKey(departure),
        )}
      />
    </article>
  )
}

/**
 * A departure staff cancelled (weather, conditions): it stays in the view, saying when, by whom and why, and how
 * each traveller who was on it answered: moved (to which date), accepted, or not yet.
 */
function CancelledManifest({
  departure,
  cancelled,
  titleId,
}: {
  departure: DepartureRow
  cancelled: CancelledDeparture
  titleId: string
}) {
  const slot = departure.slot || 'Any time'
  return (
    <article
      className="manifest manifest--cancelled"
      aria-labelledby={titleId}
      data-departure={`${departure.experience_id}|${departure.date}|${departure.slot}`}
    >
      <header className="manifest__header">
        <h3 id={titleId}>
          {departure.experience_title}, {formatShortDate(departure.date)}, {slot}:{' '}
          {DEPARTURE_STATE_TITLES.cancelled}
        </h3>
      </header>
      <p>
        Cancelled by {cancelled.by || 'the team'} on {formatLongDateTime(cancelled.at)}:{' '}
        {cancelled.reason}
      </p>
      <div className="admin-table-wrap">
        <table className="manifest__table">
          <caption className="visually-hidden">
            Travellers who were on {departure.experience_title}, {formatShortDate(departure.date)}
          </caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Pax</th>
              <th scope="col">Answer</th>
            </tr>
          </thead>
          <tbody>
            {cancelled.travellers.length === 0 ? (
              <tr>
                <td colSpan={3}>Nobody was booked on it.</td>
              </tr>
            ) : null}
            {cancelled.travellers.map((traveller) => (
              <tr key={traveller._id} data-booking-ref={traveller.booking_ref ?? undefined}>
                <th scope="row">
                  {traveller.name}
                  <span className="manifest__ref"> {traveller.booking_ref}</span>
                </th>
                <td>{traveller.pax ?? ''}</td>
                <td>
                  {CANCELLATION_ANSWER_TITLES[traveller.answer]}
                  {traveller.moved_to ? ` to ${formatShortDate(traveller.moved_to)}` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </article>
  )
}

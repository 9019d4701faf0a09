import {useEffect, useId, useState, type ReactNode, type RefObject} from 'react'

import {bookingStatusTitle, canMarkContacted} from '@repo/schemas/booking-status.ts'
import {bookingStateTitle} from '@repo/schemas/departure-life.ts'
import {formatLongDate, formatLongDateTime} from '@repo/schemas/format-date.ts'
import {
  ACTION_TITLES,
  departureInWords,
  type StatusHistoryEntry,
} from '@repo/schemas/request-decisions.ts'

import {bookingSourceOf, type BookingSource} from '@repo/schemas/booking-source.ts'

import {Modal} from '../../../components/ui/modal'
import type {StaffBooking} from '@repo/schemas/staff-bookings.ts'

import {ApiError} from '../../../lib/api-client'
import {useSaveNotes} from '../api/staff-api'
import {BookingDecisions} from './booking-decisions'
import {TripChange} from './booking-desk'
import {BookingMailLog} from './booking-mail-log'
import {useToast} from './toasts'
import {ResellerBookingSection} from './reseller-booking'

const NOT_PROVIDED = 'Not provided'

/** The statuses the desk may change a trip in (functions/staff/booking-desk.ts refuses the rest). */
const CHANGEABLE = new Set(['new', 'contacted', 'confirmed'])

const SOURCE_TITLES: Record<BookingSource, string> = {
  site: 'The site’s booking form',
  staff: 'The booking desk (phone or walk-in)',
  reseller: 'A reseller',
}

export const replySubject = (reference: string) => `Re: Your booking request ${reference}`

export function mailtoHref(email: string, reference: string): string {
  // The address keeps its @ readable; everything else is encoded so a crafted address cannot add headers.
  return `mailto:${encodeURIComponent(email).replace('%40', '@')}?subject=${encodeURIComponent(replySubject(reference))}`
}

function Row({label, children}: {label: string; children: ReactNode}) {
  return (
    <div className="admin-details__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

const orNotProvided = (value: string | null | undefined) => (value?.trim() ? value : NOT_PROVIDED)

/** "Booking Details - {reference}". Every value is rendered as text, so HTML in a field stays inert. */
export function BookingDetailsDialog({
  booking,
  onClose,
  onMarkContacted,
  markingContacted,
  returnFocusRef,
  replyFirst = false,
  desk = false,
}: {
  booking: StaffBooking | null
  /** The person may change the trip at the booking desk. */
  desk?: boolean
  /** Opened from a row's Reply: focus starts at the decisions. */
  replyFirst?: boolean
  onClose: () => void
  onMarkContacted: (booking: StaffBooking) => void
  markingContacted: boolean
  returnFocusRef?: RefObject<HTMLElement | null>
}) {
  return (
    <Modal
      open={booking !== null}
      onClose={onClose}
      title={booking ? `Booking Details - ${booking.booking_ref}` : ''}
      className="admin-details"
      returnFocusRef={returnFocusRef}
      footer={
        booking && !booking.anonymised_at ? (
          <div className="button-row">
            {booking.email ? (
              <a
                className="button button--ghost"
                href={mailtoHref(booking.email, booking.booking_ref)}
              >
                Reply via Email
              </a>
            ) : null}
            {canMarkContacted(booking.status) ? (
              <button
                type="button"
                className="button button--primary"
                disabled={markingContacted}
                onClick={() => onMarkContacted(booking)}
              >
                Mark as Contacted
              </button>
            ) : null}
          </div>
        ) : null
      }
    >
      {booking ? <DetailsBody booking={booking} replyFirst={replyFirst} desk={desk} /> : null}
    </Modal>
  )
}

function DetailsBody({
  booking,
  replyFirst,
  desk,
}: {
  booking: StaffBooking
  replyFirst: boolean
  desk: boolean
}) {
  const erased = booking.anonymised_at
  return (
    <div className="admin-details__body">
      <section aria-labelledby="admin-details-customer">
        <h3 id="admin-details-customer">Customer</h3>
        {erased ? (
          <p className="admin-details__erased" role="note">
            Personal details erased on {formatLongDate(erased)}. Only the trip is kept; there is
            nobody to write to or decide for.
          </p>
        ) : null}
        <dl>
          <Row label="Name">{orNotProvided(booking.name)}</Row>
          <Row label="Email">{orNotProvided(booking.email)}</Row>
          <Row label="Phone">{orNotProvided(booking.phone)}</Row>
          <Row label="Country">{orNotProvided(booking.country)}</Row>
        </dl>
      </section>
      <section aria-labelledby="admin-details-booking">
        <h3 id="admin-details-booking">Booking</h3>
        <dl>
          <Row label="Experience">{orNotProvided(booking.experience_title)}</Row>
          <Row label="Date">{booking.date ? formatLongDate(booking.date) : NOT_PROVIDED}</Row>
          <Row label="Time">
            {booking.preferred_time?.trim() ? booking.preferred_time : 'Not specified'}
          </Row>
          <Row label="Adults">{booking.pax_adults ?? 0}</Row>
          <Row label="Children">{booking.pax_children ?? 0}</Row>
          <Row label="Status">{bookingStateTitle(booking)}</Row>
          {booking.language ? <Row label="Language">{booking.language}</Row> : null}
          <Row label="Source">{SOURCE_TITLES[bookingSourceOf(booking.source)]}</Row>
        </dl>
      </section>
      <ResellerBookingSection booking={booking} />
      {booking.pickup_location?.trim() ? (
        <section aria-labelledby="admin-details-pickup">
          <h3 id="admin-details-pickup">Pickup Location</h3>
          <p className="admin-details__text">{booking.pickup_location}</p>
        </section>
      ) : null}
      {booking.notes?.trim() ? (
        <section aria-labelledby="admin-details-requests">
          <h3 id="admin-details-requests">Special Requests</h3>
          <p className="admin-details__text">{booking.notes}</p>
        </section>
      ) : null}
      <section aria-labelledby="admin-details-additional">
        <h3 id="admin-details-additional">Additional Information</h3>
        <dl>
          <Row label="How they heard about us">{orNotProvided(booking.how_heard_about_us)}</Row>
          <Row label="Marketing opt-in">{booking.marketing_opt_in ? 'Yes' : 'No'}</Row>
          <Row label="Created">{formatLongDateTime(booking.created_at)}</Row>
        </dl>
      </section>
      <section aria-labelledby="admin-details-consent">
        <h3 id="admin-details-consent">Consent</h3>
        {erased ? (
          <p className="admin-details__text">
            Erased on {formatLongDate(erased)}, with the details.
          </p>
        ) : booking.consent_record ? (
          <dl>
            <Row label="Agreed">{formatLongDateTime(booking.consent_record.agreed_at)}</Row>
            <Row label="Privacy notice version">{booking.consent_record.version}</Row>
            {(booking.consent_record.checkboxes ?? []).map((box) => (
              <Row key={box.key} label="Ticked">
                “{box.text}”
              </Row>
            ))}
          </dl>
        ) : (
          <p className="admin-details__text">
            Sent before consent records were kept: the boxes were ticked, but which words they
            showed is not known.
          </p>
        )}
      </section>
      {erased ? null : <BookingDecisions booking={booking} autoFocus={replyFirst} />}
      {desk && !erased && CHANGEABLE.has(booking.status) ? (
        <TripChange booking={booking} />
      ) : null}
      {erased ? null : <StaffNotes booking={booking} />}
      <BookingMailLog bookingId={booking._id} />
      {booking.status_history?.length ? (
        <section aria-labelledby="admin-details-history">
          <h3 id="admin-details-history">Status history</h3>
          <ol className="admin-details__history">
            {booking.status_history.map((entry) => (
              <HistoryEntry key={entry._key} entry={entry} />
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  )
}

/** One step of the request: the decision or status, who and when, and what the traveller was told. */
function HistoryEntry({entry}: {entry: StatusHistoryEntry}) {
  const title = entry.action ? ACTION_TITLES[entry.action] : bookingStatusTitle(entry.status)
  return (
    <li>
      {title}, {formatLongDateTime(entry.at)}
      {entry.by ? ` (${entry.by})` : ''}
      {entry.note ? `: ${entry.note}` : ''}
      {entry.options?.length ? (
        <ul>
          {entry.options.map((option) => (
            <li key={option._key}>{departureInWords(option)}</li>
          ))}
        </ul>
      ) : null}
      {entry.message ? <p className="admin-details__text">{entry.message}</p> : null}
    </li>
  )
}

/** Internal notes, never shown to the traveller; saved with the booking's revision like a status change. */
function StaffNotes({booking}: {booking: StaffBooking}) {
  const [notes, setNotes] = useState(booking.staff_notes ?? '')
  const save = useSaveNotes()
  const toast = useToast()
  const id = useId()
  // Someone else's newer notes replace the draft only when it has not been edited here.
  useEffect(() => setNotes(booking.staff_notes ?? ''), [booking._id, booking.staff_notes])
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Internal notes</h3>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          save.mutate(
            {booking, notes},
            {
              onSuccess: () =>
                toast({title: 'Success', description: 'Notes saved', variant: 'default'}),
              onError: (error) =>
                toast({
                  title: 'Error',
                  description:
                    error instanceof ApiError && error.status === 409
                      ? 'This booking was changed by someone else. The current version is shown.'
                      : 'Failed to save notes',
                  variant: 'destructive',
                }),
            },
          )
        }}
      >
        {booking.staff_notes?.trim() && booking.staff_notes_by ? (
          <p className="muted admin-details__notes-by">
            Last saved by {booking.staff_notes_by}
            {booking.staff_notes_at ? `, ${formatLongDateTime(booking.staff_notes_at)}` : ''}
          </p>
        ) : null}
        <div className="field">
          <label htmlFor={id}>Internal notes (staff only)</label>
          <textarea
            id={id}
            rows={3}
            value={notes}
            maxLength={5000}
            onChange={(e) => setNotes(e.target.value)}
          />
        </div>
        <button
          type="submit"
          className="button button--ghost"
          disabled={save.isPending || notes === (booking.staff_notes ?? '')}
        >
          Save notes
        </button>
      </form>
    </section>
  )
}

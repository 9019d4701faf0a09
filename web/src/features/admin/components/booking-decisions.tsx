import {useEffect, useId, useState} from 'react'

import {MAX_DECISION_MESSAGE, MAX_PROPOSED_OPTIONS} from '@repo/schemas/decision-limits.ts'
import {
  changesSince,
  DECISION_LABELS,
  STAFF_DECISIONS,
  type StaffDecision,
  departureInWords,
  type DecisionMailPreview,
  type ProposableDeparture,
} from '@repo/schemas/request-decisions.ts'
import type {BookingConflict, StaffBooking} from '@repo/schemas/staff-bookings.ts'
import {BOOKING_LIFE_TITLES, bookingAllows, bookingLife} from '@repo/schemas/departure-life.ts'

import {useDecide, useDecisionPreview, type DecisionForm} from '../api/decide-booking'
import {useDepartures} from '../api/get-departures'
import {useProposableDates} from '../api/get-proposable-dates'
import {ApiError} from '../../../lib/api-client'
import {overCapacityOf} from '../api/staff-api'
import {useToast} from './toasts'
import '../decisions.css'

const SENT_MESSAGES: Record<StaffDecision, string> = {
  confirm: 'Booking confirmed; the traveller is being told.',
  decline: 'Request declined; the traveller is being told.',
  propose: 'Dates proposed; the traveller is being told.',
  question: 'Question sent to the traveller.',
}

const optionValue = (option: {date: string; preferred_time: string}) =>
  `${option.date}|${option.preferred_time}`

function optionLabel(option: ProposableDeparture): string {
  const when = departureInWords(option)
  if (option.left === null) return when
  return `${when} (${option.left} ${option.left === 1 ? 'place' : 'places'} left)`
}

/**
 * What went wrong, in words staff act on: the server's own message when it gave one. A refusal because someone else
 * changed the booking says what they did since `seen` (the booking the person decided on).
 */
function errorText(error: unknown, seen?: StaffBooking): string {
  if (error instanceof ApiError) {
    if (error.status === 409 && !overCapacityOf(error)) {
      const current = (error.body as BookingConflict | null)?.booking
      const changes =
        seen && current ? changesSince(seen.status_history, current.status_history) : []
      const since = changes.length ? ` Since your preview: ${changes.join('; ')}.` : ''
      return `${error.message}${since} The current version is shown: check it and decide again.`
    }
    return error.message
  }
  return 'The decision could not be sent. Please try again.'
}

/**
 * The four decisions staff take on a request, each one action with a preview of the traveller's mail
 * before it is sent. The mail's text is the editors' template, filled in by the server; what is shown is exactly
 * what the outbox will send (its plain-text part).
 */
export function BookingDecisions({
  booking,
  autoFocus = false,
}: {
  booking: StaffBooking
  /** The dialog's first focus goes to the first decision (a row's Reply). */
  autoFocus?: boolean
}) {
  const id = useId()
  const [choice, setChoice] = useState<StaffDecision | null>(null)
  const [text, setText] = useState('')
  const [options, setOptions] = useState<string[]>(['', '', ''])
  const preview = useDecisionPreview()
  const decide = useDecide()
  const toast = useToast()

  // A new choice or another booking starts afresh. A change by someone else after the preview is not cleared
  // here: sending then answers that the booking changed, and shows the current version.
  useEffect(() => {
    preview.reset()
    decide.reset()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset on these changes only
  }, [choice, booking._id])
  useEffect(() => {
    setChoice(null)
    setText('')
    setOptions(['', '', ''])
  }, [booking._id])

  const decision = (): DecisionForm | null => {
    switch (choice) {
      case 'confirm':
        return {decision: 'confirm', message: text}
      case 'decline':
        return {decision: 'decline', reason: text}
      case 'question':
        return {decision: 'question', message: text}
      case 'propose':
        return {
          decision: 'propose',
          message: text,
          options: options.filter(Boolean).map((value) => {
            const [date = '', preferred_time = ''] = value.split('|')
            return {date, preferred_time}
          }),
        }
      default:
        return null
    }
  }

  // The booking as it was when the preview was built: its revision is the one the person decided on. A live update
  // refreshes `booking` meanwhile; sending that revision would overwrite a colleague's decision unseen.
  const previewed = preview.variables?.booking ?? booking

  const send = (confirmAnyway = false) => {
    const chosen = decision()
    if (!chosen) return
    decide.mutate(
      {
        booking: previewed,
        decision:
          chosen.decision === 'confirm' && confirmAnyway ? {...chosen, confirmAnyway} : chosen,
      },
      {
        onSuccess: () => {
          toast({title: 'Sent', description: SENT_MESSAGES[chosen.decision], variant: 'default'})
          setChoice(null)
          setText('')
          setOptions(['', '', ''])
        },
        onError: (error) => {
          // Refused because the booking changed: the preview was of the old one, so it goes, and staff preview again.
          if (error instanceof ApiError && error.status === 409 && !overCapacityOf(error))
            preview.reset()
        },
      },
    )
  }

  const over = overCapacityOf(decide.error)
  // What the booking takes in its state, from the model (departure-life.ts): nothing once erased.
  const life = bookingLife(booking)
  const offered = (value: StaffDecision) => bookingAllows(life, value)
  const firstOffered = STAFF_DECISIONS.find(offered)
  if (!firstOffered)
    return (
      <section aria-labelledby={`${id}-heading`} className="admin-decisions">
        <h3 id={`${id}-heading`}>Reply to the traveller</h3>
        <p>
          {life === 'erased'
            ? 'This booking’s personal details were erased: nothing can be sent for it.'
            : `Nothing to decide: the booking is ${BOOKING_LIFE_TITLES[life].toLowerCase()}.`}
        </p>
      </section>
    )

  return (
    <section aria-labelledby={`${id}-heading`} className="admin-decisions">
      <h3 id={`${id}-heading`}>Reply to the traveller</h3>
      <div role="group" aria-label="Decision" className="button-row">
        {STAFF_DECISIONS.map((value) => (
          <button
            key={value}
            type="button"
            data-autofocus={autoFocus && value === firstOffered ? '' : undefined}
            className={`button ${choice === value ? 'button--primary' : 'button--ghost'}`}
            aria-pressed={choice === value}
            disabled={!offered(value)}
            onClick={() => setChoice(choice === value ? null : value)}
          >
            {DECISION_LABELS[value]}
          </button>
        ))}
      </div>
      {choice ? (
        <form
          className="admin-decisions__form"
          aria-label={DECISION_LABELS[choice]}
          onSubmit={(event) => {
            event.preventDefault()
            const chosen = decision()
            if (chosen) preview.mutate({booking, decision: chosen})
          }}
        >
          {choice === 'confirm' ? (
            <p>The booking becomes Confirmed and the traveller receives the confirmation mail.</p>
          ) : null}
          {choice === 'confirm' && !over ? <PlacesWarning booking={booking} /> : null}
          {choice === 'propose' ? (
            <ProposalOptions
              bookingId={booking._id}
              options={options}
              onChange={(chosen) => {
                setOptions(chosen)
                preview.reset()
              }}
            />
          ) : null}
          {/* Every decision can answer the traveller's notes; a decline and a question must say something. */}
          <div className="field">
            <label htmlFor={`${id}-text`}>
              {choice === 'decline'
                ? 'Reason (goes into the mail)'
                : choice === 'question'
                  ? 'Question (goes into the mail)'
                  : choice === 'confirm'
                    ? 'Message to the traveller (optional, goes into the mail)'
                    : 'Note to the traveller (optional)'}
            </label>
            <textarea
              id={`${id}-text`}
              rows={3}
              value={text}
              required={choice === 'decline' || choice === 'question'}
              maxLength={MAX_DECISION_MESSAGE}
              onChange={(event) => {
                setText(event.target.value)
                preview.reset()
              }}
            />
          </div>
          <button type="submit" className="button button--ghost" disabled={preview.isPending}>
            Preview mail
          </button>
          {preview.error ? (
            <p role="alert" className="field__error">
              {errorText(preview.error)}
            </p>
          ) : null}
          {preview.data ? (
            <MailPreview
              mail={preview.data.mail}
              label={`Send: ${DECISION_LABELS[choice]}`}
              sending={decide.isPending}
              onSend={() => send()}
            />
          ) : null}
          {decide.error && !over ? (
            <p role="alert" className="field__error">
              {errorText(decide.error, decide.variables?.booking)}
            </p>
          ) : null}
          {over ? (
            <div role="alert" className="admin-decisions__over">
              <p>
                Confirming goes beyond the departure’s places: {over.taken} of {over.capacity} taken
                {over.held ? ` (${over.held} held for the waitlist)` : ''}, {over.left} left, this
                booking needs {over.pax}.
              </p>
              <button
                type="button"
                className="button button--primary"
                disabled={decide.isPending}
                onClick={() => send(true)}
              >
                Confirm anyway and send
              </button>
            </div>
          ) : null}
        </form>
      ) : null}
    </section>
  )
}

const placesIn = (n: number) => `${n} ${n === 1 ? 'place' : 'places'}`

/**
 * Before Send: whether confirming would go beyond the departure's places, from the departures view's numbers for
 * its day. The server checks again when it is sent (and then asks "Confirm anyway"); this only warns in time.
 */
function PlacesWarning({booking}: {booking: StaffBooking}) {
  const date = booking.date ?? ''
  const departures = useDepartures({from: date, to: date, includeEmpty: false}, Boolean(date))
  const rows = (departures.data?.departures ?? []).filter(
    (row) => row.experience_id === booking.experience_id && row.date === date,
  )
  const row = rows.find((one) => one.bookings.some((b) => b._id === booking._id)) ?? rows[0]
  const pax = booking.pax_total ?? 0
  if (!row || booking.status === 'confirmed' || row.taken + pax <= row.capacity) return null
  return (
    <div className="admin-decisions__warning" role="note">
      <p>
        <strong>Beyond the departure’s places.</strong> {placesIn(row.taken)} of{' '}
        {placesIn(row.capacity)} are taken, {placesIn(Math.max(row.left, 0))} left, and this booking
        needs {placesIn(pax)}.
      </p>
      <p>
        You can still confirm it: after Send you are asked once more, and the history records it.
      </p>
    </div>
  )
}

function ProposalOptions({
  bookingId,
  options,
  onChange,
}: {
  bookingId: string
  options: string[]
  onChange: (options: string[]) => void
}) {
  const id = useId()
  const dates = useProposableDates(bookingId)
  if (dates.isPending) return <p role="status">Looking up the dates with room…</p>
  if (dates.error)
    return (
      <p role="alert" className="field__error">
        {errorText(dates.error)}
      </p>
    )
  const available = dates.data.dates
  if (available.length === 0)
    return <p role="status">No date in the next 90 days has room for this group.</p>
  return (
    <fieldset className="admin-decisions__options">
      <legend>Dates to offer (one to {MAX_PROPOSED_OPTIONS})</legend>
      {options.map((value, index) => (
        <div className="field" key={index}>
          <label htmlFor={`${id}-${index}`}>
            {['First date', 'Second date (optional)', 'Third date (optional)'][index]}
          </label>
          <select
            id={`${id}-${index}`}
            value={value}
            required={index === 0}
            onChange={(event) =>
              onChange(options.map((old, i) => (i === index ? event.target.value : old)))
            }
          >
            <option value="">{index === 0 ? 'Choose a date' : 'None'}</option>
            {available.map((option) => (
              <option
                key={optionValue(option)}
                value={optionValue(option)}
                disabled={options.includes(optionValue(option)) && value !== optionValue(option)}
              >
                {optionLabel(option)}
              </option>
            ))}
          </select>
        </div>
      ))}
    </fieldset>
  )
}

function MailPreview({
  mail,
  label,
  sending,
  onSend,
}: {
  mail: DecisionMailPreview
  label: string
  sending: boolean
  onSend: () => void
}) {
  const id = useId()
  return (
    <div className="admin-decisions__preview" role="region" aria-labelledby={id}>
      <h4 id={id}>Mail to {mail.to}</h4>
      <p>
        <strong>Subject:</strong> {mail.subject}
      </p>
      <pre className="admin-decisions__mail" tabIndex={0} aria-label="Mail text">
        {mail.text}
      </pre>
      <button type="button" className="button button--primary" disabled={sending} onClick={onSend}>
        {label}
      </button>
    </div>
  )
}

/**
 * The booking dialog's contents, in their own chunk: they bring the booking rules and the date formatting, which
 * a page needs only once a traveller opens the dialog.
 */
import {useQuery} from '@tanstack/react-query'
import {useId, useState} from 'react'
import {useNavigate} from 'react-router-dom'

import {categoryTitle} from '@repo/schemas/categories.ts'
import {
  DEFAULT_PARTY,
  earliestBookableDate,
  isDateAvailable,
  paxSummary,
  paxWithinLimits,
  shouldShowTimeSelect,
  UNAVAILABLE_DATE_MESSAGE,
} from '@repo/schemas/experience-settings.ts'
import {todayInCapeTown} from '@repo/schemas/iso-date.ts'

import {formatShortDate} from '../../../utils/format-date'
import {experienceSettingsQueryOptions} from '../api/get-experience-settings'
import {bookingPageHref} from '../booking-url'

import type {BookingDialogProps} from './booking-dialog'

function Counter({
  label,
  value,
  onChange,
  plusDisabled,
}: {
  label: string
  value: number
  onChange: (value: number) => void
  plusDisabled: boolean
}) {
  const id = useId()
  return (
    <div className="counter" role="group" aria-labelledby={id}>
      <span id={id} className="counter__label">
        {label}
      </span>
      <button
        type="button"
        className="icon-button"
        aria-label={`Fewer ${label.toLowerCase()}`}
        disabled={value <= 0}
        onClick={() => onChange(value - 1)}
      >
        −
      </button>
      <output aria-live="polite" aria-label={`${label}: ${value}`}>
        {value}
      </output>
      <button
        type="button"
        className="icon-button"
        aria-label={`More ${label.toLowerCase()}`}
        disabled={plusDisabled}
        onClick={() => onChange(value + 1)}
      >
        +
      </button>
    </div>
  )
}

export function BookingDialogBody({
  experience,
  onClose,
  onContinue: afterContinue,
  initial,
}: BookingDialogProps) {
  const navigate = useNavigate()
  const settingsQuery = useQuery(experienceSettingsQueryOptions(experience._id))
  const [today] = useState(() => todayInCapeTown())
  const [date, setDate] = useState(initial?.date ?? '')
  const [adults, setAdults] = useState(initial?.adults ?? DEFAULT_PARTY.adults)
  const [children, setChildren] = useState(initial?.children ?? DEFAULT_PARTY.children)
  const [time, setTime] = useState('')
  const dateId = useId()
  const dateErrorId = useId()
  const timeId = useId()

  if (settingsQuery.isPending) return <p role="status">Loading availability…</p>
  if (settingsQuery.isError)
    return (
      <div role="alert">
        <p>We could not load the availability for this experience. Please try again.</p>
        <button type="button" className="button" onClick={() => void settingsQuery.refetch()}>
          Try again
        </button>
      </div>
    )

  const settings = settingsQuery.data
  const total = adults + children
  const dateChosen = date !== ''
  const dateOk = dateChosen && isDateAvailable(date, settings, today)
  const paxOk = paxWithinLimits({adults, children}, settings)
  const showTime = shouldShowTimeSelect(settings)
  const canContinue = dateOk && paxOk

  function onContinue() {
    if (!canContinue) return
    void navigate(
      bookingPageHref(experience.slug, {
        date,
        adults,
        children,
        ...(showTime && time ? {time} : {}),
      }),
    )
    ;(afterContinue ?? onClose)()
  }

  return (
    <form
      className="booking-dialog__form"
      onSubmit={(event) => {
        event.preventDefault()
        onContinue()
      }}
    >
      <div className="field">
        <label htmlFor={dateId}>Date</label>
        <input
          id={dateId}
          type="date"
          data-autofocus
          required
          min={earliestBookableDate(settings, today)}
          value={date}
          onChange={(event) => setDate(event.target.value)}
          aria-invalid={dateChosen && !dateOk}
          aria-describedby={dateChosen && !dateOk ? dateErrorId : undefined}
        />
        {dateChosen && !dateOk ? (
          <p id={dateErrorId} className="field__error" role="alert">
            {UNAVAILABLE_DATE_MESSAGE}
          </p>
        ) : null}
      </div>

      <Counter
        label="Adults"
        value={adults}
        onChange={setAdults}
        plusDisabled={total >= settings.maxPax}
      />
      <Counter
        label="Children"
        value={children}
        onChange={setChildren}
        plusDisabled={total >= settings.maxPax}
      />
      <p className={paxOk ? 'muted' : 'field__error'} aria-live="polite">
        {paxSummary(total, settings)}
      </p>

      {showTime ? (
        <div className="field">
          <label htmlFor={timeId}>Preferred time</label>
          <select id={timeId} value={time} onChange={(event) => setTime(event.target.value)}>
            <option value="">No preference</option>
            {settings.timeSlots.map((slot) => (
              <option key={slot} value={slot}>
                {slot}
              </option>
            ))}
          </select>
        </div>
      ) : null}

      <section className="booking-summary" aria-label="Summary">
        <h3>Summary</h3>
        <dl>
          <dt>Experience</dt>
          <dd>{experience.title}</dd>
          {experience.category ? (
            <>
              <dt>Category</dt>
              <dd>{categoryTitle(experience.category)}</dd>
            </>
          ) : null}
          {experience.duration ? (
            <>
              <dt>Duration</dt>
              <dd>{experience.duration}</dd>
            </>
          ) : null}
          <dt>Date</dt>
          <dd>{dateOk ? formatShortDate(date) : 'Not chosen yet'}</dd>
          <dt>Group</dt>
          <dd>
            {adults} {adults === 1 ? 'adult' : 'adults'}, {children}{' '}
            {children === 1 ? 'child' : 'children'}
          </dd>
          {showTime ? (
            <>
              <dt>Time</dt>
              <dd>{time || 'No preference'}</dd>
            </>
          ) : null}
        </dl>
      </section>

      <div className="modal__footer">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={!canContinue}>
          Continue
        </button>
      </div>
    </form>
  )
}

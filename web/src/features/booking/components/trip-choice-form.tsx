import {useQuery} from '@tanstack/react-query'
import {useId, useRef, useState} from 'react'
import {useHref, useNavigate} from 'react-router-dom'

import {
  DEFAULT_PARTY,
  earliestBookableDate,
  paxSummary,
  shouldShowTimeSelect,
} from '@repo/schemas/experience-settings.ts'
import {todayInCapeTown} from '@repo/schemas/iso-date.ts'
import {nearestAlternatives, type Alternative} from '@repo/schemas/capacity.ts'
import {checkTrip, type TripProblem} from '@repo/schemas/trip-check.ts'

import {SelectField, TextField} from '../../../components/ui/field'
import {useHydrated} from '../../../lib/use-hydrated'
import {formatShortDate} from '@repo/schemas/format-date.ts'
import {withCancelledDates} from '@repo/schemas/departure-cancellation.ts'

import {useAvailability} from '../api/get-availability'
import {experienceSettingsQueryOptions} from '../api/get-experience-settings'
import {bookingPageHref} from '../booking-url'
import type {WaitlistJoinOutcome} from '../waitlist-fields'
import type {BookableExperience} from '../bookable-experience'
import {DepartureAlternatives} from './departure-alternatives'
import {TripFacts} from './trip-facts'
import {WaitlistForm} from './waitlist-form'

export type TripChoice = {
  date?: string | null
  adults?: number | null
  children?: number | null
  time?: string | null
}

/**
 * A number of people: a real number field (`name`), sent with the form and typed into without any script, with
 * − and + buttons added once the page's scripts run.
 */
function Counter({
  label,
  name,
  value,
  onChange,
  plusDisabled,
  max,
  enhanced,
}: {
  label: string
  name: string
  value: number
  onChange: (value: number) => void
  plusDisabled: boolean
  max: number
  /** Once hydrated: the buttons, which need script, are shown. */
  enhanced: boolean
}) {
  const id = useId()
  return (
    <div className="counter">
      <label htmlFor={id} className="counter__label">
        {label}
      </label>
      {enhanced ? (
        <button
          type="button"
          className="icon-button"
          aria-label={`Fewer ${label.toLowerCase()}`}
          aria-controls={id}
          disabled={value <= 0}
          onClick={() => onChange(value - 1)}
        >
          −
        </button>
      ) : null}
      <input
        id={id}
        className="counter__input"
        type="number"
        name={name}
        inputMode="numeric"
        min={0}
        max={max}
        step={1}
        value={value}
        onChange={(event) => {
          const typed = event.target.value.trim()
          const number = typed === '' ? 0 : Number(typed)
          if (Number.isInteger(number) && number >= 0) onChange(Math.min(number, max))
        }}
      />
      {enhanced ? (
        <button
          type="button"
          className="icon-button"
          aria-label={`More ${label.toLowerCase()}`}
          aria-controls={id}
          disabled={plusDisabled}
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      ) : null}
    </div>
  )
}

/**
 * Date, party and preferred time for one experience, checked as the booking function checks them (`checkTrip`),
 * then on to the booking page. The booking dialog shows it, and so does a booking page reached without a usable date
 * or group (an old or shared link). It is a real form (GET to the booking page, the party in `pax` as the
 * booking page's address has it), so the date and time work even before the page's scripts have run.
 */
export function TripChoiceForm({
  experience,
  initial,
  onCancel,
  onChosen,
  inDialog = false,
  waitlistOutcome,
}: {
  experience: BookableExperience
  initial?: TripChoice | undefined
  /** The booking page's answer to its waitlist form posted without script. */
  waitlistOutcome?: WaitlistJoinOutcome | undefined
  /** Shows a Cancel button (the dialog). */
  onCancel?: () => void
  /** After Continue has started the navigation. */
  onChosen?: () => void
  /** The dialog focuses the date first; a page does not move focus. */
  inDialog?: boolean
}) {
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const settingsQuery = useQuery(experienceSettingsQueryOptions(experience._id))
  const [today] = useState(() => todayInCapeTown())
  const [date, setDate] = useState(initial?.date ?? '')
  const [adults, setAdults] = useState(initial?.adults ?? DEFAULT_PARTY.adults)
  const [children, setChildren] = useState(initial?.children ?? DEFAULT_PARTY.children)
  const [time, setTime] = useState(initial?.time ?? '')
  const dateId = useId()
  const timeId = useId()
  const dateInput = useRef<HTMLInputElement>(null)
  // Places taken around the chosen date (docs/decisions/007-places-per-departure.md); idle until a date is chosen.
  const availability = useAvailability(experience.slug, date)
  // Without script the form goes to the booking page in the page's language (the router's basename).
  const bookingPage = useHref(`/book/${encodeURIComponent(experience.slug)}`)

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

  // A departure staff cancelled is closed here as the booking function closes it.
  const settings = withCancelledDates(settingsQuery.data, availability.data?.cancelled ?? [])
  const total = adults + children
  const dateChosen = date !== ''
  const showTime = shouldShowTimeSelect(settings)
  const counts = availability.data && !availability.data.unlimited ? availability.data.counts : null
  // The same check the booking function runs on submit, over the counts the availability function sent.
  const trip = checkTrip(
    settings,
    {date, adults, children, time: showTime ? time : ''},
    today,
    counts,
  )
  const problemWith = (field: TripProblem['field']) => trip.problems.find((p) => p.field === field)
  const dateProblem = problemWith('date')
  const paxOk = !problemWith('party')
  const alternatives: Alternative[] =
    dateChosen && paxOk && counts && dateProblem
      ? nearestAlternatives(settings, trip.departure, total, counts, today)
      : []
  // While the places load, Continue waits; should they fail to load, the booking function still checks. Only
  // once hydrated: the server never fetches them, and the first render in the browser must match its HTML.
  const checkingPlaces =
    hydrated &&
    dateChosen &&
    !dateProblem &&
    availability.isPending &&
    availability.fetchStatus !== 'idle'
  const canContinue = trip.problems.length === 0 && !checkingPlaces
  const dateError = dateChosen && dateProblem ? dateProblem.message : null

  function choose(alternative: Alternative) {
    setDate(alternative.date)
    if (showTime) setTime(alternative.slot)
    // The list goes once the choice fits, so focus returns to the date it changed.
    dateInput.current?.focus()
  }

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
    onChosen?.()
  }

  // A full date (or one with too few places for the group) has a waitlist, beside the form (forms do not nest).
  const full = dateProblem?.reason === 'full' || dateProblem?.reason === 'too-few'
  return (
    <>
      <form
        className="trip-choice"
        method="get"
        action={bookingPage}
        onSubmit={(event) => {
          event.preventDefault()
          onContinue()
        }}
      >
        <TextField
          ref={dateInput}
          id={dateId}
          label="Date"
          type="date"
          name="date"
          data-autofocus={inDialog || undefined}
          required
          requiredMark={false}
          min={earliestBookableDate(settings, today)}
          value={date}
          onChange={(event) => setDate(event.target.value)}
          error={dateError ?? undefined}
          live
          after={
            <>
              {checkingPlaces ? (
                <p className="muted" role="status">
                  Checking places left…
                </p>
              ) : null}
              {/* A past date has nothing near it to offer: its message says so, without "no room". */}
              {dateError !== null && dateProblem?.reason !== 'past' && paxOk && counts ? (
                <DepartureAlternatives
                  alternatives={alternatives}
                  onChoose={choose}
                  // Until the scripts run (or without them), each is a link to the booking page for it.
                  link={hydrated ? undefined : {experienceId: experience.slug, adults, children}}
                />
              ) : null}
            </>
          }
        />

        {/* Sent before the scripts run, the form carries the group as `adults` and `children` (booking-url.ts). */}
        <Counter
          label="Adults"
          name="adults"
          value={adults}
          onChange={setAdults}
          plusDisabled={total >= settings.maxPax}
          max={settings.maxPax}
          enhanced={hydrated}
        />
        <Counter
          label="Children"
          name="children"
          value={children}
          onChange={setChildren}
          plusDisabled={total >= settings.maxPax}
          max={settings.maxPax}
          enhanced={hydrated}
        />
        <p className={paxOk ? 'muted' : 'field__error'} aria-live="polite">
          {paxSummary(total, settings)}
        </p>

        {showTime ? (
          <SelectField
            id={timeId}
            label="Preferred time"
            name="time"
            placeholder="No preference"
            options={settings.timeSlots}
            value={time}
            onChange={(event) => setTime(event.target.value)}
          />
        ) : null}

        <section className="booking-summary" aria-label="Summary">
          <h3>Summary</h3>
          <dl>
            <dt>Experience</dt>
            <dd>{experience.title}</dd>
            <TripFacts
              experience={experience}
              date={dateChosen && !dateProblem ? formatShortDate(date) : 'Not chosen yet'}
              adults={adults}
              children={children}
              time={showTime ? {label: 'Time', value: time || 'No preference'} : null}
            />
          </dl>
        </section>

        <div className={inDialog ? 'modal__footer' : 'button-row'}>
          {onCancel ? (
            <button type="button" className="button" onClick={onCancel}>
              Cancel
            </button>
          ) : null}
          {/* Before the scripts run the browser sends the form and the booking page checks it. */}
          <button
            type="submit"
            className="button button--primary"
            disabled={hydrated && !canContinue}
          >
            Continue
          </button>
        </div>
      </form>
      {full && paxOk && counts ? (
        <WaitlistForm
          key={`${date}|${trip.departure.slot}|${adults}|${children}`}
          trip={{
            experienceId: experience.slug,
            experienceTitle: experience.title,
            date,
            time: trip.departure.slot,
            adults,
            children,
          }}
          outcome={waitlistOutcome}
        />
      ) : null}
    </>
  )
}

import {useEffect, useId, useState} from 'react'

import {formatCreatedAt, formatShortDate} from '@repo/schemas/format-date.ts'
import type {AttendanceAnswer, TodayDeparture, TodayTraveller} from '@repo/schemas/guide-day.ts'

import {ApiError} from '../../../lib/api-client'
import {useRecordAttendance, useToday, type AttendanceRequest} from '../api/guide-day'

/** "+27 82 555 0101" as a dialable number, and as WhatsApp's (digits only, no plus). */
const dialable = (phone: string) => phone.replace(/[^\d+]/g, '')
const whatsAppLink = (phone: string) => `https://wa.me/${phone.replace(/\D/g, '')}`

/** What the guide is told after a tap or a scan, in the view's live region. */
const outcomeInWords = (answer: AttendanceAnswer) => {
  const who = answer.booking.name ?? answer.booking.booking_ref ?? 'The traveller'
  const {state, by, at} = answer.attendance
  if (answer.outcome === 'already')
    return state === 'came'
      ? `${who} is already checked in (by ${by}, ${formatCreatedAt(at)}). Nothing changed.`
      : `${who} is already recorded as a no-show (by ${by}, ${formatCreatedAt(at)}).`
  return state === 'came'
    ? `Checked in: ${who}, ${answer.booking.pax ?? 1} ${answer.booking.pax === 1 ? 'person' : 'people'}.`
    : `No-show recorded: ${who}.`
}

/**
 * The guide's phone on the day (issue 46): their departures of today and tomorrow, each with its meeting point and
 * manifest; a tap on a name checks the traveller in, "No-show" is offered once the trip has started, and the
 * headcount says who is here. Made for one hand on a 390 px screen: one column of cards, nothing wider than it.
 */
export function TodayView() {
  const today = useToday()
  const record = useRecordAttendance()
  const [said, setSaid] = useState('')
  const headingId = useId()

  const send = (request: AttendanceRequest) => {
    record.mutate(request, {
      onSuccess: (answer) => setSaid(outcomeInWords(answer)),
      onError: (error) =>
        setSaid(error instanceof ApiError ? error.message : 'That did not go through. Try again.'),
    })
  }

  return (
    <section className="today" aria-labelledby={headingId}>
      <h2 id={headingId}>Today</h2>
      <p className="today__said" role="status">
        {said}
      </p>
      {today.isPending ? <p className="admin-empty">Loading your departures...</p> : null}
      {today.isError ? (
        <p className="admin-empty" role="alert">
          {today.error.message}
        </p>
      ) : null}
      {today.data && today.data.departures.length === 0 ? (
        <p className="admin-empty">No departures of yours today or tomorrow.</p>
      ) : null}
      {today.data?.departures.map((departure) => (
        <TodayDepartureCard
          key={`${departure.date}|${departure.experience_id}`}
          departure={departure}
          isToday={departure.date === today.data.today}
          busy={record.isPending}
          onRecord={send}
        />
      ))}
    </section>
  )
}

function TodayDepartureCard({
  departure,
  isToday,
  busy,
  onRecord,
}: {
  departure: TodayDeparture
  isToday: boolean
  busy: boolean
  onRecord: (request: AttendanceRequest) => void
}) {
  const titleId = useId()
  const started = useStarted(departure.no_show_from)
  const people = departure.travellers.reduce((sum, t) => sum + (t.pax ?? 0), 0)
  const came = departure.travellers.filter((t) => t.attendance?.state === 'came')
  const cameCount = came.reduce((sum, t) => sum + (t.pax ?? 0), 0)
  const noShows = departure.travellers.filter((t) => t.attendance?.state === 'no-show').length
  return (
    <article className="today-departure" aria-labelledby={titleId}>
      <h3 id={titleId}>
        {departure.experience_title}
        <span className="today-departure__when">
          {isToday ? 'Today' : 'Tomorrow'}, {formatShortDate(departure.date)}
          {departure.start ? `, ${departure.start}` : ''}
        </span>
      </h3>
      {departure.meeting_point ? (
        <p className="today-departure__meet">
          Meet at {departure.meeting_point.words}
          {departure.meeting_point.map ? (
            <>
              {' '}
              <a href={departure.meeting_point.map} target="_blank" rel="noreferrer">
                Open the map <span className="visually-hidden">(opens in a new tab)</span>
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      <p className="today-departure__count" data-testid="headcount">
        Headcount: {cameCount} of {people} {people === 1 ? 'person' : 'people'} checked in
        {noShows ? `, ${noShows} ${noShows === 1 ? 'no-show' : 'no-shows'}` : ''}
      </p>
      <ul className="today-travellers" aria-label={`Travellers on ${departure.experience_title}`}>
        {departure.travellers.map((traveller) => (
          <TravellerCard
            key={traveller._id}
            traveller={traveller}
            canCheckIn={isToday}
            canMarkNoShow={isToday && started && !traveller.attendance}
            busy={busy}
            onRecord={onRecord}
          />
        ))}
      </ul>
    </article>
  )
}

/** Whether `from` has passed, looked at again each minute (the no-show button appears at the start time). */
function useStarted(from: string) {
  const [started, setStarted] = useState(false)
  useEffect(() => {
    const check = () => setStarted(Date.now() >= Date.parse(from))
    check()
    const timer = setInterval(check, 60_000)
    return () => clearInterval(timer)
  }, [from])
  return started
}

function TravellerCard({
  traveller,
  canCheckIn,
  canMarkNoShow,
  busy,
  onRecord,
}: {
  traveller: TodayTraveller
  canCheckIn: boolean
  canMarkNoShow: boolean
  busy: boolean
  onRecord: (request: AttendanceRequest) => void
}) {
  const name = traveller.name ?? traveller.booking_ref ?? 'Traveller'
  const state = traveller.attendance?.state
  return (
    <li
      className={['today-traveller', state ? `today-traveller--${state}` : '']
        .filter(Boolean)
        .join(' ')}
      data-booking-ref={traveller.booking_ref ?? undefined}
    >
      {canCheckIn ? (
        <button
          type="button"
          className="today-traveller__name"
          disabled={busy}
          onClick={() => onRecord({booking: traveller._id, state: 'came'})}
        >
          <span className="visually-hidden">Check in</span> {name}{' '}
          <span className="today-traveller__pax">
            ({traveller.pax ?? 1} {traveller.pax === 1 ? 'person' : 'people'})
          </span>
        </button>
      ) : (
        <p className="today-traveller__name">
          {name}{' '}
          <span className="today-traveller__pax">
            ({traveller.pax ?? 1} {traveller.pax === 1 ? 'person' : 'people'})
          </span>
        </p>
      )}
      <p className="today-traveller__state">
        {state === 'came'
          ? `Checked in by ${traveller.attendance!.by}, ${formatCreatedAt(traveller.attendance!.at)}`
          : state === 'no-show'
            ? `No-show, recorded by ${traveller.attendance!.by}, ${formatCreatedAt(traveller.attendance!.at)}`
            : 'Not checked in'}
      </p>
      <dl className="today-traveller__facts">
        <div>
          <dt>Reference</dt>
          <dd>{traveller.booking_ref}</dd>
        </div>
        <div>
          <dt>Language</dt>
          <dd>{traveller.language}</dd>
        </div>
      </dl>
      {traveller.phone ? (
        <p className="today-traveller__phone">
          <a className="button button--ghost" href={`tel:${dialable(traveller.phone)}`}>
            Call <span className="visually-hidden">{name}</span>
          </a>
          <a
            className="button button--ghost"
            href={whatsAppLink(traveller.phone)}
            target="_blank"
            rel="noreferrer"
          >
            WhatsApp <span className="visually-hidden">{name} (opens in a new tab)</span>
          </a>
          <span className="today-traveller__number">{traveller.phone}</span>
        </p>
      ) : null}
      {traveller.notes ? (
        <p className="today-traveller__note">
          <span className="today-traveller__note-label">Their notes: </span>
          {traveller.notes}
          <span className="manifest__note-by">
            {name}
            {traveller.notes_at ? `, ${formatCreatedAt(traveller.notes_at)}` : ''}
          </span>
        </p>
      ) : null}
      {traveller.staff_notes ? (
        <p className="today-traveller__note">
          <span className="today-traveller__note-label">Staff notes: </span>
          {traveller.staff_notes}
          {traveller.staff_notes_by ? (
            <span className="manifest__note-by">
              {traveller.staff_notes_by}
              {traveller.staff_notes_at ? `, ${formatCreatedAt(traveller.staff_notes_at)}` : ''}
            </span>
          ) : null}
        </p>
      ) : null}
      {canMarkNoShow ? (
        <button
          type="button"
          className="button button--ghost today-traveller__no-show"
          disabled={busy}
          onClick={() => onRecord({booking: traveller._id, state: 'no-show'})}
        >
          No-show <span className="visually-hidden">{name}</span>
        </button>
      ) : null}
    </li>
  )
}

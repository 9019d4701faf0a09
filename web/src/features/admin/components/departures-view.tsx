import {useEffect, useId, useRef, useState} from 'react'

import {addDays, daysBetween, isIsoDate, todayInCapeTown} from '@repo/schemas/iso-date.ts'

import type {DepartureRange} from '@repo/schemas/staff-departures.ts'

import {useAssignmentChoices} from '../api/assign-departure'
import {departuresCsvUrl, useDepartures} from '../api/get-departures'
import {MessageDepartureDialog, type DepartureToMessage} from './booking-desk'
import {CancelDepartureDialog, type DepartureToCancel} from './cancel-departure-dialog'
import {DepartureManifest} from './departure-manifest'
import {useWaitlist} from '../api/get-waitlist'
import {DateRangeFields} from './date-range-fields'

/** The staff API's limit (functions/staff/departures-view.ts). */
const MAX_DAYS = 92

function rangeProblem(range: DepartureRange): string | null {
  if (!isIsoDate(range.from) || !isIsoDate(range.to)) return 'Choose both dates.'
  if (range.to < range.from) return 'The last date must be on or after the first.'
  if (daysBetween(range.from, range.to) >= MAX_DAYS) return `Choose at most ${MAX_DAYS} days.`
  return null
}

/**
 * Departures (docs/decisions/007-places-per-departure.md): for a date range, each experience, date and slot that has
 * bookings (or, with "Include departures with no bookings", every one the experiences' settings schedule), with its
 * capacity, places taken and requested, and who is going, a printable manifest per departure and a CSV of the same
 * list. Dates are Cape Town's, whatever the computer's time zone.
 */
export function DeparturesView({
  canExport = true,
  canCancel = false,
  canMessage = false,
  canAssign = false,
}: {
  canExport?: boolean
  /** Owners and managers (`departures.assign`): guides and a resource for each departure. */
  canAssign?: boolean
  /** Staff whose role may cancel departures (`departures.cancel`). */
  canCancel?: boolean
  /** Staff who may message everyone on a departure (`departures.message`). */
  canMessage?: boolean
}) {
  const [messaging, setMessaging] = useState<DepartureToMessage | null>(null)
  const messageButton = useRef<HTMLElement | null>(null)
  const [cancelling, setCancelling] = useState<DepartureToCancel | null>(null)
  const cancelButton = useRef<HTMLElement | null>(null)
  const today = todayInCapeTown()
  const [range, setRange] = useState<DepartureRange>(() => {
    const today = todayInCapeTown()
    return {from: today, to: addDays(today, 29), includeEmpty: false}
  })
  const [printKey, setPrintKey] = useState<string | null>(null)
  const ids = {empty: useId(), problem: useId()}
  const problem = rangeProblem(range)
  const departures = useDepartures(range, problem === null)
  const waitlist = useWaitlist(range, problem === null)
  const choices = useAssignmentChoices(canAssign)

  // Print one manifest: the print rules show only the marked one, then the mark goes.
  useEffect(() => {
    if (!printKey) return
    document.body.classList.add('printing-manifest')
    const done = () => {
      document.body.classList.remove('printing-manifest')
      setPrintKey(null)
    }
    window.addEventListener('afterprint', done, {once: true})
    window.print()
    return () => {
      window.removeEventListener('afterprint', done)
      document.body.classList.remove('printing-manifest')
    }
  }, [printKey])

  const list = departures.data?.departures
  return (
    <section className="departures" aria-labelledby="departures-title">
      <h2 id="departures-title">Departures</h2>
      <div className="admin-filters admin-filters--departures" role="group" aria-label="Dates">
        <DateRangeFields
          range={range}
          setRange={setRange}
          problemId={problem ? ids.problem : undefined}
        />
        <div className="field field--checkbox departures__empty">
          <input
            id={ids.empty}
            type="checkbox"
            checked={range.includeEmpty}
            onChange={(event) => setRange((r) => ({...r, includeEmpty: event.target.checked}))}
          />
          <label htmlFor={ids.empty}>Include departures with no bookings</label>
        </div>
        <div className="field departures__csv">
          {problem || !canExport ? null : (
            <a className="button button--ghost" href={departuresCsvUrl(range)} download>
              Download CSV
            </a>
          )}
        </div>
      </div>
      {problem ? (
        <p id={ids.problem} className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      <div aria-live="polite" aria-busy={departures.isFetching}>
        {problem ? null : departures.isPending ? (
          <p className="admin-empty">Loading departures...</p>
        ) : departures.isError ? (
          <p className="admin-empty" role="alert">
            Failed to load departures. Please try again.
          </p>
        ) : list && list.length === 0 ? (
          <p className="admin-empty">
            {range.includeEmpty
              ? 'No departures in these dates.'
              : 'No departures with bookings in these dates.'}
          </p>
        ) : null}
      </div>
      {list && !problem
        ? list.map((departure) => {
            const key = `${departure.experience_id}|${departure.date}|${departure.slot}`
            return (
              <DepartureManifest
                key={key}
                departure={departure}
                waitlist={waitlist.data?.entries}
                printing={printKey === key}
                assignmentChoices={canAssign ? choices.data : undefined}
                onPrint={() => setPrintKey(key)}
                onMessage={
                  canMessage && departure.date >= today && departure.bookings.length > 0
                    ? (button) => {
                        messageButton.current = button
                        setMessaging({
                          experience: departure.experience_id,
                          title: departure.experience_title,
                          date: departure.date,
                        })
                      }
                    : undefined
                }
                onCancel={
                  canCancel && departure.date >= today
                    ? (button) => {
                        cancelButton.current = button
                        setCancelling({
                          experience: departure.experience_id,
                          title: departure.experience_title,
                          date: departure.date,
                          travellers: list
                            .filter(
                              (d) =>
                                d.experience_id === departure.experience_id &&
                                d.date === departure.date,
                            )
                            .reduce((sum, d) => sum + d.bookings.length, 0),
                        })
                      }
                    : undefined
                }
              />
            )
          })
        : null}
      <MessageDepartureDialog
        departure={messaging}
        onClose={() => setMessaging(null)}
        returnFocusRef={messageButton}
      />
      <CancelDepartureDialog
        departure={cancelling}
        onClose={() => setCancelling(null)}
        returnFocusRef={cancelButton}
      />
    </section>
  )
}

import {useId, useState} from 'react'

import type {AssignmentChoices} from '@repo/schemas/departure-assignment.ts'
import {formatLongDateTime, formatShortDate} from '@repo/schemas/format-date.ts'
import type {DepartureRow} from '@repo/schemas/staff-departures.ts'

import {useAssignDeparture} from '../api/assign-departure'

/**
 * A departure's guides and resource (docs/decisions/239-assignments-on-the-departure-lock.md): who and what is
 * assigned, what is short (too few guides), and, for owners and managers, a form to change them. A guide or a
 * resource already on another departure that day is refused by the server, which names them; the message is shown
 * here.
 */
export function DepartureAssignmentPanel({
  departure,
  choices,
}: {
  departure: DepartureRow
  /** What may be chosen; absent for staff whose role may not assign. */
  choices?: AssignmentChoices | undefined
}) {
  const assignment = departure.assignment ?? null
  const ids = {guides: useId(), resource: useId(), problem: useId(), saved: useId()}
  const [guideIds, setGuideIds] = useState<string[]>(
    () => assignment?.guides.map((g) => g.id) ?? [],
  )
  const [resourceId, setResourceId] = useState(assignment?.resource?.id ?? '')
  const [problem, setProblem] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const assign = useAssignDeparture()
  const flags = departure.flags ?? []
  const label = `${departure.experience_title}, ${formatShortDate(departure.date)}`

  return (
    <section className="manifest__assignment" aria-label={`Guides and resource for ${label}`}>
      <p className="manifest__assigned">
        <span>
          <strong>Guides:</strong>{' '}
          {assignment?.guides.length ? assignment.guides.map((g) => g.name).join(', ') : 'none'}
          {departure.guidesNeeded ? ` (needs ${departure.guidesNeeded})` : ''}
        </span>
        <span>
          <strong>Resource:</strong>{' '}
          {assignment?.resource
            ? `${assignment.resource.name}${assignment.resource.seats ? ` (${assignment.resource.seats} seats)` : ''}`
            : 'none'}
        </span>
        {assignment?.by ? (
          <span className="manifest__note-by">
            Assigned by {assignment.by}
            {assignment.at ? `, ${formatLongDateTime(assignment.at)}` : ''}
          </span>
        ) : null}
      </p>
      {flags.map((flag) => (
        <p key={flag} className="manifest__flag">
          {flag}
        </p>
      ))}
      {choices ? (
        <details className="manifest__assign">
          <summary>Assign guides and resource</summary>
          <form
            onSubmit={(event) => {
              event.preventDefault()
              setProblem(null)
              setSaved(null)
              assign.mutate(
                {
                  experience: departure.experience_id,
                  date: departure.date,
                  guideIds,
                  resourceId: resourceId || null,
                },
                {
                  onSuccess: (answer) => setSaved(['Saved.', ...answer.warnings].join(' ')),
                  onError: (error) => setProblem(error.message),
                },
              )
            }}
          >
            <fieldset className="manifest__guides">
              <legend id={ids.guides}>Guides</legend>
              {choices.guides.length === 0 ? (
                <p>No active guides. Invite one under People.</p>
              ) : null}
              {choices.guides.map((guide) => (
                <div className="field field--checkbox" key={guide.id}>
                  <input
                    id={`${ids.guides}-${guide.id}`}
                    type="checkbox"
                    checked={guideIds.includes(guide.id)}
                    onChange={(event) =>
                      setGuideIds((current) =>
                        event.target.checked
                          ? [...current, guide.id]
                          : current.filter((id) => id !== guide.id),
                      )
                    }
                  />
                  <label htmlFor={`${ids.guides}-${guide.id}`}>{guide.name}</label>
                </div>
              ))}
            </fieldset>
            <div className="field">
              <label htmlFor={ids.resource}>Resource</label>
              <select
                id={ids.resource}
                value={resourceId}
                onChange={(event) => setResourceId(event.target.value)}
                aria-describedby={problem ? ids.problem : undefined}
              >
                <option value="">None</option>
                {choices.resources.map((resource) => (
                  <option key={resource.id} value={resource.id}>
                    {resource.name}
                    {resource.seats ? ` (${resource.seats} seats)` : ''}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button" disabled={assign.isPending}>
              Save assignment
              <span className="visually-hidden"> for {label}</span>
            </button>
            <div aria-live="polite">
              {problem ? (
                <p id={ids.problem} className="field__error" role="alert">
                  {problem}
                </p>
              ) : null}
              {saved ? <p id={ids.saved}>{saved}</p> : null}
            </div>
          </form>
        </details>
      ) : null}
    </section>
  )
}

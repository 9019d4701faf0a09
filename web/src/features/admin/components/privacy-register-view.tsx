import {useId, useState, type FormEvent} from 'react'

import {formatLongDate, formatLongDateTime} from '@repo/schemas/format-date.ts'
import {
  INCIDENT_DATA_CATEGORIES,
  INCIDENT_DATA_CATEGORY_TITLES,
  INCIDENT_LIMITS,
  INCIDENT_SEVERITIES,
  INCIDENT_SEVERITY_TITLES,
} from '@repo/schemas/security-incident-limits.ts'
import type {SecurityIncidentEntry} from '@repo/schemas/security-incidents.ts'

import {useIncidents, useSaveIncident} from '../api/security-incidents'
import {ApiError, apiErrorMessage} from '../../../lib/api-client'
import {useToast} from './toasts'

type FieldErrors = Partial<Record<string, string>>

/**
 * The managers' privacy register: the confirmed subscribers' export for the mailing tool, and the register of
 * security incidents (when it happened and was discovered, how serious, which data, who and how many were
 * affected, what was done, when the regulator and the people were told, open or closed).
 */
export function PrivacyRegisterView({
  canExportSubscribers,
  canManage,
}: {
  canExportSubscribers: boolean
  canManage: boolean
}) {
  return (
    <section aria-labelledby="privacy-register-heading" className="privacy-register">
      <h2 id="privacy-register-heading">Privacy register</h2>
      {canExportSubscribers ? (
        <div className="info-card privacy-register__export">
          <h3>Newsletter subscribers</h3>
          <p>
            Everyone who confirmed their address and has not unsubscribed, for the mailing tool.
            Unconfirmed and unsubscribed addresses are never in it. Each download is logged.
          </p>
          <a className="button button--primary" href="/api/staff/subscribers.csv" download>
            Download subscribers (CSV)
          </a>
        </div>
      ) : null}
      {canManage ? <IncidentRegister /> : null}
    </section>
  )
}

function IncidentRegister() {
  const incidents = useIncidents()
  const [editing, setEditing] = useState<SecurityIncidentEntry | 'new' | null>(null)
  return (
    <div className="privacy-register__incidents">
      <div className="privacy-register__bar">
        <h3>Security incidents</h3>
        {editing === null ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => setEditing('new')}
          >
            Record an incident
          </button>
        ) : null}
      </div>
      {editing !== null ? (
        <IncidentForm
          key={editing === 'new' ? 'new' : editing._id}
          entry={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      <div aria-live="polite" aria-busy={incidents.isFetching}>
        {incidents.isPending ? <p className="admin-empty">Loading the register...</p> : null}
        {incidents.isError ? (
          <p className="field__error" role="alert">
            {incidents.error.message}
          </p>
        ) : null}
        {incidents.data && incidents.data.incidents.length === 0 ? (
          <p className="admin-empty">No incidents recorded.</p>
        ) : null}
      </div>
      {incidents.data && incidents.data.incidents.length > 0 ? (
        <ul className="incident-list">
          {incidents.data.incidents.map((incident) => (
            <li key={incident._id} className="incident">
              <div className="incident__head">
                <h4>
                  {formatLongDate(incident.occurredOn)}{' '}
                  <span className={`incident__state incident__state--${incident.state}`}>
                    {incident.state === 'closed'
                      ? `Closed${incident.closedOn ? ` ${formatLongDate(incident.closedOn)}` : ''}`
                      : 'Open'}
                  </span>
                </h4>
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => setEditing(incident)}
                >
                  Change
                </button>
              </div>
              <dl>
                <dt>Discovered</dt>
                <dd>
                  {incident.discoveredOn ? formatLongDate(incident.discoveredOn) : 'Not recorded'}
                </dd>
                <dt>How serious</dt>
                <dd>
                  {incident.severity ? INCIDENT_SEVERITY_TITLES[incident.severity] : 'Not recorded'}
                </dd>
                <dt>Data it touched</dt>
                <dd>
                  {incident.dataCategories.length > 0
                    ? incident.dataCategories
                        .map((category) => INCIDENT_DATA_CATEGORY_TITLES[category])
                        .join('; ')
                    : 'Not recorded'}
                </dd>
                <dt>What happened</dt>
                <dd>{incident.description}</dd>
                <dt>Who was affected</dt>
                <dd>{incident.affected}</dd>
                <dt>People affected</dt>
                <dd>
                  {incident.peopleAffectedCount === null
                    ? 'Not known yet'
                    : incident.peopleAffectedCount}
                </dd>
                <dt>What was done</dt>
                <dd>{incident.actionsTaken ?? 'Not recorded'}</dd>
                <dt>Information Regulator told</dt>
                <dd>
                  {incident.regulatorToldOn ? formatLongDate(incident.regulatorToldOn) : 'Not yet'}
                </dd>
                <dt>People affected told</dt>
                <dd>{incident.peopleToldOn ? formatLongDate(incident.peopleToldOn) : 'Not yet'}</dd>
                <dt>Changes</dt>
                <dd>
                  <ul className="incident__history">
                    {incident.history.map((change) => (
                      <li key={change._key}>
                        {change.change === 'recorded' ? 'Recorded' : 'Changed'} by {change.by.name},{' '}
                        {formatLongDateTime(change.at)}
                      </li>
                    ))}
                  </ul>
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

function IncidentForm({entry, onDone}: {entry: SecurityIncidentEntry | null; onDone: () => void}) {
  const save = useSaveIncident()
  const toast = useToast()
  const [errors, setErrors] = useState<FieldErrors>({})
  const ids = {
    occurredOn: useId(),
    discoveredOn: useId(),
    severity: useId(),
    dataCategories: useId(),
    description: useId(),
    affected: useId(),
    peopleAffectedCount: useId(),
    actionsTaken: useId(),
    state: useId(),
    closedOn: useId(),
    regulatorToldOn: useId(),
    peopleToldOn: useId(),
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    // Loaded when the form is sent: zod is most of a form's weight, and most visits never send this one.
    const {securityIncidentSchema} = await import('@repo/schemas/security-incidents.ts')
    const parsed = securityIncidentSchema.safeParse({
      occurredOn: String(data.get('occurredOn') ?? ''),
      discoveredOn: String(data.get('discoveredOn') ?? ''),
      severity: data.get('severity') ?? undefined,
      dataCategories: data.getAll('dataCategories').map(String),
      description: String(data.get('description') ?? ''),
      affected: String(data.get('affected') ?? ''),
      peopleAffectedCount: String(data.get('peopleAffectedCount') ?? ''),
      actionsTaken: String(data.get('actionsTaken') ?? ''),
      state: data.get('state') ?? undefined,
      closedOn: String(data.get('closedOn') ?? ''),
      regulatorToldOn: String(data.get('regulatorToldOn') ?? ''),
      peopleToldOn: String(data.get('peopleToldOn') ?? ''),
    })
    if (!parsed.success) {
      const found: FieldErrors = {}
      for (const issue of parsed.error.issues)
        found[String(issue.path[0] ?? 'form')] ??= issue.message
      setErrors(found)
      return
    }
    setErrors({})
    save.mutate(
      {id: entry?._id, revision: entry?._rev, incident: parsed.data},
      {
        onSuccess: () => {
          toast({
            title: entry ? 'Incident changed' : 'Incident recorded',
            description: 'The register names you as the one who made the change.',
            variant: 'default',
          })
          onDone()
        },
        onError: (error) => {
          const body = error instanceof ApiError ? error.body : null
          const fieldErrors = (body as {fieldErrors?: Record<string, string[]>} | null)?.fieldErrors
          if (fieldErrors)
            setErrors(
              Object.fromEntries(Object.entries(fieldErrors).map(([key, list]) => [key, list[0]])),
            )
          toast({
            title: 'Not saved',
            description: apiErrorMessage(error, 'Please try again.'),
            variant: 'destructive',
          })
        },
      },
    )
  }

  const field = (name: keyof typeof ids) => ({
    'id': ids[name],
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${ids[name]}-error` : undefined,
  })
  const error = (name: keyof typeof ids) =>
    errors[name] ? (
      <p id={`${ids[name]}-error`} className="field__error">
        {errors[name]}
      </p>
    ) : null

  return (
    <form
      onSubmit={onSubmit}
      method="post"
      className="incident-form"
      aria-label={entry ? 'Change the incident' : 'Record an incident'}
      noValidate
    >
      <div className="field">
        <label htmlFor={ids.occurredOn}>When it happened</label>
        <input
          {...field('occurredOn')}
          type="date"
          defaultValue={entry?.occurredOn ?? ''}
          required
        />
        {error('occurredOn')}
      </div>
      <div className="field">
        <label htmlFor={ids.discoveredOn}>When it was discovered</label>
        <input
          {...field('discoveredOn')}
          type="date"
          defaultValue={entry?.discoveredOn ?? ''}
          required
        />
        {error('discoveredOn')}
      </div>
      <fieldset
        className="field incident-form__choices"
        aria-describedby={errors.severity ? `${ids.severity}-error` : undefined}
      >
        <legend>How serious it is</legend>
        {INCIDENT_SEVERITIES.map((severity) => (
          <label key={severity} className="incident-form__choice">
            <input
              type="radio"
              name="severity"
              value={severity}
              defaultChecked={entry?.severity === severity}
              required
            />{' '}
            {INCIDENT_SEVERITY_TITLES[severity]}
          </label>
        ))}
        {error('severity')}
      </fieldset>
      <fieldset
        className="field incident-form__choices"
        aria-describedby={errors.dataCategories ? `${ids.dataCategories}-error` : undefined}
      >
        <legend>Data it touched</legend>
        {INCIDENT_DATA_CATEGORIES.map((category) => (
          <label key={category} className="incident-form__choice">
            <input
              type="checkbox"
              name="dataCategories"
              value={category}
              defaultChecked={entry?.dataCategories.includes(category) ?? false}
            />{' '}
            {INCIDENT_DATA_CATEGORY_TITLES[category]}
          </label>
        ))}
        {error('dataCategories')}
      </fieldset>
      <div className="field">
        <label htmlFor={ids.description}>What happened</label>
        <textarea
          {...field('description')}
          rows={4}
          maxLength={INCIDENT_LIMITS.description}
          defaultValue={entry?.description ?? ''}
          required
        />
        {error('description')}
      </div>
      <div className="field">
        <label htmlFor={ids.affected}>Who was affected</label>
        <textarea
          {...field('affected')}
          rows={2}
          maxLength={INCIDENT_LIMITS.affected}
          defaultValue={entry?.affected ?? ''}
          required
        />
        {error('affected')}
      </div>
      <div className="field">
        <label htmlFor={ids.peopleAffectedCount}>How many people were affected</label>
        <input
          {...field('peopleAffectedCount')}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          defaultValue={entry?.peopleAffectedCount ?? ''}
          aria-describedby={
            errors.peopleAffectedCount
              ? `${ids.peopleAffectedCount}-hint ${ids.peopleAffectedCount}-error`
              : `${ids.peopleAffectedCount}-hint`
          }
        />
        <p id={`${ids.peopleAffectedCount}-hint`} className="muted">
          Leave it empty while it is not known.
        </p>
        {error('peopleAffectedCount')}
      </div>
      <div className="field">
        <label htmlFor={ids.actionsTaken}>What was done about it</label>
        <textarea
          {...field('actionsTaken')}
          rows={3}
          maxLength={INCIDENT_LIMITS.actions}
          defaultValue={entry?.actionsTaken ?? ''}
          required
        />
        {error('actionsTaken')}
      </div>
      <div className="incident-form__dates">
        <div className="field">
          <label htmlFor={ids.regulatorToldOn}>Information Regulator told on</label>
          <input
            {...field('regulatorToldOn')}
            type="date"
            defaultValue={entry?.regulatorToldOn ?? ''}
          />
          {error('regulatorToldOn')}
        </div>
        <div className="field">
          <label htmlFor={ids.peopleToldOn}>People affected told on</label>
          <input {...field('peopleToldOn')} type="date" defaultValue={entry?.peopleToldOn ?? ''} />
          {error('peopleToldOn')}
        </div>
      </div>
      <div className="incident-form__dates">
        <div className="field">
          <label htmlFor={ids.state}>Open or closed</label>
          <select {...field('state')} defaultValue={entry?.state ?? 'open'}>
            <option value="open">Open: still being dealt with</option>
            <option value="closed">Closed: dealt with</option>
          </select>
          {error('state')}
        </div>
        <div className="field">
          <label htmlFor={ids.closedOn}>Closed on</label>
          <input {...field('closedOn')} type="date" defaultValue={entry?.closedOn ?? ''} />
          {error('closedOn')}
        </div>
      </div>
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {entry ? 'Save the change' : 'Record the incident'}
        </button>
        <button type="button" className="button button--ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  )
}

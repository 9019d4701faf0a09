import {useId, useState, type FormEvent} from 'react'

import {formatLongDate, formatLongDateTime} from '@repo/schemas/format-date.ts'
import {INCIDENT_LIMITS} from '@repo/schemas/security-incident-limits.ts'
import type {SecurityIncidentEntry} from '@repo/schemas/security-incidents.ts'

import {useIncidents, useSaveIncident} from '../api/security-incidents'
import {StaffApiError} from '../api/staff-api'
import {useToast} from './toasts'

type FieldErrors = Partial<Record<string, string>>

/**
 * The managers' privacy register: the confirmed subscribers' export for the mailing tool, and the register of
 * security incidents (date, what happened, who was affected, when the regulator and the people were told).
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
                <h4>{formatLongDate(incident.occurredOn)}</h4>
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => setEditing(incident)}
                >
                  Change
                </button>
              </div>
              <dl>
                <dt>What happened</dt>
                <dd>{incident.description}</dd>
                <dt>Who was affected</dt>
                <dd>{incident.affected}</dd>
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
    description: useId(),
    affected: useId(),
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
      description: String(data.get('description') ?? ''),
      affected: String(data.get('affected') ?? ''),
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
          const body = error instanceof StaffApiError ? error.body : null
          const fieldErrors = (body as {fieldErrors?: Record<string, string[]>} | null)?.fieldErrors
          if (fieldErrors)
            setErrors(
              Object.fromEntries(Object.entries(fieldErrors).map(([key, list]) => [key, list[0]])),
            )
          toast({
            title: 'Not saved',
            description: error instanceof StaffApiError ? error.message : 'Please try again.',
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

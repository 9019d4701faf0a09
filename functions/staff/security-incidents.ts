import {randomBytes} from 'node:crypto'

import {
  SECURITY_INCIDENT_TYPE,
  securityIncidentChangeSchema,
  securityIncidentSchema,
  type SecurityIncidentEntry,
  type SecurityIncidentPayload,
} from '@repo/schemas/security-incidents.ts'

import {securityIncidentsQuery} from './queries/security-incidents-query.ts'
import type {HandlerResult, StaffDeps} from './staff-deps.ts'

type Person = {id: string; name: string}

const ID = /^securityIncident\.[0-9a-f]{24}$/

const fieldsOf = (incident: SecurityIncidentPayload) => ({
  occurred_on: incident.occurredOn,
  discovered_on: incident.discoveredOn,
  severity: incident.severity,
  data_categories: incident.dataCategories,
  people_affected_count: incident.peopleAffectedCount,
  actions_taken: incident.actionsTaken,
  state: incident.state,
  closed_on: incident.closedOn,
  description: incident.description,
  affected: incident.affected,
  regulator_told_on: incident.regulatorToldOn,
  people_told_on: incident.peopleToldOn,
})

const change = (person: Person, at: Date, kind: 'recorded' | 'updated') => ({
  _key: randomBytes(6).toString('hex'),
  at: at.toISOString(),
  by: {id: person.id, name: person.name},
  change: kind,
})

const invalid = (error: {issues: {path: PropertyKey[]; message: string}[]}): HandlerResult => {
  const fieldErrors: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const key = issue.path.filter((part) => part !== 'incident').join('.') || 'form'
    ;(fieldErrors[key] ??= []).push(issue.message)
  }
  const first = error.issues[0]?.message ?? 'Check the entry.'
  return {status: 400, body: {error: first, fieldErrors}}
}

/** `GET /incidents`: the register, newest incident first. */
export async function listIncidents(deps: StaffDeps): Promise<HandlerResult> {
  const incidents: SecurityIncidentEntry[] = await deps.client.fetch(securityIncidentsQuery)
  return {status: 200, body: {incidents}}
}

/** `POST /incidents`: a new entry, with its activity-log entry in the same transaction. */
export async function recordIncident(
  deps: StaffDeps,
  body: unknown,
  person: Person,
): Promise<HandlerResult> {
  const parsed = securityIncidentSchema.safeParse(body)
  if (!parsed.success) return invalid(parsed.error)
  const at = deps.now()
  const _id = `securityIncident.${randomBytes(12).toString('hex')}`
  const tx = deps.client.transaction().create({
    _id,
    _type: SECURITY_INCIDENT_TYPE,
    ...fieldsOf(parsed.data),
    history: [change(person, at, 'recorded')],
  })
  if (deps.activity) tx.create(deps.activity({}))
  await tx.commit({visibility: 'sync'})
  return {status: 201, body: {incident: {_id}}}
}

/**
 * `PATCH /incidents/:id`: the whole entry at the revision it was read at (another manager's change meanwhile is a
 * 409, never overwritten), with who changed it appended to its history.
 */
export async function changeIncident(
  deps: StaffDeps,
  id: string,
  body: unknown,
  person: Person,
): Promise<HandlerResult> {
  if (!ID.test(id)) return {status: 404, body: {error: 'No such incident.'}}
  const parsed = securityIncidentChangeSchema.safeParse(body)
  if (!parsed.success) return invalid(parsed.error)
  const existing = await deps.client.getDocument(id)
  if (!existing || existing._type !== SECURITY_INCIDENT_TYPE)
    return {status: 404, body: {error: 'No such incident.'}}
  const tx = deps.client.transaction().patch(id, (patch) =>
    patch
      .ifRevisionId(parsed.data.revision)
      .set(fieldsOf(parsed.data.incident))
      .setIfMissing({history: []})
      .append('history', [change(person, deps.now(), 'updated')]),
  )
  if (deps.activity) tx.create(deps.activity({}))
  try {
    await tx.commit({visibility: 'sync'})
  } catch (error) {
    if ((error as {statusCode?: number}).statusCode === 409)
      return {
        status: 409,
        body: {
          error:
            'Someone changed this entry since you opened it. Reload it and make your change again.',
        },
      }
    throw error
  }
  return {status: 200, body: {incident: {_id: id}}}
}

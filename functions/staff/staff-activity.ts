import {randomBytes} from 'node:crypto'

import type {SanityClient} from '@sanity/client'
import {z} from 'zod'

import {addDays, capeTownDayStart} from '@repo/schemas/iso-date.ts'
import type {StaffActivityEntry, StaffActivityKind} from '@repo/schemas/staff-people.ts'

import {isoDateParam, paramErrors, singleQueryParams} from '../lib/query-params.ts'
import {staffActivityQuery} from './queries/staff-activity-query.ts'
import type {HandlerResult} from './staff-deps.ts'
import type {SessionPerson} from './staff-session-store.ts'

/**
 * Who did what: one `staffActivity` document per change, export, mail sent again, sign-in and sign-out, naming
 * the person by account id and by the name they had then. Owners read it (`GET /api/staff/activity`).
 */

export type ActivityEntry = {
  at: Date
  person: Pick<SessionPerson, 'id' | 'name'>
  kind: StaffActivityKind
  summary: string
  booking?: {id: string; ref?: string | null} | undefined
  /** The person the change was about, for changes to people. */
  subject?: {id: string} | undefined
}

export type ActivityDocument = {_id: string; _type: 'staffActivity'} & Record<string, unknown>

export async function recordActivity(client: SanityClient, entry: ActivityEntry): Promise<void> {
  await client.create(activityDocument(entry))
}

/** The entry as a document, for a change to create in its own transaction: stored with it or not at all. */
export function activityDocument(entry: ActivityEntry): ActivityDocument {
  return {
    _id: `staffActivity.${randomBytes(12).toString('hex')}`,
    _type: 'staffActivity',
    at: entry.at.toISOString(),
    personId: entry.person.id,
    personName: entry.person.name,
    kind: entry.kind,
    summary: entry.summary.slice(0, 300),
    bookingId: entry.booking?.id ?? null,
    bookingRef: entry.booking?.ref ?? null,
    subjectId: entry.subject?.id ?? null,
  }
}

/** As the query's slice (queries/staff-activity-query.ts). */
const LIMIT = 200

const activityParams = z.object({
  person: z
    .string()
    .max(100)
    .regex(/^[\w.-]*$/, 'Not a person’s id.')
    .default(''),
  booking: z
    .string()
    .max(100)
    .regex(/^[\w.-]*$/, 'Not a request’s id or reference.')
    .default(''),
  from: isoDateParam('from').optional(),
  to: isoDateParam('to').optional(),
})

/** `GET /activity?person&booking&from&to`: dates are Cape Town days, both included; at most 200 entries. */
export async function listActivity(
  client: SanityClient,
  search: URLSearchParams,
): Promise<HandlerResult> {
  const single = singleQueryParams(search, ['person', 'booking', 'from', 'to'])
  if (!single.ok) return {status: 400, body: {error: single.message}}
  const parsed = activityParams.safeParse(single.values)
  if (!parsed.success) return {status: 400, body: {error: paramErrors(parsed.error).message}}
  const {person, booking, from, to} = parsed.data
  const activity: StaffActivityEntry[] = await client.fetch(staffActivityQuery, {
    person,
    booking,
    from: from ? capeTownDayStart(from).toISOString() : '',
    to: to ? capeTownDayStart(addDays(to, 1)).toISOString() : '',
  })
  return {status: 200, body: {activity, limit: LIMIT}}
}

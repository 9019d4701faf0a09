import {createHash} from 'node:crypto'

import type {SanityClient, SanityDocument} from '@sanity/client'

import {STAFF_ROLES, type StaffRole} from '@repo/schemas/staff-roles.ts'

import {SESSION_MAX_AGE_MS, type StaffSession} from './staff-session.ts'
import {STAFF_SETTINGS_ID, type StaffSettingsDocument} from './staff-settings.ts'

/**
 * Sessions in the lake, so every site server accepts the same ones and a Lock, a deactivation or a role change on
 * one is seen by all on their next request: each request reads its session and person by id (no cache, so nothing
 * is stale). Stored under SHA-256 of the cookie's session id, never the id itself: reading the dataset
 * gives nothing that passes for a session.
 */
export type SessionPerson = {id: string; name: string; email: string | null; role: StaffRole}

/** A live session's person, and whether they must set up a second step before anything else. */
export type SessionState = {
  person: SessionPerson
  secondStep: {enabled: boolean; setupRequired: boolean}
  /** When this session last proved who it is: its sign-in, or its latest re-authentication (sign-in-methods.ts). */
  authenticatedAt: string
}

export type StoredSession = {
  _id: string
  personId: string
  createdAt: string
  lastUsedAt: string
  expiresAt: string
  userAgent?: string | null
  revokedAt?: string | null
  /** The latest password or code given again in this session (`POST /api/staff/reauthenticate`). */
  reauthenticatedAt?: string | null
}

/** What a session check needs of its person. */
type StoredPerson = SanityDocument & {
  name?: string
  email?: string | null
  role?: string
  state?: string
  secondStep?: {secret?: string}
}

/** How stale "last used" may get: written at most once a minute per session, not on every request. */
const TOUCH_EVERY_MS = 60_000
const USER_AGENT_MAX = 200

export const sessionDocumentId = (session: Pick<StaffSession, 'id'>) =>
  `staffSession.${createHash('sha256').update(session.id).digest('hex')}`

export async function storeSession(
  client: SanityClient,
  session: StaffSession,
  personId: string,
  userAgent: string | undefined,
): Promise<void> {
  const created = new Date(session.issuedAt).toISOString()
  await client.create(
    {
      _id: sessionDocumentId(session),
      _type: 'staffSession',
      personId,
      createdAt: created,
      lastUsedAt: created,
      expiresAt: new Date(session.issuedAt + SESSION_MAX_AGE_MS).toISOString(),
      userAgent: userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    },
    {visibility: 'sync'},
  )
}

/** The person behind a live session, or null when it is unknown, revoked, expired or its person is not active. */
export async function sessionPerson(
  client: SanityClient,
  session: StaffSession,
  now: number,
): Promise<SessionState | null> {
  // Read by id, not by a GROQ filter: a filter inside a projection scans the whole dataset on the local lake
  // (tens of milliseconds at 10,000 bookings, on every staff request), a read by id is a lookup there and on hosted.
  const [stored, settings] = (await client.getDocuments([
    sessionDocumentId(session),
    STAFF_SETTINGS_ID,
  ])) as [(StoredSession & SanityDocument) | null, StaffSettingsDocument | null]
  if (!stored || stored.revokedAt || Date.parse(stored.expiresAt) <= now) return null
  const person = await client.getDocument<StoredPerson>(stored.personId)
  if (!person || person._type !== 'staffMember' || person.state !== 'active') return null
  const role = STAFF_ROLES.find((value) => value === person.role)
  if (!role) return null
  if (now - Date.parse(stored.lastUsedAt) >= TOUCH_EVERY_MS) {
    void client
      .patch(stored._id)
      .set({lastUsedAt: new Date(now).toISOString()})
      .commit()
      .catch((error: unknown) => console.error('[staff] could not note session use', error))
  }
  const enabled = person.secondStep?.secret !== undefined
  const secondStepRequired = settings?.requireSecondStep === true
  return {
    person: {id: person._id, name: person.name ?? 'Unnamed', email: person.email ?? null, role},
    secondStep: {enabled, setupRequired: secondStepRequired && !enabled},
    authenticatedAt: stored.reauthenticatedAt ?? stored.createdAt,
  }
}

/** Notes a re-authentication on the session, for every server to see from the next request. */
export async function noteReauthentication(
  client: SanityClient,
  session: StaffSession,
  now: number,
): Promise<void> {
  await client
    .patch(sessionDocumentId(session))
    .set({reauthenticatedAt: new Date(now).toISOString()})
    .commit({visibility: 'sync'})
}

/** Lock or sign-out: the session stays listed as ended, so every server refuses it from the next request. */
export async function revokeSession(client: SanityClient, session: StaffSession, now: number) {
  await client
    .patch(sessionDocumentId(session))
    .set({revokedAt: new Date(now).toISOString()})
    .commit({visibility: 'sync'})
}

import {deleteCookie} from 'hono/cookie'

import {saveOwnProfile} from '../own-profile.ts'
import {NO_STORE, refuse, send} from '../send-result.ts'
import {proofHolds} from '../sign-in-methods.ts'
import {ownSessionsQuery} from '../queries/own-sessions-query.ts'
import {SESSION_COOKIE} from '../staff-session.ts'
import {noteReauthentication, revokeSession, sessionDocumentId} from '../staff-session-store.ts'
import {sessionBody} from './session-body.ts'
import {FIRST_OWNER_ACCOUNT, tooManyAttempts} from './sign-in-back-off.ts'
import {jsonBody, param, type StaffContext} from './staff-context.ts'
import {staffSubApp} from './staff-sub-app.ts'

/** The signed-in person's own session, sessions and profile, and a fresh proof (`/reauthenticate`). */
export function ownAccountRoutes(ctx: StaffContext) {
  const {app, route} = staffSubApp(ctx)
  const {deps, nowMs} = ctx

  route('GET /session', (c) =>
    send(c, {status: 200, body: sessionBody(c.get('person'), c.get('secondStep'))}),
  )

  route('DELETE /session', async (c) => {
    await revokeSession(deps.client, c.get('session'), nowMs())
    deleteCookie(c, SESSION_COOKIE, {path: '/api/staff'})
    return c.body(null, 204, NO_STORE)
  })

  route('PUT /profile', async (c) =>
    send(c, await saveOwnProfile(deps.client, c.get('person'), await jsonBody(c), deps.now())),
  )

  route('POST /reauthenticate', async (c) => {
    const body = (await jsonBody(c)) as {password?: unknown; code?: unknown} | null
    const person = c.get('person')
    // Guesses here count toward the account's sign-in back-off, as at sign-in: a session is no way round it.
    const account = person.email ?? FIRST_OWNER_ACCOUNT
    const wait = await ctx.rateLimit().retryAfter(account, undefined, nowMs())
    if (wait > 0) return tooManyAttempts(c, wait)
    if (!(await proofHolds(deps.client, person.id, body ?? {}, deps.now()))) {
      await ctx.rateLimit().fail(account, undefined, nowMs())
      return refuse(c, 400, 'That password or code is not right.', {code: 'reauthenticate'})
    }
    await noteReauthentication(deps.client, c.get('session'), nowMs())
    return send(c, {status: 200, body: {authenticatedAt: deps.now().toISOString()}})
  })

  route('GET /sessions', async (c) => {
    const sessions = await deps.client.fetch(ownSessionsQuery, {
      personId: c.get('person').id,
      now: deps.now().toISOString(),
    })
    const current = sessionDocumentId(c.get('session'))
    const body = {
      sessions: sessions.map((session) => ({...session, current: session._id === current})),
    }
    return send(c, {status: 200, body})
  })

  route('DELETE /sessions/:id', async (c) => {
    const id = param(c, 'id')
    const session = /^staffSession\.[0-9a-f]{64}$/.test(id)
      ? await deps.client.getDocument<{personId: string}>(id)
      : undefined
    // Someone else's session is as unknown as one that does not exist.
    if (!session || session.personId !== c.get('person').id)
      return refuse(c, 404, 'No such session.')
    await deps.client.patch(id).set({revokedAt: deps.now().toISOString()}).commit()
    return c.body(null, 204, NO_STORE)
  })

  return app
}

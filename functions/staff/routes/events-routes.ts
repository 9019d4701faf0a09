import type {Context} from 'hono'
import {streamSSE} from 'hono/streaming'

import {sessionAndPersonQuery} from '../queries/session-and-person-query.ts'
import {sessionDocumentId, sessionPerson} from '../staff-session-store.ts'
import type {StaffContext, StaffEnv} from './staff-context.ts'
import {staffSubApp} from './staff-sub-app.ts'

/**
 * `GET /events`: the lake's booking changes as server-sent events, and `signed-out` as soon as this session no
 * longer stands (docs/decisions/075).
 */
export function eventsRoutes(ctx: StaffContext) {
  const {app, route} = staffSubApp(ctx)
  route('GET /events', (c) => bookingEvents(ctx, c))
  return app
}

const bookingEvents = ({deps, nowMs, overview}: StaffContext, c: Context<StaffEnv>) =>
  streamSSE(c, async (stream) => {
    const controller = new AbortController()
    stream.onAbort(() => controller.abort())
    await stream.writeSSE({event: 'ready', data: '{}'})
    const keepAlive = setInterval(() => void stream.write(':\n\n'), 15_000)
    // Any change to this session or its person (Lock elsewhere, deactivation, a new password) is checked at
    // once: when it no longer stands, the dashboard is told and the stream ends, on whichever server it is open.
    const session = c.get('session')
    const ended = async () => {
      if (controller.signal.aborted || (await sessionPerson(deps.client, session, nowMs()))) return
      await stream.writeSSE({event: 'signed-out', data: '{}'})
      controller.abort()
    }
    const check = () =>
      void ended().catch((error: unknown) => console.error('Staff events:', error))
    try {
      await Promise.all([
        deps.listen((change) => {
          overview.clear()
          void stream.writeSSE({event: 'booking', data: JSON.stringify(change)})
        }, controller.signal),
        deps.listen(check, controller.signal, {
          query: sessionAndPersonQuery,
          params: {session: sessionDocumentId(session), person: c.get('person').id},
          // A change made before the stream opened is seen by this first check.
          onOpen: check,
        }),
      ])
    } catch (error) {
      if (!controller.signal.aborted) console.error('Staff events: lake listen ended', error)
    } finally {
      // One listen ending (the lake gone) ends the other too.
      controller.abort()
      clearInterval(keepAlive)
    }
  })

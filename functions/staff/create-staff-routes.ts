import {Hono, type Context, type MiddlewareHandler} from 'hono'
import {deleteCookie, getCookie, setCookie} from 'hono/cookie'
import {streamSSE} from 'hono/streaming'
import {z} from 'zod'

import {todayInCapeTown} from '@repo/schemas/iso-date.ts'

import {isOwnOrigin, type OwnOrigins} from '../lib/own-origins.ts'
import {verifyPassword, type StaffSecrets} from './admin-password.ts'
import {listBookingMail, resendBookingMail} from './booking-mail.ts'
import {
  decideBooking,
  listProposableDates,
  previewDecision,
  type DecisionDeps,
} from './decide-booking.ts'
import {exportDeparturesCsv, listDepartures} from './departures-view.ts'
import type {ListenBookings} from './lake-listen.ts'
import type {LoginRateLimit} from './login-rate-limit.ts'
import {
  changeStatus,
  createOverviewCache,
  exportBookingsCsv,
  listBookings,
  saveStaffNotes,
  type HandlerResult,
  type StaffDeps,
} from './staff-handlers.ts'
import {
  createDeviceToken,
  createRevocationList,
  createSessionToken,
  DEVICE_COOKIE,
  DEVICE_MAX_AGE_S,
  readDeviceToken,
  readSessionToken,
  SESSION_COOKIE,
  type StaffSession,
} from './staff-session.ts'

export type StaffRoutesDeps = StaffDeps & {
  secrets: StaffSecrets
  rateLimit: LoginRateLimit
  listen: ListenBookings
  /** The only origins that may change state: the site's own (lib/own-origins.ts). */
  ownOrigins: OwnOrigins
  /** Mail content, request links and the outbox's nudge, for decisions (issue 14). */
  decisions: DecisionDeps
}

type Env = {Variables: {session: StaffSession}}

const loginSchema = z.object({password: z.string().min(1).max(500)})

const NO_STORE = {'Cache-Control': 'no-store'}

/**
 * `/api/staff/*`: login, lock and the bookings API. Every route but login answers 401 without a valid session;
 * every state-changing request must come from the site's own origin (a cross-site form or fetch cannot forge one).
 */
export function createStaffRoutes(deps: StaffRoutesDeps): Hono<Env> {
  const app = new Hono<Env>()
  const revoked = createRevocationList()
  const nowMs = () => deps.now().getTime()
  const overview = deps.overview ?? createOverviewCache(nowMs)
  // A getter, so a lazily created client (staff-routes.ts) is still created on first use.
  const handlerDeps: StaffDeps = {
    get client() {
      return deps.client
    },
    get content() {
      return deps.content
    },
    now: deps.now,
    overview,
  }

  const sameOrigin: MiddlewareHandler = async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    if (!isOwnOrigin(c.req.header('origin'), deps.ownOrigins)) {
      return c.json({error: 'Cross-origin request refused'}, 403, NO_STORE)
    }
    return next()
  }

  const requireSession: MiddlewareHandler<Env> = async (c, next) => {
    const session = readSessionToken(
      deps.secrets.sessionSecret,
      getCookie(c, SESSION_COOKIE),
      nowMs(),
      revoked.isRevoked,
    )
    if (!session) return c.json({error: 'Staff session required'}, 401, NO_STORE)
    c.set('session', session)
    return next()
  }

  const send = (c: Context, result: HandlerResult) =>
    c.json(result.body as object, result.status, NO_STORE)

  app.use('*', sameOrigin)

  app.post('/session', async (c) => {
    const device = readDeviceToken(deps.secrets.sessionSecret, getCookie(c, DEVICE_COOKIE))
    const wait = deps.rateLimit.retryAfter(device, nowMs())
    if (wait > 0) {
      return c.json({error: 'Too many attempts. Try again later.'}, 429, {
        ...NO_STORE,
        'Retry-After': String(Math.ceil(wait / 1000)),
      })
    }
    const parsed = loginSchema.safeParse(await c.req.json().catch(() => null))
    if (!parsed.success || !verifyPassword(parsed.data.password, deps.secrets.password)) {
      deps.rateLimit.fail(device, nowMs())
      return c.json({error: 'Invalid password'}, 401, NO_STORE)
    }
    const secure = new URL(c.req.url).protocol === 'https:'
    const {token} = createSessionToken(deps.secrets.sessionSecret, nowMs())
    // No Max-Age or Expires: the cookie ends with the browser session; the token itself expires after 8 h.
    setCookie(c, SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/staff',
      secure,
    })
    if (device) deps.rateLimit.succeed(device)
    else {
      setCookie(c, DEVICE_COOKIE, createDeviceToken(deps.secrets.sessionSecret), {
        httpOnly: true,
        sameSite: 'Strict',
        path: '/api/staff/session',
        maxAge: DEVICE_MAX_AGE_S,
        secure,
      })
    }
    return c.json({ok: true}, 200, NO_STORE)
  })

  app.use('*', requireSession)

  app.get('/session', (c) => c.json({ok: true}, 200, NO_STORE))

  app.delete('/session', (c) => {
    revoked.revoke(c.get('session'), nowMs())
    deleteCookie(c, SESSION_COOKIE, {path: '/api/staff'})
    return c.body(null, 204, NO_STORE)
  })

  app.get('/bookings', async (c) => send(c, await listBookings(handlerDeps, c.req.query())))

  app.get('/bookings.csv', async (c) => {
    const result = await exportBookingsCsv(handlerDeps, c.req.query())
    if (result.status !== 200) return send(c, result)
    const stamp = todayInCapeTown(deps.now())
    return c.body(result.body as string, 200, {
      ...NO_STORE,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="bookings-${stamp}.csv"`,
    })
  })

  app.get('/departures', async (c) =>
    send(c, await listDepartures(handlerDeps, new URL(c.req.url).searchParams)),
  )

  app.get('/departures.csv', async (c) => {
    const result = await exportDeparturesCsv(handlerDeps, new URL(c.req.url).searchParams)
    if (!('range' in result)) return send(c, result)
    const {from, to} = result.range
    return c.body(result.body, 200, {
      ...NO_STORE,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="departures-${from}-to-${to}.csv"`,
    })
  })

  // Read-only views: any other method is told which one to use, not "Not found".
  app.on(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], ['/departures', '/departures.csv'], (c) =>
    c.json({error: 'Use GET.'}, 405, {...NO_STORE, Allow: 'GET, HEAD'}),
  )

  app.patch('/bookings/:id/status', async (c) =>
    send(
      c,
      await changeStatus(
        handlerDeps,
        c.req.param('id'),
        await c.req.json().catch(() => null),
        staffName(c),
      ),
    ),
  )

  const staffName = (c: Context<Env>) => `staff (session ${c.get('session').id.slice(0, 6)})`

  app.post('/bookings/:id/decision', async (c) =>
    send(
      c,
      await decideBooking(
        handlerDeps,
        deps.decisions,
        c.req.param('id'),
        await c.req.json().catch(() => null),
        staffName(c),
      ),
    ),
  )

  app.get('/bookings/:id/proposable-dates', async (c) =>
    send(c, await listProposableDates(handlerDeps, c.req.param('id'))),
  )

  app.post('/bookings/:id/decision/preview', async (c) =>
    send(
      c,
      await previewDecision(
        handlerDeps,
        deps.decisions,
        c.req.param('id'),
        await c.req.json().catch(() => null),
      ),
    ),
  )

  app.patch('/bookings/:id/notes', async (c) =>
    send(
      c,
      await saveStaffNotes(handlerDeps, c.req.param('id'), await c.req.json().catch(() => null)),
    ),
  )

  app.get('/bookings/:id/mail', async (c) =>
    send(c, await listBookingMail(handlerDeps, c.req.param('id'))),
  )

  app.post('/bookings/:id/mail/:mailId/resend', async (c) =>
    send(c, await resendBookingMail(handlerDeps, c.req.param('id'), c.req.param('mailId'))),
  )

  app.get('/events', (c) =>
    streamSSE(c, async (stream) => {
      const controller = new AbortController()
      stream.onAbort(() => controller.abort())
      await stream.writeSSE({event: 'ready', data: '{}'})
      const keepAlive = setInterval(() => void stream.write(':\n\n'), 15_000)
      try {
        await deps.listen((change) => {
          overview.clear()
          void stream.writeSSE({event: 'booking', data: JSON.stringify(change)})
        }, controller.signal)
      } catch (error) {
        if (!controller.signal.aborted) console.error('Staff events: lake listen ended', error)
      } finally {
        clearInterval(keepAlive)
      }
    }),
  )

  return app
}

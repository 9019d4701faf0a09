import {randomBytes} from 'node:crypto'

import {Hono, type Context, type MiddlewareHandler} from 'hono'
import {deleteCookie, getCookie, setCookie} from 'hono/cookie'
import {streamSSE} from 'hono/streaming'

import {staffLoginSchema} from '@repo/schemas/staff-login.ts'
import type {StaffActivityKind} from '@repo/schemas/staff-people.ts'
import {staffActionsOf, staffCan, type StaffSessionResponse} from '@repo/schemas/staff-roles.ts'

import {todayInCapeTown} from '@repo/schemas/iso-date.ts'

import {isFromOwnSite, type OwnOrigins} from '../lib/own-origins.ts'
import {verifyPassword, type PasswordHash} from './admin-password.ts'
import {listBookingMail, resendBookingMail} from './booking-mail.ts'
import {
  decideBooking,
  listProposableDates,
  previewDecision,
  type DecisionDeps,
} from './decide-booking.ts'
import {exportDeparturesCsv, listDepartures} from './departures-view.ts'
import {cancelDeparture, listAlternatives, previewCancellation} from './cancel-departure.ts'
import {listWaitlist} from './staff-waitlist.ts'
import {createReportRoutes} from './reports/routes.ts'
import {activityDocument, listActivity, recordActivity} from './staff-activity.ts'
import {listOwnPasskeys, removeOwnPasskey} from './own-passkeys.ts'
import {resetSecondStep} from './reset-second-step.ts'
import {profileRequired, saveOwnProfile} from './own-profile.ts'
import {changeIncident, listIncidents, recordIncident} from './security-incidents.ts'
import {exportSubscribersCsv} from './subscribers-export.ts'
import {RATE_LIMITED_MESSAGE, type RateLimiter} from '../lib/rate-limit.ts'
import type {ActivityFor} from './staff-deps.ts'
import {changePerson, listPeople} from './staff-people.ts'
import {
  invitePerson,
  inviteAgain,
  requestPasswordReset,
  setPasswordFromToken,
  type InvitationDeps,
} from './staff-invitations.ts'
import type {ListenBookings} from './lake-listen.ts'
import {createLoginRateLimit, type LoginRateLimit} from './login-rate-limit.ts'
import {
  createFirstOwner,
  findStaffMember,
  lakeSigningSecret,
  passwordMatches,
  type StaffMember,
} from './staff-accounts.ts'
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
  createSessionToken,
  DEVICE_COOKIE,
  DEVICE_MAX_AGE_S,
  readDeviceToken,
  readSessionToken,
  SESSION_COOKIE,
  type StaffSession,
} from './staff-session.ts'
import {
  noteReauthentication,
  revokeSession,
  sessionDocumentId,
  sessionPerson,
  storeSession,
  type SessionPerson,
  type SessionState,
} from './staff-session-store.ts'
import {ownSessionsQuery} from './staff-account-queries.ts'
import {
  addPasskey,
  passkeySignIn,
  registrationOptions,
  relyingParty,
  signInOptions,
} from './passkeys.ts'
import {
  mailSignInMethodChange,
  proofHolds,
  REAUTHENTICATE_MESSAGE,
  recentlyAuthenticated,
  type SignInMethodChange,
} from './sign-in-methods.ts'
import {
  confirmSecondStep,
  removeSecondStep,
  startSecondStep,
  spendSecondStep,
  type TwoStepMember,
} from './second-step.ts'
import {
  carryOutRequest,
  privacyOverview,
  saveRetentionPeriods,
  searchAddress,
  type PrivacyDeps,
} from './privacy.ts'
import {STAFF_ROUTE_ACTIONS, type StaffRouteKey} from './staff-route-actions.ts'
import {STAFF_SETTINGS_ID, teamRequiresSecondStep} from './staff-settings.ts'

export type StaffRoutesDeps = StaffDeps & {
  /**
   * The bootstrap password's hash (`ADMIN_PASSWORD`, or the one generated into `DATA_DIR`): signs in as the first
   * owner only while the lake has none, and creates it (staff-accounts.ts).
   */
  bootstrapPassword: PasswordHash
  /** The secret that signs cookies; by default one kept in the lake, the same for every server. */
  signingSecret?: () => Promise<string>
  /** The login back-off; by default kept in the lake, shared by every server. */
  rateLimit?: LoginRateLimit
  listen: ListenBookings
  /** The only origins that may change state: the site's own (lib/own-origins.ts). */
  ownOrigins: OwnOrigins
  /** Mail content, request links and the outbox's nudge, for decisions. */
  decisions: DecisionDeps
  /** The site's origin for links in staff mail (invitations, resets); by default the first own origin. */
  siteUrl?: string
  /**
   * The site's per-address request limit for the routes open without a session (sign-in, passkey sign-in, reset
   * requests, setting a password): many accounts guessed from one address are refused before any work, as the
   * per-account back-off cannot see them.
   */
  signInLimit?: {limiter: RateLimiter; clientAddress: (c: Context) => string}
  /** The site server's data folder and the address-hash secret, for the privacy screen (privacy.ts). */
  privacy?: {dataDir: string; secret: string}
}

/** The routes reached without a session, behind `signInLimit`. */
const SIGN_IN_PATHS = [
  '/session',
  '/session/passkey/options',
  '/session/passkey',
  '/password-reset',
  '/password',
]

type Env = {
  Variables: {
    session: StaffSession
    person: SessionPerson
    secondStep: SessionState['secondStep']
    authenticatedAt: string
    /** Set for the routes whose change stores its own activity entry (IN_ITS_TRANSACTION). */
    activity?: ActivityFor
  }
}

const NO_STORE = {'Cache-Control': 'no-store'}

/** What the activity log says of each route that changes, exports or sends something (GETs not listed: none). */
const ACTIVITY: Partial<
  Record<
    StaffRouteKey,
    (
      request: Record<string, unknown> | null,
      answer: Record<string, unknown> | null,
    ) => {kind: StaffActivityKind; summary: string}
  >
> = {
  'DELETE /session': () => ({kind: 'signed-out', summary: 'Signed out'}),
  'PATCH /bookings/:id/status': (request) => ({
    kind: 'status',
    summary: `Changed the status to ${String(request?.status)}`,
  }),
  'PATCH /bookings/:id/notes': () => ({kind: 'notes', summary: 'Saved the internal notes'}),
  'POST /bookings/:id/decision': (request) => ({
    kind: 'decision',
    summary: `Sent a decision: ${String(request?.decision)}`,
  }),
  'POST /bookings/:id/mail/:mailId/resend': () => ({
    kind: 'mail-resent',
    summary: 'Sent a mail again',
  }),
  'GET /bookings.csv': () => ({kind: 'bookings-export', summary: 'Exported bookings as CSV'}),
  'POST /people': (request) => ({
    kind: 'person-invited',
    summary: `Invited ${String(request?.name)} as ${String(request?.role)}`,
  }),
  'PUT /settings/two-step': (request) => ({
    kind: 'settings',
    summary: request?.required
      ? 'Required a second step for everyone'
      : 'Made the second step optional',
  }),
  'POST /two-step/confirm': () => ({kind: 'settings', summary: 'Set up a second step'}),
  'DELETE /two-step': () => ({kind: 'settings', summary: 'Removed their authenticator app'}),
  'PUT /profile': () => ({kind: 'settings', summary: 'Gave their name and email address'}),
  'POST /passkeys': () => ({kind: 'settings', summary: 'Added a passkey'}),
  'DELETE /passkeys/:key': () => ({kind: 'settings', summary: 'Removed a passkey'}),
  'POST /people/:id/invitation': (_request, answer) => ({
    kind: 'person-invited',
    summary: `Invited ${(answer?.person as {name?: string} | undefined)?.name ?? 'someone'} again`,
  }),
  'POST /people/:id/second-step/reset': (_request, answer) => ({
    kind: 'person-changed',
    summary: `Reset ${(answer?.person as {name?: string} | undefined)?.name ?? 'someone'}’s second step`,
  }),
  'DELETE /sessions/:id': () => ({kind: 'signed-out', summary: 'Ended one of their sessions'}),
  'PATCH /people/:id': (request, answer) => {
    const name = (answer?.person as {name?: string} | undefined)?.name ?? 'someone'
    const changes = [
      request?.role ? `made ${name} ${String(request.role)}` : '',
      request?.state === 'active' ? `gave ${name} access again` : '',
      request?.state === 'deactivated' ? `ended ${name}’s access` : '',
    ].filter(Boolean)
    const summary = changes.join('; ')
    return {kind: 'person-changed', summary: summary.charAt(0).toUpperCase() + summary.slice(1)}
  },
  'GET /departures.csv': () => ({kind: 'departures-export', summary: 'Exported departures as CSV'}),
  'POST /departures/cancel': (request) => ({
    kind: 'departure-cancelled',
    summary: `Cancelled the departure ${String(request?.experience)} on ${String(request?.date)}: ${String(request?.reason)}`,
  }),
  'PUT /privacy/retention': (_request, answer) => {
    const periods = (answer?.periods ?? {}) as Record<string, unknown>
    return {
      kind: 'privacy',
      summary: `Set the retention periods: ${String(periods.requestMonthsAfterTrip)} months after a trip, ${String(periods.closedRequestMonthsAfterDecision)} months after a closed request, ${String(periods.unconfirmedLeadDays)} days for unanswered trip requests`,
    }
  },
  'POST /privacy/requests/:id/carry-out': (_request, answer) => ({
    kind: 'privacy',
    summary: `Carried out a traveller’s ${String((answer?.report as {kind?: string} | undefined)?.kind ?? '')} request`,
  }),
  'POST /privacy/search': () => ({kind: 'privacy', summary: 'Searched every place for an address'}),
  'GET /subscribers.csv': () => ({
    kind: 'subscribers-export',
    summary: 'Exported the confirmed newsletter subscribers as CSV',
  }),
  'POST /incidents': (request) => ({
    kind: 'incident',
    summary: `Recorded a security incident of ${String(request?.occurredOn)}`,
  }),
  'PATCH /incidents/:id': (request) => ({
    kind: 'incident',
    summary: `Changed the security incident of ${String((request?.incident as {occurredOn?: unknown} | undefined)?.occurredOn)}`,
  }),
}

/**
 * Changes whose handler creates the activity entry in the change's own transaction: the change and its entry are
 * stored together or not at all. The others (exports, sign-outs, invitations, settings) record it after.
 */
const IN_ITS_TRANSACTION: ReadonlySet<StaffRouteKey> = new Set<StaffRouteKey>([
  'PATCH /bookings/:id/status',
  'PATCH /bookings/:id/notes',
  'POST /bookings/:id/decision',
  'POST /bookings/:id/mail/:mailId/resend',
  'PATCH /people/:id',
  'POST /people/:id/second-step/reset',
  'POST /departures/cancel',
  'POST /incidents',
  'PATCH /incidents/:id',
])

/** Sign-ins with no email are the first owner's; its back-off is counted under this name. */
const FIRST_OWNER_ACCOUNT = 'first-owner'
/** Failed passkey sign-ins name no account: they share one back-off. */
const PASSKEY_ACCOUNT = 'passkeys'

const sessionBody = (
  person: SessionPerson,
  secondStep: SessionState['secondStep'],
): StaffSessionResponse => ({
  person,
  // Until a required second step is set up, the person may do nothing else.
  actions: secondStep.setupRequired ? [] : staffActionsOf(person.role),
  secondStep,
  // The dashboard asks for a missing name and address before anything else (own-profile-form.tsx); the API
  // does not refuse meanwhile, so scripts and checks that sign in as the first owner keep working.
  profile: {required: profileRequired(person)},
})

/** What a person who must still set up a second step may reach. */
const BEFORE_SECOND_STEP: readonly StaffRouteKey[] = [
  'GET /session',
  'DELETE /session',
  'POST /reauthenticate',
  'POST /two-step',
  'POST /two-step/confirm',
  'PUT /profile',
]

/**
 * The changes to a person's own sign-in methods: each needs the sign-in, or the password or a code given again,
 * within the last few minutes, not only a session (sign-in-methods.ts).
 */
const NEEDS_RECENT_PROOF: ReadonlySet<StaffRouteKey> = new Set<StaffRouteKey>([
  'POST /passkeys/options',
  'POST /passkeys',
  'DELETE /passkeys/:key',
  'POST /two-step',
  'POST /two-step/confirm',
  'DELETE /two-step',
])

/**
 * `/api/staff/*`: sign-in, lock and the bookings API. Every route but sign-in answers 401 without a live session
 * (checked in the lake on every request) and 403 when the person's role may not use it (staff-route-actions.ts);
 * every state-changing request must come from the site's own origin (a cross-site form or fetch cannot forge one).
 */
export function createStaffRoutes(deps: StaffRoutesDeps): Hono<Env> {
  const app = new Hono<Env>()
  const nowMs = () => deps.now().getTime()
  const overview = deps.overview ?? createOverviewCache(nowMs)
  const signingSecret = deps.signingSecret ?? lakeSigningSecret(() => deps.client)
  const rateLimit = () =>
    deps.rateLimit ?? (defaultRateLimit ??= createLoginRateLimit(() => deps.client))
  let defaultRateLimit: LoginRateLimit | undefined
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
    // Only the dashboard's own pages change anything here, and a browser always names their origin.
    const headers = {origin: c.req.header('origin'), fetchSite: c.req.header('sec-fetch-site')}
    if (!isFromOwnSite(headers, deps.ownOrigins, {requireOrigin: true})) {
      return c.json({error: 'Cross-origin request refused'}, 403, NO_STORE)
    }
    return next()
  }

  const requireSession: MiddlewareHandler<Env> = async (c, next) => {
    const session = readSessionToken(await signingSecret(), getCookie(c, SESSION_COOKIE), nowMs())
    const state = session && (await sessionPerson(deps.client, session, nowMs()))
    if (!session || !state) return c.json({error: 'Staff session required'}, 401, NO_STORE)
    c.set('session', session)
    c.set('person', state.person)
    c.set('secondStep', state.secondStep)
    c.set('authenticatedAt', state.authenticatedAt)
    return next()
  }

  const send = (c: Context, result: HandlerResult) =>
    c.json(result.body as object, result.status, NO_STORE)

  app.use('*', sameOrigin)
  const signInLimit: MiddlewareHandler = async (c, next) => {
    const limit = deps.signInLimit
    if (!limit || c.req.method !== 'POST') return next()
    const taken = limit.limiter.take(limit.clientAddress(c))
    if (taken.ok) return next()
    return c.json({error: RATE_LIMITED_MESSAGE}, 429, {
      ...NO_STORE,
      'Retry-After': String(taken.retryAfterSeconds),
    })
  }
  for (const path of SIGN_IN_PATHS) app.use(path, signInLimit)

  /** Opens a session for a person who has proved who they are: cookies, the lake's record, the activity log. */
  async function openSession(
    c: Context<Env>,
    member: StaffMember,
    {
      account,
      device,
      secret,
      secondStep,
    }: {
      account: string
      device: string | undefined
      secret: string
      secondStep: SessionState['secondStep']
    },
  ) {
    const secure = new URL(c.req.url).protocol === 'https:'
    const {token, session} = createSessionToken(secret, nowMs())
    await storeSession(deps.client, session, member._id, c.req.header('user-agent'))
    // No Max-Age or Expires: the cookie ends with the browser session; the session itself expires after 8 h.
    setCookie(c, SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/staff',
      secure,
    })
    // The device is known to this account from now on, and to no other (login-rate-limit.ts).
    const known = device ?? randomBytes(16).toString('base64url')
    await rateLimit().succeed(account, known, nowMs())
    if (!device) {
      setCookie(c, DEVICE_COOKIE, createDeviceToken(secret, known), {
        httpOnly: true,
        sameSite: 'Strict',
        path: '/api/staff/session',
        maxAge: DEVICE_MAX_AGE_S,
        secure,
      })
    }
    const person: SessionPerson = {
      id: member._id,
      name: member.name,
      email: member.email,
      role: member.role,
    }
    await recordActivity(deps.client, {
      at: deps.now(),
      person,
      kind: 'signed-in',
      summary: 'Signed in',
    })
    return c.json(sessionBody(person, secondStep), 200, NO_STORE)
  }

  app.post('/session', async (c) => {
    const secret = await signingSecret()
    const parsed = staffLoginSchema.safeParse(await c.req.json().catch(() => null))
    if (!parsed.success) {
      return c.json(
        {error: 'Enter your email address (if you have one here) and password.'},
        400,
        NO_STORE,
      )
    }
    const {email, password, code} = parsed.data
    const account = email ?? FIRST_OWNER_ACCOUNT
    const device = readDeviceToken(secret, getCookie(c, DEVICE_COOKIE))
    const wait = await rateLimit().retryAfter(account, device, nowMs())
    if (wait > 0) {
      return c.json({error: 'Too many attempts. Try again later.'}, 429, {
        ...NO_STORE,
        'Retry-After': String(Math.ceil(wait / 1000)),
      })
    }
    let member = await findStaffMember(deps.client, email)
    if (!member && email === undefined && verifyPassword(password, deps.bootstrapPassword)) {
      member = await createFirstOwner(deps.client, password, deps.now())
    }
    // The same answer, and about the same time, for an unknown address, a wrong password or a deactivated person.
    const matches = passwordMatches(password, member?.password)
    if (!member || !matches || member.state !== 'active') {
      await rateLimit().fail(account, device, nowMs())
      return c.json({error: 'Wrong email or password.'}, 401, NO_STORE)
    }
    const full = (await deps.client.getDocument<TwoStepMember>(member._id))!
    if (full.secondStep?.secret) {
      // The password was right: ask for the second step (not a failure), then check it like a password.
      if (!code) {
        return c.json(
          {
            error: 'Enter the code from your authenticator app, or a recovery code.',
            secondStep: 'code',
          },
          401,
          NO_STORE,
        )
      }
      if (!(await spendSecondStep(deps.client, full, code, deps.now()))) {
        await rateLimit().fail(account, device, nowMs())
        return c.json(
          {error: 'That code is not right, or was used already.', secondStep: 'code'},
          401,
          NO_STORE,
        )
      }
    }
    const required = await teamRequiresSecondStep(deps.client)
    const secondStep = {
      enabled: Boolean(full.secondStep?.secret),
      setupRequired: required && !full.secondStep?.secret,
    }
    return openSession(c, member, {account, device, secret, secondStep})
  })

  /** Passkey sign-in, in two steps: options with a fresh challenge, then the browser's signed answer. */
  app.post('/session/passkey/options', async (c) =>
    c.json(await signInOptions(deps.client, passkeyParty(), deps.now()), 200, NO_STORE),
  )

  app.post('/session/passkey', async (c) => {
    const secret = await signingSecret()
    const device = readDeviceToken(secret, getCookie(c, DEVICE_COOKIE))
    const wait = await rateLimit().retryAfter(PASSKEY_ACCOUNT, device, nowMs())
    if (wait > 0) {
      return c.json({error: 'Too many attempts. Try again later.'}, 429, {
        ...NO_STORE,
        'Retry-After': String(Math.ceil(wait / 1000)),
      })
    }
    const body = (await c.req.json().catch(() => null)) as {response?: unknown} | null
    const member = await passkeySignIn(deps.client, passkeyParty(), body?.response, deps.now())
    if (!member || member.state !== 'active') {
      await rateLimit().fail(PASSKEY_ACCOUNT, device, nowMs())
      return c.json({error: 'That passkey was not accepted.'}, 401, NO_STORE)
    }
    // A passkey is a second step in itself: nothing more is asked, and a required second step is met.
    return openSession(c, member, {
      account: PASSKEY_ACCOUNT,
      device,
      secret,
      secondStep: {enabled: true, setupRequired: false},
    })
  })

  const passkeyParty = () =>
    relyingParty(deps.siteUrl ?? [...deps.ownOrigins][0] ?? 'http://localhost')

  const invitations: InvitationDeps = {
    get client() {
      return deps.client
    },
    now: deps.now,
    siteUrl: deps.siteUrl ?? [...deps.ownOrigins][0] ?? '',
    queued: deps.decisions.queued,
    linkSecret: () => deps.decisions.links.secret,
    company: async () => (await deps.decisions.mailContent()).brand.company,
    rateLimit,
  }

  // Without a session: asking for a reset link, and setting a password from an invitation's or reset's link.
  app.post('/password-reset', async (c) =>
    send(c, requestPasswordReset(invitations, await c.req.json().catch(() => null))),
  )
  app.post('/password', async (c) =>
    send(c, await setPasswordFromToken(invitations, await c.req.json().catch(() => null))),
  )

  app.use('*', requireSession)

  /**
   * Registers a route from the table: the person's role must allow its action, else 403 before any work.
   * A route missing from the table cannot be registered.
   */
  const route = (
    key: StaffRouteKey,
    handler: (c: Context<Env>) => Response | Promise<Response>,
  ) => {
    const [method, path] = key.split(' ') as [string, string]
    const action = STAFF_ROUTE_ACTIONS[key]
    app.on(method, path, async (c) => {
      if (c.get('secondStep').setupRequired && !BEFORE_SECOND_STEP.includes(key)) {
        return c.json(
          {error: 'Set up your second step first.', code: 'second-step-setup'},
          403,
          NO_STORE,
        )
      }
      if (action !== 'signed-in' && !staffCan(c.get('person').role, action)) {
        return c.json({error: 'Your role does not allow this.'}, 403, NO_STORE)
      }
      if (
        NEEDS_RECENT_PROOF.has(key) &&
        !recentlyAuthenticated(c.get('authenticatedAt'), nowMs())
      ) {
        return c.json({error: REAUTHENTICATE_MESSAGE, code: 'reauthenticate'}, 403, NO_STORE)
      }
      const describe = ACTIVITY[key]
      const inTransaction = describe && IN_ITS_TRANSACTION.has(key)
      if (inTransaction) {
        const request = ['POST', 'PATCH'].includes(method)
          ? ((await c.req.json().catch(() => null)) as Record<string, unknown> | null)
          : null
        const at = deps.now()
        const person = c.get('person')
        c.set('activity', ({booking, subject}) => {
          const {kind, summary} = describe(request, subject ? {person: {name: subject.name}} : null)
          return activityDocument({
            at,
            person,
            kind,
            summary,
            booking,
            subject: subject && {id: subject.id},
          })
        })
      }
      const response = await handler(c)
      if (describe && !inTransaction && response.ok) {
        const answer: unknown = response.headers.get('content-type')?.includes('json')
          ? await response.clone().json()
          : null
        // The handler read the body already; Hono keeps it, and it was valid, or the answer would not be 2xx.
        const request: unknown = ['POST', 'PATCH'].includes(method)
          ? await c.req.json().catch(() => null)
          : null
        const {kind, summary} = describe(
          request as Record<string, unknown> | null,
          answer as Record<string, unknown> | null,
        )
        const booking = (answer as {booking?: {booking_ref?: string}} | null)?.booking
        const id = c.req.param('id')
        const aboutPerson = path.startsWith('/people/')
        await recordActivity(deps.client, {
          at: deps.now(),
          person: c.get('person'),
          kind,
          summary,
          booking: id && !aboutPerson ? {id, ref: booking?.booking_ref ?? null} : undefined,
          subject: id && aboutPerson ? {id} : undefined,
        }).catch((error: unknown) => console.error('[staff] activity not recorded', error))
      }
      return response
    })
  }
  const param = (c: Context<Env>, name: string) => c.req.param(name) ?? ''
  /** The handlers' dependencies with this request's activity entry, for the change's own transaction. */
  const changeDeps = (c: Context<Env>): StaffDeps => ({...handlerDeps, activity: c.get('activity')})
  /** Who did it, as a request's history names them: the person's name and account id. */
  const staffName = (c: Context<Env>) => ({name: c.get('person').name, id: c.get('person').id})

  route('GET /session', (c) =>
    c.json(sessionBody(c.get('person'), c.get('secondStep')), 200, NO_STORE),
  )

  route('PUT /profile', async (c) =>
    send(
      c,
      await saveOwnProfile(
        deps.client,
        c.get('person'),
        await c.req.json().catch(() => null),
        deps.now(),
      ),
    ),
  )

  route('POST /passkeys/options', async (c) =>
    c.json(
      await registrationOptions(deps.client, passkeyParty(), c.get('person'), deps.now()),
      200,
      NO_STORE,
    ),
  )

  /** Tells the person by mail that one of their sign-in methods changed; a mail that cannot be queued is logged. */
  const tellOfChange = (
    person: {id: string; name: string; email: string | null},
    change: SignInMethodChange,
  ) =>
    mailSignInMethodChange(
      {
        client: deps.client,
        mailContent: deps.decisions.mailContent,
        queued: deps.decisions.queued,
        siteUrl: invitations.siteUrl,
      },
      person,
      change,
      deps.now(),
    ).catch((error: unknown) => console.error('[staff] sign-in method mail not queued', error))

  route('POST /reauthenticate', async (c) => {
    const body = (await c.req.json().catch(() => null)) as {
      password?: unknown
      code?: unknown
    } | null
    const person = c.get('person')
    // Guesses here count toward the account's sign-in back-off, as at sign-in: a session is no way round it.
    const account = person.email ?? FIRST_OWNER_ACCOUNT
    const wait = await rateLimit().retryAfter(account, undefined, nowMs())
    if (wait > 0) {
      return c.json({error: 'Too many attempts. Try again later.'}, 429, {
        ...NO_STORE,
        'Retry-After': String(Math.ceil(wait / 1000)),
      })
    }
    if (!(await proofHolds(deps.client, person.id, body ?? {}, deps.now()))) {
      await rateLimit().fail(account, undefined, nowMs())
      return c.json(
        {error: 'That password or code is not right.', code: 'reauthenticate'},
        400,
        NO_STORE,
      )
    }
    await noteReauthentication(deps.client, c.get('session'), nowMs())
    return c.json({authenticatedAt: deps.now().toISOString()}, 200, NO_STORE)
  })

  route('POST /passkeys', async (c) => {
    const body = (await c.req.json().catch(() => null)) as {response?: unknown} | null
    const added = await addPasskey(
      deps.client,
      passkeyParty(),
      c.get('person').id,
      body?.response,
      deps.now(),
    )
    if (!added) return c.json({error: 'That passkey could not be added. Try again.'}, 400, NO_STORE)
    await tellOfChange(c.get('person'), 'passkey-added')
    return c.json({ok: true}, 200, NO_STORE)
  })

  route('GET /passkeys', async (c) =>
    send(c, await listOwnPasskeys(deps.client, c.get('person').id)),
  )

  route('DELETE /passkeys/:key', async (c) => {
    const result = await removeOwnPasskey(deps.client, c.get('person').id, param(c, 'key'))
    if (result.status === 200) await tellOfChange(c.get('person'), 'passkey-removed')
    return send(c, result)
  })

  route('POST /two-step', async (c) =>
    c.json(
      await startSecondStep(deps.client, c.get('person'), await invitations.company()),
      200,
      NO_STORE,
    ),
  )

  route('POST /two-step/confirm', async (c) => {
    const body = (await c.req.json().catch(() => null)) as {code?: unknown} | null
    const code = typeof body?.code === 'string' ? body.code.replace(/\s/g, '') : ''
    if (!/^\d{6}$/.test(code)) {
      return c.json({error: 'Enter the 6-digit code your app shows.'}, 400, NO_STORE)
    }
    const recoveryCodes = await confirmSecondStep(deps.client, c.get('person').id, code, deps.now())
    if (!recoveryCodes) {
      return c.json(
        {error: 'That code is not right. Check the time on your phone and try again.'},
        400,
        NO_STORE,
      )
    }
    await tellOfChange(c.get('person'), c.get('secondStep').enabled ? 'app-replaced' : 'app-set-up')
    return c.json({recoveryCodes}, 200, NO_STORE)
  })

  route('DELETE /two-step', async (c) => {
    if (await teamRequiresSecondStep(deps.client)) {
      return c.json(
        {
          error:
            'Everyone signs in with a second step here: replace the app rather than remove it.',
        },
        409,
        NO_STORE,
      )
    }
    const removed = await removeSecondStep(deps.client, c.get('person').id)
    if (!removed) return c.json({error: 'You have no authenticator app set up.'}, 409, NO_STORE)
    await tellOfChange(c.get('person'), 'app-removed')
    return c.body(null, 204, NO_STORE)
  })

  route('PUT /settings/two-step', async (c) => {
    const body = (await c.req.json().catch(() => null)) as {required?: unknown} | null
    if (typeof body?.required !== 'boolean') {
      return c.json(
        {error: 'Say whether a second step is required (true or false).'},
        400,
        NO_STORE,
      )
    }
    // Whoever requires it has it already, so the requirement never shuts out the owner who set it.
    if (body.required && !c.get('secondStep').enabled) {
      return c.json({error: 'Set up your own second step first.'}, 409, NO_STORE)
    }
    await deps.client.createOrReplace({
      _id: STAFF_SETTINGS_ID,
      _type: 'staffSettings',
      requireSecondStep: body.required,
      changedAt: deps.now().toISOString(),
      changedBy: c.get('person').id,
    })
    return c.json({required: body.required}, 200, NO_STORE)
  })

  route('GET /sessions', async (c) => {
    const sessions = await deps.client.fetch<{_id: string}[]>(ownSessionsQuery, {
      personId: c.get('person').id,
      now: deps.now().toISOString(),
    })
    const current = sessionDocumentId(c.get('session'))
    return c.json(
      {sessions: sessions.map((session) => ({...session, current: session._id === current}))},
      200,
      NO_STORE,
    )
  })

  route('DELETE /sessions/:id', async (c) => {
    const id = param(c, 'id')
    const session = /^staffSession\.[0-9a-f]{64}$/.test(id)
      ? await deps.client.getDocument<{personId: string}>(id)
      : undefined
    // Someone else's session is as unknown as one that does not exist.
    if (!session || session.personId !== c.get('person').id) {
      return c.json({error: 'No such session.'}, 404, NO_STORE)
    }
    await deps.client.patch(id).set({revokedAt: deps.now().toISOString()}).commit()
    return c.body(null, 204, NO_STORE)
  })

  route('GET /activity', async (c) =>
    send(c, await listActivity(deps.client, new URL(c.req.url).searchParams)),
  )

  route('GET /people', async (c) => send(c, await listPeople(deps.client)))

  const privacyDeps = (): PrivacyDeps => ({
    client: deps.client,
    content: deps.content,
    dataDir: deps.privacy?.dataDir ?? '.data',
    secret: deps.privacy?.secret ?? '',
    mailContent: deps.decisions.mailContent,
    queued: deps.decisions.queued,
    now: deps.now,
  })
  route('GET /privacy', async (c) => send(c, await privacyOverview(privacyDeps())))
  route('PUT /privacy/retention', async (c) =>
    send(
      c,
      await saveRetentionPeriods(
        privacyDeps(),
        await c.req.json().catch(() => null),
        c.get('person'),
      ),
    ),
  )
  route('POST /privacy/requests/:id/carry-out', async (c) =>
    send(
      c,
      await carryOutRequest(
        privacyDeps(),
        c.req.param('id') ?? '',
        c.get('person'),
        await c.req.json().catch(() => null),
      ),
    ),
  )
  route('POST /privacy/search', async (c) =>
    send(c, await searchAddress(privacyDeps(), await c.req.json().catch(() => null))),
  )

  route('POST /people', async (c) =>
    send(c, await invitePerson(invitations, await c.req.json().catch(() => null), c.get('person'))),
  )

  route('POST /people/:id/invitation', async (c) =>
    send(c, await inviteAgain(invitations, param(c, 'id'), c.get('person'))),
  )

  route('PATCH /people/:id', async (c) =>
    send(
      c,
      await changePerson(
        deps.client,
        param(c, 'id'),
        await c.req.json().catch(() => null),
        c.get('person'),
        deps.now(),
        c.get('activity'),
      ),
    ),
  )

  route('POST /people/:id/second-step/reset', async (c) => {
    const result = await resetSecondStep(deps.client, param(c, 'id'), deps.now(), c.get('activity'))
    const reset = (result.body as {person?: {_id: string; name: string; email: string | null}})
      .person
    if (result.status === 200 && reset) {
      await tellOfChange({id: reset._id, name: reset.name, email: reset.email}, 'second-step-reset')
    }
    return send(c, result)
  })

  route('DELETE /session', async (c) => {
    await revokeSession(deps.client, c.get('session'), nowMs())
    deleteCookie(c, SESSION_COOKIE, {path: '/api/staff'})
    return c.body(null, 204, NO_STORE)
  })

  route('GET /bookings', async (c) => send(c, await listBookings(handlerDeps, c.req.query())))

  route('GET /bookings.csv', async (c) => {
    const result = await exportBookingsCsv(handlerDeps, c.req.query())
    if (result.status !== 200) return send(c, result)
    const stamp = todayInCapeTown(deps.now())
    return c.body(result.body as string, 200, {
      ...NO_STORE,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="bookings-${stamp}.csv"`,
    })
  })

  route('GET /departures', async (c) =>
    send(c, await listDepartures(handlerDeps, new URL(c.req.url).searchParams)),
  )

  route('GET /departures.csv', async (c) => {
    const result = await exportDeparturesCsv(handlerDeps, new URL(c.req.url).searchParams)
    if (!('range' in result)) return send(c, result)
    const {from, to} = result.range
    return c.body(result.body, 200, {
      ...NO_STORE,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="departures-${from}-to-${to}.csv"`,
    })
  })

  route('GET /departures/alternatives', async (c) =>
    send(c, await listAlternatives(handlerDeps, new URL(c.req.url).searchParams)),
  )
  route('POST /departures/cancel/preview', async (c) =>
    send(
      c,
      await previewCancellation(handlerDeps, deps.decisions, await c.req.json().catch(() => null)),
    ),
  )
  route('POST /departures/cancel', async (c) =>
    send(
      c,
      await cancelDeparture(
        changeDeps(c),
        deps.decisions,
        await c.req.json().catch(() => null),
        staffName(c),
      ),
    ),
  )

  route('GET /subscribers.csv', async (c) => {
    const body = await exportSubscribersCsv(handlerDeps)
    return c.body(body, 200, {
      ...NO_STORE,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="subscribers-${todayInCapeTown(deps.now())}.csv"`,
    })
  })

  route('GET /incidents', async (c) => send(c, await listIncidents(handlerDeps)))
  route('POST /incidents', async (c) =>
    send(
      c,
      await recordIncident(changeDeps(c), await c.req.json().catch(() => null), staffName(c)),
    ),
  )
  route('PATCH /incidents/:id', async (c) =>
    send(
      c,
      await changeIncident(
        changeDeps(c),
        param(c, 'id'),
        await c.req.json().catch(() => null),
        staffName(c),
      ),
    ),
  )

  app.on(
    ['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    ['/departures/cancel', '/departures/cancel/preview'],
    (c) => c.json({error: 'Use POST.'}, 405, {...NO_STORE, Allow: 'POST'}),
  )

  app.route('/reports', createReportRoutes(handlerDeps))

  route('GET /waitlist', async (c) =>
    send(c, await listWaitlist(handlerDeps, new URL(c.req.url).searchParams)),
  )
  app.on(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], '/waitlist', (c) =>
    c.json({error: 'Use GET.'}, 405, {...NO_STORE, Allow: 'GET, HEAD'}),
  )

  // Read-only views: any other method is told which one to use, not "Not found".
  app.on(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], ['/departures', '/departures.csv'], (c) =>
    c.json({error: 'Use GET.'}, 405, {...NO_STORE, Allow: 'GET, HEAD'}),
  )

  route('PATCH /bookings/:id/status', async (c) =>
    send(
      c,
      await changeStatus(
        changeDeps(c),
        param(c, 'id'),
        await c.req.json().catch(() => null),
        staffName(c),
        deps.decisions,
      ),
    ),
  )

  route('POST /bookings/:id/decision', async (c) =>
    send(
      c,
      await decideBooking(
        changeDeps(c),
        deps.decisions,
        param(c, 'id'),
        await c.req.json().catch(() => null),
        staffName(c),
      ),
    ),
  )

  route('GET /bookings/:id/proposable-dates', async (c) =>
    send(c, await listProposableDates(handlerDeps, param(c, 'id'))),
  )

  route('POST /bookings/:id/decision/preview', async (c) =>
    send(
      c,
      await previewDecision(
        handlerDeps,
        deps.decisions,
        param(c, 'id'),
        await c.req.json().catch(() => null),
      ),
    ),
  )

  route('PATCH /bookings/:id/notes', async (c) =>
    send(
      c,
      await saveStaffNotes(
        changeDeps(c),
        param(c, 'id'),
        await c.req.json().catch(() => null),
        staffName(c),
      ),
    ),
  )

  route('GET /bookings/:id/mail', async (c) =>
    send(c, await listBookingMail(handlerDeps, param(c, 'id'))),
  )

  route('POST /bookings/:id/mail/:mailId/resend', async (c) =>
    send(c, await resendBookingMail(changeDeps(c), param(c, 'id'), param(c, 'mailId'))),
  )

  route('GET /events', (c) =>
    streamSSE(c, async (stream) => {
      const controller = new AbortController()
      stream.onAbort(() => controller.abort())
      await stream.writeSSE({event: 'ready', data: '{}'})
      const keepAlive = setInterval(() => void stream.write(':\n\n'), 15_000)
      // Any change to this session or its person (Lock elsewhere, deactivation, a new password) is checked at
      // once: when it no longer stands, the dashboard is told and the stream ends, on whichever server it is open.
      const session = c.get('session')
      const ended = async () => {
        if (controller.signal.aborted || (await sessionPerson(deps.client, session, nowMs())))
          return
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
            query: '*[_id in [$session, $person]]',
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
    }),
  )

  return app
}

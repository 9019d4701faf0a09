import {randomBytes} from 'node:crypto'

import {Hono, type Context} from 'hono'
import {getCookie, setCookie} from 'hono/cookie'

import {staffLoginSchema} from '@repo/schemas/staff-login.ts'

import {verifyPassword} from '../admin-password.ts'
import {passkeySignIn, signInOptions} from '../passkeys.ts'
import {spendSecondStep, type TwoStepMember} from '../second-step.ts'
import {refuse, send} from '../send-result.ts'
import {recordActivity} from '../staff-activity.ts'
import {
  createFirstOwner,
  findStaffMember,
  passwordMatches,
  type StaffMember,
} from '../staff-accounts.ts'
import {requestPasswordReset, setPasswordFromToken} from '../staff-invitations.ts'
import {
  createDeviceToken,
  createSessionToken,
  DEVICE_COOKIE,
  DEVICE_MAX_AGE_S,
  readDeviceToken,
  SESSION_COOKIE,
} from '../staff-session.ts'
import {storeSession, type SessionPerson, type SessionState} from '../staff-session-store.ts'
import {teamRequiresSecondStep} from '../staff-settings.ts'
import {sessionBody} from './session-body.ts'
import {FIRST_OWNER_ACCOUNT, PASSKEY_ACCOUNT, tooManyAttempts} from './sign-in-back-off.ts'
import {signInLimit} from './sign-in-limit.ts'
import {jsonBody, type StaffContext, type StaffEnv} from './staff-context.ts'

/** The routes reached without a session, behind `signInLimit`. */
const SIGN_IN_PATHS = [
  '/session',
  '/session/passkey/options',
  '/session/passkey',
  '/password-reset',
  '/password',
]

/**
 * Sign-in and sessions without a session: password (with the second step), passkey, a reset link asked for and a
 * password set from a link. Mounted before `requireSession`; every POST here is behind the per-address limit.
 */
export function signInRoutes(ctx: StaffContext): Hono<StaffEnv> {
  const app = new Hono<StaffEnv>()
  for (const path of SIGN_IN_PATHS) app.use(path, signInLimit(ctx.deps.signInLimit))
  app.post('/session', (c) => passwordSignIn(ctx, c))
  /** Passkey sign-in, in two steps: options with a fresh challenge, then the browser's signed answer. */
  app.post('/session/passkey/options', async (c) =>
    send(c, {
      status: 200,
      body: await signInOptions(ctx.deps.client, ctx.passkeyParty(), ctx.deps.now()),
    }),
  )
  app.post('/session/passkey', (c) => passkeyOnlySignIn(ctx, c))
  // Without a session: asking for a reset link, and setting a password from an invitation's or reset's link.
  app.post('/password-reset', async (c) =>
    send(c, requestPasswordReset(ctx.invitations, await jsonBody(c))),
  )
  app.post('/password', async (c) =>
    send(c, await setPasswordFromToken(ctx.invitations, await jsonBody(c))),
  )
  return app
}

async function passwordSignIn(ctx: StaffContext, c: Context<StaffEnv>) {
  const {deps, nowMs} = ctx
  const secret = await ctx.signingSecret()
  const parsed = staffLoginSchema.safeParse(await jsonBody(c))
  if (!parsed.success)
    return refuse(c, 400, 'Enter your email address (if you have one here) and password.')
  const {email, password, code} = parsed.data
  const account = email ?? FIRST_OWNER_ACCOUNT
  const device = readDeviceToken(secret, getCookie(c, DEVICE_COOKIE))
  const wait = await ctx.rateLimit().retryAfter(account, device, nowMs())
  if (wait > 0) return tooManyAttempts(c, wait)
  let member = await findStaffMember(deps.client, email)
  if (!member && email === undefined && verifyPassword(password, deps.bootstrapPassword)) {
    member = await createFirstOwner(deps.client, password, deps.now())
  }
  // The same answer, and about the same time, for an unknown address, a wrong password or a deactivated person.
  const matches = passwordMatches(password, member?.password)
  if (!member || !matches || member.state !== 'active') {
    await ctx.rateLimit().fail(account, device, nowMs())
    return refuse(c, 401, 'Wrong email or password.')
  }
  const full = (await deps.client.getDocument<TwoStepMember>(member._id))!
  if (full.secondStep?.secret) {
    // The password was right: ask for the second step (not a failure), then check it like a password.
    if (!code) {
      return refuse(c, 401, 'Enter the code from your authenticator app, or a recovery code.', {
        secondStep: 'code',
      })
    }
    if (!(await spendSecondStep(deps.client, full, code, deps.now()))) {
      await ctx.rateLimit().fail(account, device, nowMs())
      return refuse(c, 401, 'That code is not right, or was used already.', {secondStep: 'code'})
    }
  }
  const required = await teamRequiresSecondStep(deps.client)
  const secondStep = {
    enabled: Boolean(full.secondStep?.secret),
    setupRequired: required && !full.secondStep?.secret,
  }
  return openSession(ctx, c, member, {account, device, secret, secondStep})
}

async function passkeyOnlySignIn(ctx: StaffContext, c: Context<StaffEnv>) {
  const {deps, nowMs} = ctx
  const secret = await ctx.signingSecret()
  const device = readDeviceToken(secret, getCookie(c, DEVICE_COOKIE))
  const wait = await ctx.rateLimit().retryAfter(PASSKEY_ACCOUNT, device, nowMs())
  if (wait > 0) return tooManyAttempts(c, wait)
  const body = (await jsonBody(c)) as {response?: unknown} | null
  const member = await passkeySignIn(deps.client, ctx.passkeyParty(), body?.response, deps.now())
  if (!member || member.state !== 'active') {
    await ctx.rateLimit().fail(PASSKEY_ACCOUNT, device, nowMs())
    return refuse(c, 401, 'That passkey was not accepted.')
  }
  // A passkey is a second step in itself: nothing more is asked, and a required second step is met.
  return openSession(ctx, c, member, {
    account: PASSKEY_ACCOUNT,
    device,
    secret,
    secondStep: {enabled: true, setupRequired: false},
  })
}

/** Opens a session for a person who has proved who they are: cookies, the lake's record, the activity log. */
async function openSession(
  {deps, nowMs, rateLimit}: StaffContext,
  c: Context<StaffEnv>,
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
  return send(c, {status: 200, body: sessionBody(person, secondStep)})
}

import type {Context} from 'hono'

import type {OwnOrigins} from '../../lib/own-origins.ts'
import type {RateLimiter} from '../../lib/rate-limit.ts'
import type {PasswordHash} from '../admin-password.ts'
import type {DecisionDeps} from '../decide-booking.ts'
import type {ListenBookings} from '../lake-listen.ts'
import {createLoginRateLimit, type LoginRateLimit} from '../login-rate-limit.ts'
import {relyingParty} from '../passkeys.ts'
import type {PrivacyDeps} from '../privacy.ts'
import {mailSignInMethodChange, type SignInMethodChange} from '../sign-in-methods.ts'
import {lakeSigningSecret} from '../staff-accounts.ts'
import type {ActivityFor} from '../staff-deps.ts'
import {createOverviewCache, type StaffDeps} from '../staff-handlers.ts'
import type {InvitationDeps} from '../staff-invitations.ts'
import type {StaffSession} from '../staff-session.ts'
import type {SessionPerson, SessionState} from '../staff-session-store.ts'

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

/** What the middleware tells the routes of a signed-in request (require-session.ts, log-activity.ts). */
export type StaffEnv = {
  Variables: {
    session: StaffSession
    person: SessionPerson
    secondStep: SessionState['secondStep']
    authenticatedAt: string
    /** Set for the routes whose change stores its own activity entry (IN_ITS_TRANSACTION). */
    activity?: ActivityFor
  }
}

/** What every sub-app and middleware of the staff API shares, built once per `createStaffRoutes`. */
export type StaffContext = ReturnType<typeof createStaffContext>

export function createStaffContext(deps: StaffRoutesDeps) {
  const nowMs = () => deps.now().getTime()
  const overview = deps.overview ?? createOverviewCache(nowMs)
  let defaultRateLimit: LoginRateLimit | undefined
  const rateLimit = () =>
    deps.rateLimit ?? (defaultRateLimit ??= createLoginRateLimit(() => deps.client))
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
  return {
    deps,
    nowMs,
    overview,
    handlerDeps,
    invitations,
    rateLimit,
    signingSecret: deps.signingSecret ?? lakeSigningSecret(() => deps.client),
    passkeyParty: () => relyingParty(deps.siteUrl ?? [...deps.ownOrigins][0] ?? 'http://localhost'),
    /** The handlers' dependencies with this request's activity entry, for the change's own transaction. */
    changeDeps: (c: Context<StaffEnv>): StaffDeps => ({
      ...handlerDeps,
      activity: c.get('activity'),
    }),
    /** Who did it, as a request's history names them: the person's name and account id. */
    staffName: (c: Context<StaffEnv>) => ({name: c.get('person').name, id: c.get('person').id}),
    privacyDeps: (): PrivacyDeps => ({
      client: deps.client,
      content: deps.content,
      dataDir: deps.privacy?.dataDir ?? '.data',
      secret: deps.privacy?.secret ?? '',
      mailContent: deps.decisions.mailContent,
      queued: deps.decisions.queued,
      now: deps.now,
    }),
    /** Tells the person by mail that one of their sign-in methods changed; a mail that cannot be queued is logged. */
    tellOfChange: (
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
      ).catch((error: unknown) => console.error('[staff] sign-in method mail not queued', error)),
  }
}

/** A path parameter, `''` when absent. */
export const param = (c: Context<StaffEnv>, name: string) => c.req.param(name) ?? ''

/** The request's JSON body, `null` when it is none. */
export const jsonBody = (c: Context) => c.req.json().catch(() => null) as Promise<unknown>

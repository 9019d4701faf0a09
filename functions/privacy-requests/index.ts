import {Hono, type Context} from 'hono'

import {clientAddress} from '../lib/client-address.ts'
import {notAllowed, problem} from '../lib/http.ts'
import {isFromOwnSite, ownOrigins} from '../lib/own-origins.ts'
import {createRateLimiter, rateLimitedResponse, type RateLimiter} from '../lib/rate-limit.ts'
import type {PublicRuntime} from '../runtime.ts'
import {
  confirmRequest,
  createPrivacyRequest,
  downloadCopy,
  readConfirmation,
  type PrivacyRequestDeps,
} from './handler.ts'

/** Each one mails an address: five a minute per client is plenty for a person and little for a script. */
export const PRIVACY_REQUESTS_PER_MINUTE = 5

/**
 * The pages a request's links open, per client a minute: reading (each read looks the token up in the lake) and
 * the confirming post, as for the waitlist's links (functions/waitlist/waitlist-links.ts).
 */
export const PRIVACY_LINK_LIMITS = {view: 30, action: 10} as const

export type PrivacyRequestRoutesOptions = {
  linkLimiters?: {view: RateLimiter; action: RateLimiter}
}

/** The deps of the routes on the site's shared runtime. */
const runtimeDeps = (rt: PublicRuntime): PrivacyRequestDeps => ({
  bookings: rt.bookings,
  content: rt.content,
  dataDir: rt.env.dataDir,
  siteUrl: rt.env.siteUrl,
  secret: rt.env.requestLinkSecret,
  rateLimiter: createRateLimiter({limit: PRIVACY_REQUESTS_PER_MINUTE, windowMs: 60_000}),
  now: () => new Date(),
  mailContent: rt.mailContent,
  queued: () => void rt.outbox.flush().catch(() => undefined),
})

/**
 * `/api/privacy-requests/*`: a traveller's requests about their own information, and the data of the pages their
 * links open (the site renders those pages, and hands their button's POST on here).
 */
export function createPrivacyRequestRoutes(
  depsOf: () => PrivacyRequestDeps,
  clientAddressOf: (c: Context) => string = clientAddress,
  options: PrivacyRequestRoutesOptions = {},
): Hono {
  const routes = new Hono()
  const linkLimiters = options.linkLimiters ?? {
    view: createRateLimiter({limit: PRIVACY_LINK_LIMITS.view, windowMs: 60_000}),
    action: createRateLimiter({limit: PRIVACY_LINK_LIMITS.action, windowMs: 60_000}),
  }
  const linkLimited = (c: Context, use: keyof typeof linkLimiters) =>
    rateLimitedResponse(linkLimiters[use], clientAddressOf(c))
  const fromOwnSite = (c: Context) =>
    isFromOwnSite(
      {origin: c.req.header('origin'), fetchSite: c.req.header('sec-fetch-site')},
      ownOrigins(depsOf().siteUrl),
    )

  routes.all('/', (c) => {
    if (c.req.method !== 'POST') return notAllowed('POST')
    if (!fromOwnSite(c)) return problem(403, 'Send this from our privacy page.')
    return createPrivacyRequest(c.req.raw, {clientAddress: clientAddressOf(c)}, depsOf())
  })

  routes.all('/confirm/:token', (c) => {
    const token = c.req.param('token')
    const reading = c.req.method === 'GET' || c.req.method === 'HEAD'
    if (!reading && c.req.method !== 'POST') return notAllowed('GET, POST')
    const limited = linkLimited(c, reading ? 'view' : 'action')
    if (limited) return limited
    if (reading) return readConfirmation(token, depsOf())
    if (!fromOwnSite(c)) return problem(403, 'Confirm from the page the mailed link opens.')
    return confirmRequest(token, depsOf())
  })

  routes.all('/download/:token', (c) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return notAllowed('GET')
    const limited = linkLimited(c, 'view')
    if (limited) return limited
    const token = c.req.param('token')
    return token.endsWith('.json')
      ? downloadCopy(token.slice(0, -'.json'.length), depsOf(), true)
      : downloadCopy(token, depsOf(), false)
  })
  return routes
}

export function privacyRequestRoutes(rt: PublicRuntime): Hono {
  const deps = runtimeDeps(rt)
  return createPrivacyRequestRoutes(() => deps)
}

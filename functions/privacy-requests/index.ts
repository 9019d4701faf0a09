import {Hono, type Context} from 'hono'

import {clientAddress} from '../lib/client-address.ts'
import {notAllowed, problem} from '../lib/http.ts'
import {isFromOwnSite, ownOrigins} from '../lib/own-origins.ts'
import {createRateLimiter} from '../lib/rate-limit.ts'
import {publicRuntime} from '../runtime.ts'
import {
  confirmRequest,
  createPrivacyRequest,
  downloadCopy,
  readConfirmation,
  type PrivacyRequestDeps,
} from './handler.ts'

/** Each one mails an address: five a minute per client is plenty for a person and little for a script. */
export const PRIVACY_REQUESTS_PER_MINUTE = 5

let deps: PrivacyRequestDeps | undefined
const runtimeDeps = (): PrivacyRequestDeps => {
  if (deps) return deps
  const rt = publicRuntime()
  deps = {
    bookings: rt.bookings,
    content: rt.content,
    dataDir: rt.env.dataDir,
    siteUrl: rt.env.siteUrl,
    secret: rt.env.requestLinkSecret,
    rateLimiter: createRateLimiter({limit: PRIVACY_REQUESTS_PER_MINUTE, windowMs: 60_000}),
    now: () => new Date(),
    mailContent: rt.mailContent,
    queued: () => void rt.outbox.flush().catch(() => undefined),
  }
  return deps
}

/**
 * `/api/privacy-requests/*`: a traveller's requests about their own information, and the data of the pages their
 * links open (the site renders those pages, and hands their button's POST on here).
 */
export function createPrivacyRequestRoutes(
  depsOf: () => PrivacyRequestDeps,
  clientAddressOf: (c: Context) => string = clientAddress,
): Hono {
  const routes = new Hono()
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
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return readConfirmation(token, depsOf())
    if (c.req.method !== 'POST') return notAllowed('GET, POST')
    if (!fromOwnSite(c)) return problem(403, 'Confirm from the page the mailed link opens.')
    return confirmRequest(token, depsOf())
  })

  routes.all('/download/:token', (c) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return notAllowed('GET')
    const token = c.req.param('token')
    return token.endsWith('.json')
      ? downloadCopy(token.slice(0, -'.json'.length), depsOf(), true)
      : downloadCopy(token, depsOf(), false)
  })
  return routes
}

export const privacyRequestRoutes = createPrivacyRequestRoutes(runtimeDeps)

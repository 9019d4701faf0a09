import {Hono, type Context, type MiddlewareHandler} from 'hono'
import {bodyLimit} from 'hono/body-limit'
import {secureHeaders} from 'hono/secure-headers'

import {formTooLargeMessage, problem, tooLargeMessage} from '../functions/lib/http.ts'
import {isFromOwnSite, type OwnOrigins} from '../functions/lib/own-origins.ts'
import {isPrivateLinkPath, isSelfPostingLinkPath} from './edge/page-address.ts'

/** The API's one error shape (problem details), so every client shows these like any other refusal. */
const refuse = (_c: Context, status: 403 | 415, message: string) => problem(status, message)

/** Bytes a request body may have: the largest form (an itinerary request) fits in 16 KB, staff notes in 32 KB. */
export const BODY_LIMITS = {default: 16 * 1024, staffLogin: 1024, staffBooking: 32 * 1024} as const

/**
 * Counted while the body streams in (a lying or missing Content-Length changes nothing): 413 past `maxSize`, in the
 * API's problem shape on `/api/*` and in words on a page's form post, saying the limit. The answer closes the
 * connection: the rest of the body is still on its way, so the connection cannot carry another request; the server
 * reads on until the client has had the answer (early-answer.ts).
 */
export const limitBody = (maxSize: number): MiddlewareHandler =>
  bodyLimit({
    maxSize,
    onError: (c) =>
      c.req.path.startsWith('/api/')
        ? problem(413, tooLargeMessage(maxSize), {}, {'Connection': 'close'})
        : c.text(formTooLargeMessage(maxSize), 413, {
            'Cache-Control': 'no-store',
            'Connection': 'close',
          }),
  })

/**
 * State-changing requests only from the site's own pages. Browsers send `Sec-Fetch-Site` and `Origin` with every
 * POST, so a cross-site form or fetch is recognised by either; a request without both (curl, a server) is not a
 * browser acting for a visitor and has no cookie worth forging. The API reads JSON only, so a cross-site
 * `text/plain` "simple request" cannot smuggle a JSON body past CORS; the pages take real form posts only.
 */
/**
 * The newsletter's link endpoints: the signed token in the request is their only authority and they read no
 * cookie, so a page's plain form post (no JavaScript) is taken, and the unsubscribe address takes the mail
 * program's one-click post from wherever it comes (RFC 8058).
 */
const LINK_FORM_PATHS = new Set(['/api/newsletter/confirm', '/api/newsletter/unsubscribe'])
const FROM_ANYWHERE_PATHS = new Set(['/api/newsletter/unsubscribe'])
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']

export function sameOriginWrites(own: OwnOrigins): MiddlewareHandler {
  return async (c, next) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(c.req.method)) return next()
    const origin = c.req.header('origin')
    const fetchSite = c.req.header('sec-fetch-site')
    // The site's own origins from configuration, never this request's Host: see functions/lib/own-origins.ts.
    if (!FROM_ANYWHERE_PATHS.has(c.req.path) && !isFromOwnSite({origin, fetchSite}, own)) {
      return refuse(c, 403, 'Requests from other sites are refused.')
    }
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
    // Node hands every DELETE or PATCH a body stream, empty or not; the headers say whether one was sent.
    const hasBody =
      type !== '' ||
      Number(c.req.header('content-length') ?? 0) > 0 ||
      c.req.header('transfer-encoding') !== undefined
    if (c.req.path.startsWith('/api/')) {
      const linkForm = LINK_FORM_PATHS.has(c.req.path) && FORM_TYPES.includes(type)
      if (hasBody && type !== 'application/json' && !linkForm)
        return refuse(c, 415, 'Send the request as JSON (Content-Type: application/json).')
    } else {
      if (origin === undefined && fetchSite === undefined)
        return refuse(c, 403, 'Forms can only be sent from this site.')
      if (hasBody && type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data')
        return refuse(c, 415, 'Send the form from its page on this site.')
    }
    return next()
  }
}

/** Every `/api/*` answer: never rendered as a page, framed, sniffed, cached or read by another origin. */
export const apiSecurityHeaders = (): MiddlewareHandler => {
  const headers = secureHeaders({
    contentSecurityPolicy: {defaultSrc: ["'none'"], frameAncestors: ["'none'"]},
    crossOriginResourcePolicy: 'same-origin',
    crossOriginEmbedderPolicy: false,
    referrerPolicy: 'no-referrer',
    xFrameOptions: 'DENY',
    strictTransportSecurity: false,
  })
  return async (c, next) => {
    await headers(c, next)
    // Bookings, leads and sessions are personal data; a handler that says otherwise (none does) keeps its own.
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store')
  }
}

export type PagePolicyOptions = {lakeOrigin: string; frameAncestors: string[]}

/**
 * The pages' policy. Inline scripts run only when their hash is listed: the server lists the ones it wrote into
 * this page (the bootstrap, site configuration, dehydrated state and the router's data; see edge/inline-code.ts),
 * and other scripts only from this site (`'self'`: the entry and Vite's chunks). No nonce, so the same page and
 * header serve every visitor from any cache. The stylesheet is inline and listed by hash the same way; `style`
 * attributes stay allowed for React's sizing (`aspect-ratio`), which cannot run code. Images and content queries
 * go to the Content Lake's host. `frameAncestors` is `'none'` unless configured.
 */
export function pageContentSecurityPolicy(
  {lakeOrigin, frameAncestors}: PagePolicyOptions,
  hashes: {scriptHashes: string[]; styleHashes: string[]} = {scriptHashes: [], styleHashes: []},
): string {
  const framing = frameAncestors.length > 0 ? frameAncestors : ["'none'"]
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...hashes.scriptHashes].join(' '),
    ['style-src', "'self'", ...hashes.styleHashes].join(' '),
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: ${lakeOrigin}`,
    `connect-src 'self' ${lakeOrigin}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${framing.join(' ')}`,
  ].join('; ')
}

/** The request's path as it came, percent-escapes and all (Hono's `c.req.path` is already decoded). */
const pathOf = (c: Context) => new URL(c.req.url).pathname

/** Security headers for everything but the API; a page sets its own policy with its hashes, others get none inline. */
export function pageSecurityHeaders(options: PagePolicyOptions): MiddlewareHandler {
  const {frameAncestors} = options
  const headers = secureHeaders({
    referrerPolicy: 'strict-origin-when-cross-origin',
    // Images come from the Content Lake's host.
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
    // Browsers that know frame-ancestors ignore this; older ones must not forbid the configured framing.
    xFrameOptions: frameAncestors.length > 0 ? false : 'DENY',
  })
  const fallbackPolicy = pageContentSecurityPolicy(options)
  return async (c, next) => {
    await headers(c, next)
    if (!c.res.headers.has('Content-Security-Policy'))
      c.res.headers.set('Content-Security-Policy', fallbackPolicy)
    // A traveller's request page has its key in the address: no Referer may carry it anywhere, no cache may
    // keep the page, and no search engine may list it (docs/decisions/013-signed-request-links.md).
    if (isPrivateLinkPath(pathOf(c))) {
      c.res.headers.set('Referrer-Policy', 'no-referrer')
      c.res.headers.set('Cache-Control', 'private, no-store')
      c.res.headers.set('X-Robots-Tag', 'noindex, nofollow')
    }
    // The same for the pages other mailed links open, but a Referer to this site only: under `no-referrer` a
    // browser sends `Origin: null` with the page's own form post, which the site refuses as cross-site.
    if (isSelfPostingLinkPath(pathOf(c))) {
      c.res.headers.set('Referrer-Policy', 'same-origin')
      c.res.headers.set('Cache-Control', 'private, no-store')
      c.res.headers.set('X-Robots-Tag', 'noindex, nofollow')
    }
  }
}

/** The headers `pageSecurityHeaders` gives a public page besides its policy, for a host that answers without the app. */
export async function pageSecurityHeaderValues(
  options: PagePolicyOptions,
): Promise<Record<string, string>> {
  const probe = new Hono()
    .use(pageSecurityHeaders(options))
    .get('/', (c) => c.body(null, 200, {'Content-Security-Policy': 'set by the page'}))
  const headers = Object.fromEntries((await probe.request('/')).headers)
  delete headers['content-security-policy']
  return headers
}

/**
 * Where a form posted before hydration goes back to: the page it came from, on this site. `//evil.example/x` or
 * `/\evil.example` as a request path must not become a protocol-relative `Location`, so the leading slashes (and
 * backslashes, which browsers read as slashes) collapse to one, and anything resolving off this origin goes home.
 */
export function samePagePath(requestUrl: string): string {
  const url = new URL(requestUrl)
  const path = '/' + url.pathname.replace(/^[/\\]+/, '')
  const target = new URL(path + url.search, url.origin)
  return target.origin === url.origin ? target.pathname + target.search : '/'
}

import type {Context, MiddlewareHandler} from 'hono'
import {bodyLimit} from 'hono/body-limit'
import {NONCE, secureHeaders} from 'hono/secure-headers'

import {isOwnOrigin, type OwnOrigins} from '../../functions/lib/own-origins.ts'

/** The traveller forms' error shape (`{message, fieldErrors}`), so every client shows these like any other refusal. */
const refuse = (c: Context, status: 403 | 413 | 415, message: string) =>
  c.json({message, fieldErrors: {}}, status, {'Cache-Control': 'no-store'})

/** Bytes a request body may have: the largest form (an itinerary request) fits in 16 KB, staff notes in 32 KB. */
export const BODY_LIMITS = {default: 16 * 1024, staffLogin: 1024, staffBooking: 32 * 1024} as const

/** Counted while the body streams in (a lying or missing Content-Length changes nothing): 413 past `maxSize`. */
export const limitBody = (maxSize: number): MiddlewareHandler =>
  bodyLimit({maxSize, onError: (c) => refuse(c, 413, 'The request is too large.')})

/**
 * State-changing requests only from the site's own pages. Browsers send `Sec-Fetch-Site` and `Origin` with every
 * POST, so a cross-site form or fetch is recognised by either; a request without both (curl, a server) is not a
 * browser acting for a visitor and has no cookie worth forging. The API reads JSON only, so a cross-site
 * `text/plain` "simple request" cannot smuggle a JSON body past CORS; the pages take real form posts only.
 */
export function sameOriginWrites(own: OwnOrigins): MiddlewareHandler {
  return async (c, next) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(c.req.method)) return next()
    const origin = c.req.header('origin')
    const fetchSite = c.req.header('sec-fetch-site')
    // The site's own origins from configuration, never this request's Host: see functions/lib/own-origins.ts.
    if (
      (fetchSite !== undefined && fetchSite !== 'same-origin') ||
      (origin !== undefined && !isOwnOrigin(origin, own))
    ) {
      return refuse(c, 403, 'Requests from other sites are refused.')
    }
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
    // Node hands every DELETE or PATCH a body stream, empty or not; the headers say whether one was sent.
    const hasBody =
      type !== '' ||
      Number(c.req.header('content-length') ?? 0) > 0 ||
      c.req.header('transfer-encoding') !== undefined
    if (c.req.path.startsWith('/api/')) {
      if (hasBody && type !== 'application/json')
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

/**
 * The pages' policy. Scripts run only with this response's nonce (the inline bootstrap, site configuration and
 * dehydrated state), and whatever those load (`'strict-dynamic'`: Vite's chunks and preloads). The stylesheet is
 * inline with the same nonce; `style` attributes stay allowed for React's sizing (`aspect-ratio`), which cannot run
 * code. Images and content queries go to the Content Lake's host. `frameAncestors` is `'none'` unless configured.
 */
export function pageSecurityHeaders(options: {
  lakeOrigin: string
  frameAncestors: string[]
}): MiddlewareHandler {
  const {lakeOrigin, frameAncestors} = options
  const framing = frameAncestors.length > 0 ? frameAncestors : ["'none'"]
  const headers = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: [NONCE, "'strict-dynamic'"],
      styleSrc: ["'self'", NONCE],
      styleSrcAttr: ["'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', lakeOrigin],
      connectSrc: ["'self'", lakeOrigin],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: framing,
    },
    referrerPolicy: 'strict-origin-when-cross-origin',
    // Images come from the Content Lake's host.
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
    // Browsers that know frame-ancestors ignore this; older ones must not forbid the configured framing.
    xFrameOptions: frameAncestors.length > 0 ? false : 'DENY',
  })
  return async (c, next) => {
    await headers(c, next)
    // A traveller's request page has its key in the address: no Referer may carry it anywhere, no cache may
    // keep the page, and no search engine may list it (issue 14).
    if (PRIVATE_PAGE.test(c.req.path)) {
      c.res.headers.set('Referrer-Policy', 'no-referrer')
      c.res.headers.set('Cache-Control', 'no-store')
      c.res.headers.set('X-Robots-Tag', 'noindex, nofollow')
    }
  }
}

/** Pages whose address is a secret: the traveller's request links. */
export const PRIVATE_PAGE = /^\/requests\//

/**
 * Gives the template's own inline `<script>` and `<style>` elements (trusted: they come from the build) this
 * response's nonce, and tells Vite's preload helper the nonce through `<meta property="csp-nonce">`.
 */
export function addNonce(html: string, nonce: string): string {
  return html
    .replace(/<(script|style)\b/g, `<$1 nonce="${nonce}"`)
    .replace(/<head>/, `<head><meta property="csp-nonce" nonce="${nonce}">`)
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

import {AsyncLocalStorage} from 'node:async_hooks'
import {randomBytes} from 'node:crypto'

import {Hono, type Context} from 'hono'
import type {SecureHeadersVariables} from 'hono/secure-headers'
import {compress} from 'hono/compress'
import {serveStatic} from '@hono/node-server/serve-static'

import {LANGUAGES, languageOfPath, pathIn} from '@repo/schemas/languages.ts'

import {problem} from '../functions/lib/http.ts'
import {ownOrigins} from '../functions/lib/own-origins.ts'
import type {PublicSiteConfig} from '../web/src/lib/env'
import type {GroqFetcher} from '../web/src/lib/sanity-fetch'
import {siteConfigScript} from '../web/src/lib/site-config.ts'
import {previewMarker, previewState} from './preview/preview-page.ts'
import type {SitePreview} from './preview/site-preview.ts'
import type {RenderFn} from '../web/src/render-contract.ts'
import {ALL_PAGES_TAG, languageTag, NO_STORE, publicPageCacheControl} from './edge/cache-policy.ts'
import {canonicalPath, isPersonalPath, pageCacheKey} from './edge/page-address.ts'
import {markTrusted, newTrustMarker, sealTrustedCode, type SealedPage} from './edge/inline-code.ts'
import {pageReply, preparePage, type CachedPage, type PageCache} from './edge/page-cache.ts'
import {collectSyncTags} from './edge/sync-tag-sink.ts'
import {
  apiSecurityHeaders,
  BODY_LIMITS,
  limitBody,
  pageContentSecurityPolicy,
  pageSecurityHeaders,
  sameOriginWrites,
  samePagePath,
} from './security.ts'
import {buildRobots, buildSitemap} from './sitemap.ts'

export type SiteAppOptions = {
  /** The SSR entry's render; in development a fresh one per request so edits show without a restart. */
  getRender: () => Promise<RenderFn>
  /** The HTML shell with `<!--app-head-->`, `<!--app-html-->` and `<!--app-state-->` placeholders. */
  getTemplate: (url: string) => Promise<string>
  fetcher: GroqFetcher
  siteUrl: string
  /** Written into every page for the browser bundle, so it talks to this server's lake (see `src/lib/env.ts`). */
  siteConfig?: PublicSiteConfig | undefined
  /** Built browser assets (`dist/client`) in production; in development Vite serves them. */
  clientDir?: string | undefined
  /** Handlers for `/api/*` (bookings, events, …), mounted as they are. */
  apiRoutes?: Hono | undefined
  /**
   * The OCTO supplier API (functions/octo) at `/octo`: called by resellers' servers with their key, never by a
   * browser, so before the site's same-origin and body-limit middleware (it limits its own bodies) and its pages.
   */
  octoRoutes?: Hono | undefined
  /** The matched pages' chunks, for the hydration script to preload (production only; see vite-manifest.ts). */
  pageModules?: ((modules: string[]) => string) | undefined
  /** Origins that may frame the pages (CSP `frame-ancestors`); none by default. */
  frameAncestors?: string[] | undefined
  /** Preview mode for the studio's Presentation tool; without it no request ever reads drafts. */
  preview?: SitePreview | undefined
  /** The SSR bundle's list of the site's queries, the only ones a preview may run. */
  getPreviewQueries?: (() => Promise<readonly string[]>) | undefined
  /** The server's rendered pages and the shared caches' rules (see edge/); without it pages are rendered each time. */
  edge?: EdgeOptions | undefined
  onError?: (error: unknown) => void
}

export type EdgeOptions = {
  pageCache: PageCache
  /** Whether a purger tells the shared cache about publishes, which decides how long it may keep a page. */
  purgeConfigured: boolean
  /** How long the server may keep a page it renders now (shorter while the content events are down). */
  pageLifetimeMs: () => number
}

const IMMUTABLE = 'public, max-age=31536000, immutable'

/** A page with drafts is for the editor's browser only: no shared or private cache may keep or reuse it. */
function setPreviewHeaders(headers: Headers) {
  headers.set('Cache-Control', 'private, no-store')
  headers.set('Vary', 'Cookie')
  headers.set('X-Robots-Tag', 'noindex, nofollow')
}

type SiteEnv = {Variables: SecureHeadersVariables}

/**
 * A preview page is for one editor and never cached, so it may carry a nonce of its own: the studio's overlay
 * (visual editing) adds styles and scripts at run time, which read the nonce from `<meta property="csp-nonce">`
 * and which no hash can list. `'strict-dynamic'` lets what the page's trusted scripts load run, as before.
 */
function withPreviewNonce(sealed: SealedPage): SealedPage {
  const nonce = randomBytes(16).toString('base64')
  return {
    html: sealed.html.replace('<head>', () => `<head><meta property="csp-nonce" nonce="${nonce}">`),
    scriptHashes: [...sealed.scriptHashes, `'nonce-${nonce}'`, "'strict-dynamic'"],
    styleHashes: [...sealed.styleHashes, `'nonce-${nonce}'`],
  }
}

/** A kept public page as the app answers it (the Node host's shortcut answers the same: edge/kept-page-listener.ts). */
function sendPage(request: Request, page: CachedPage): Response {
  const reply = pageReply(page, {
    method: request.method,
    acceptEncoding: request.headers.get('accept-encoding') ?? undefined,
    ifNoneMatch: request.headers.get('if-none-match') ?? undefined,
  })
  return new Response((reply.body as Uint8Array<ArrayBuffer> | undefined) ?? null, {
    status: reply.status,
    headers: reply.headers,
  })
}

const MALFORMED_ADDRESS_PAGE =
  '<!doctype html><html lang="en-GB"><meta charset="utf-8"><title>Page not found</title><h1>Page not found</h1><p>This address is not one of ours. <a href="/">Go to the home page</a>.</p></html>'

/**
 * A visitor who hung up before their request was read (a closed tab, a dropped connection, a client's time limit):
 * nothing went wrong here, and nobody is left to answer.
 */
export function clientHungUp(error: unknown): boolean {
  const code = (error as {code?: unknown} | null)?.code
  return (
    code === 'ECONNRESET' ||
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    (error instanceof Error && error.message === 'aborted')
  )
}

/**
 * The traveller's request as the API answers the browser, asked in-process: the same link check, rate limit (on
 * the visitor's own address, from the socket and the forwarding headers the page request came with) and fields.
 */
function readTravellerRequest(
  apiRoutes: Hono,
  page: Request,
  token: string,
  env: unknown,
  file = '',
  base = '/requests/',
): Promise<Response> {
  const headers = new Headers()
  const forwardedFor = page.headers.get('x-forwarded-for')
  if (forwardedFor) headers.set('x-forwarded-for', forwardedFor)
  const url = new URL(`${base}${encodeURIComponent(token)}${file}`, page.url)
  return Promise.resolve(apiRoutes.fetch(new Request(url, {headers}), env))
}

/**
 * What a private link opens, asked of the API in-process for the page that shows it (`GET`), or that page's plain
 * form post handed on (`POST`): with the visitor's forwarding headers, and the post's Origin, so the API's own link
 * check, origin check and rate limit see the visitor as if the browser had asked.
 */
function askApi(
  apiRoutes: Hono,
  page: Request,
  apiPath: string,
  env: unknown,
  method: 'GET' | 'POST',
  body?: unknown,
): Promise<Response> {
  if (!apiPath.startsWith('/api/')) throw new Error(`Not an API address: ${apiPath}`)
  // Fields as a form's (the request page's departure choice, whose API answers a form with the page's redirect), or JSON.
  const form = body instanceof URLSearchParams
  const type = form ? 'application/x-www-form-urlencoded' : 'application/json'
  const headers = new Headers(body === undefined ? {} : {'content-type': type})
  const forwarded =
    method === 'POST' ? ['x-forwarded-for', 'origin', 'sec-fetch-site'] : ['x-forwarded-for']
  for (const name of forwarded) {
    const value = page.headers.get(name)
    if (value) headers.set(name, value)
  }
  const url = new URL(apiPath.slice('/api'.length), page.url)
  const sent = body === undefined ? {} : {body: form ? body.toString() : JSON.stringify(body)}
  return Promise.resolve(apiRoutes.fetch(new Request(url, {method, headers, ...sent}), env))
}

/** The pages whose plain form post the site renders with its answer (their routes' actions, web/src/app/router.tsx). */
const LINK_FORM_PAGES = [
  '/waitlist/offers/:token',
  '/waitlist/leave/:token',
  '/privacy/requests/confirm/:token',
  // The request page's and the review form's forms, posted without script (their routes' actions).
  '/requests/:token',
  '/reviews/:token',
  // A full date's waitlist form, posted without script; the page's other forms go back to it (its route's action).
  '/book/:experienceId',
]

export function createSiteApp(options: SiteAppOptions): Hono<SiteEnv> {
  const {getRender, getTemplate, fetcher, siteUrl, siteConfig, clientDir, apiRoutes, pageModules} =
    options
  const configScript = siteConfig ? siteConfigScript(siteConfig) : ''
  const onError = options.onError ?? ((error: unknown) => console.error(error))
  const app = new Hono<SiteEnv>()
  const preview = options.preview
  const edge = options.edge
  const pagePolicy = {
    lakeOrigin: new URL(siteConfig?.apiHost ?? siteUrl).origin,
    frameAncestors: options.frameAncestors ?? [],
  }
  const publicCacheControl = publicPageCacheControl(edge?.purgeConfigured ?? false)
  // The SSR bundle keeps one installed fetcher (`setServerFetcher`), while renders of different requests
  // interleave at every await: the fetcher it gets reads the request's own from here, so a preview render can
  // never lend its draft reads to a visitor's page rendered at the same moment. Outside a preview: published.
  const requestFetcher = new AsyncLocalStorage<GroqFetcher>()
  const renderFetcher: GroqFetcher = (query, params, signal) =>
    (requestFetcher.getStore() ?? fetcher)(query, params, signal)

  // What no handler caught: logged through `onError`, except a visitor hanging up mid-request, which is expected.
  app.onError((error, c) => {
    if (clientHungUp(error)) return c.body(null, 400)
    onError(error)
    if (c.req.path.startsWith('/api/'))
      return problem(500, 'Something went wrong on our side. Nothing was saved; please try again.')
    return c.text('Internal Server Error', 500)
  })

  if (options.octoRoutes) {
    app.use('/octo/*', apiSecurityHeaders())
    app.route('/octo', options.octoRoutes)
  }

  // Shown in the studio's frame, so with their own headers (site-preview.ts), before the API's `frame-ancestors 'none'`.
  if (preview) app.route('/api/preview', preview.handshake)
  // Before any route: the limit applies while the body is read, whichever handler reads it.
  app.use('/api/*', apiSecurityHeaders())
  app.use('/api/staff/session', limitBody(BODY_LIMITS.staffLogin))
  app.use('/api/staff/bookings/*', limitBody(BODY_LIMITS.staffBooking))
  app.use('*', async (c, next) =>
    c.req.path.startsWith('/api/staff/bookings/')
      ? next()
      : limitBody(BODY_LIMITS.default)(c, next),
  )
  app.use('*', sameOriginWrites(ownOrigins(siteUrl)))

  if (preview) {
    const getPreviewQueries = options.getPreviewQueries ?? (async () => [])
    // Read once per server (a failed read is tried again); the list changes only with a new build.
    let allowed: Promise<ReadonlySet<string>> | undefined
    app.route(
      '/api/preview',
      preview.api(() => {
        allowed ??= getPreviewQueries().then(
          (queries) => new Set(queries),
          (error: unknown) => {
            allowed = undefined
            throw error
          },
        )
        return allowed
      }),
    )
  }
  if (apiRoutes) app.route('/api', apiRoutes)
  app.all('/api/*', () => problem(404, 'Nothing is at this address.'))

  // For the site only: API answers, registered above, never reach these.
  app.use(pageSecurityHeaders(pagePolicy))
  // Every page has one address: another spelling of it (escapes, dot segments, doubled or trailing slashes) is sent
  // to that one, and the answer is kept by no cache. Other letter cases name no page (the routes are
  // case-sensitive). So the router, the personal-page checks and the cache key all read the same address
  // (edge/page-address.ts, docs/decisions/151-one-reading-of-a-page-address.md).
  app.use(async (c, next) => {
    // A form post keeps the fallbacks below (a page's own action, else back to its page).
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    const url = new URL(c.req.url)
    const canonical = canonicalPath(url.pathname)
    if (canonical === undefined)
      return c.html(MALFORMED_ADDRESS_PAGE, 404, {'Cache-Control': NO_STORE})
    if (canonical === url.pathname) return next()
    return c.body(null, 308, {
      'Location': canonical + url.search,
      'Cache-Control': NO_STORE,
      'Referrer-Policy': 'no-referrer',
      'X-Robots-Tag': 'noindex, nofollow',
    })
  })
  // A traveller's copy of their information as a file, beside its page (the privacy-requests function answers it).
  if (apiRoutes)
    app.get('/privacy/requests/download/:file{[\\w-]+\\.json}', (c) =>
      askApi(
        apiRoutes,
        c.req.raw,
        `/api/privacy-requests/download/${c.req.param('file')}`,
        c.env,
        'GET',
      ),
    )
  app.use(compress())

  if (clientDir) {
    // Hashed file names never change content, so browsers may keep them for a year.
    app.use(
      '/assets/*',
      serveStatic({
        root: clientDir,
        // The build's .br and .gz copies (vite.config.ts), chosen by the browser's Accept-Encoding.
        precompressed: true,
        onFound: (_path, c) => c.header('Cache-Control', IMMUTABLE),
      }),
    )
    app.use(
      '/favicon.svg',
      serveStatic({
        root: clientDir,
        precompressed: true,
        onFound: (_p, c) => c.header('Cache-Control', 'public, max-age=86400'),
      }),
    )
  }

  app.get('/robots.txt', (c) =>
    c.text(buildRobots(siteUrl), 200, {'Cache-Control': 'public, max-age=3600'}),
  )

  app.get('/sitemap.xml', async (c) => {
    try {
      const xml = await buildSitemap(fetcher, siteUrl)
      return c.body(xml, 200, {
        'Content-Type': 'application/xml; charset=utf-8',
        'Cache-Control': 'public, max-age=60',
      })
    } catch (error) {
      onError(error)
      return c.text('Sitemap temporarily unavailable', 503, {'Retry-After': '30'})
    }
  })

  // The traveller's trip as a calendar file, beside their request page (the request routes answer it).
  if (apiRoutes)
    app.get('/requests/:token/calendar.ics', (c) =>
      readTravellerRequest(apiRoutes, c.req.raw, c.req.param('token'), c.env, '/calendar.ics'),
    )

  // The traveller's answer to a cancelled departure, from the request page's plain forms (they work without script):
  // the request routes answer it, and send the traveller back to the page.
  if (apiRoutes)
    app.post('/requests/:token/departure', async (c) => {
      const url = new URL(
        `/requests/${encodeURIComponent(c.req.param('token'))}/departure`,
        c.req.url,
      )
      const body = await c.req.text()
      return apiRoutes.fetch(
        new Request(url, {method: 'POST', headers: c.req.raw.headers, body}),
        c.env,
      )
    })
  // A private link's page's plain form post: rendered with the answer, as its route's action gives it.
  for (const language of LANGUAGES)
    for (const path of LINK_FORM_PAGES) app.post(pathIn(language, path), (c) => renderPage(c))

  // A form submitted before the page hydrated (the forms say method="post" so that names and emails never end up
  // in an address): back to the page, where the traveller can send it once the page is ready.
  app.post('*', (c) => {
    return c.redirect(samePagePath(c.req.url), 303)
  })

  const renderPage = async (c: Context<SiteEnv>) => {
    const url = new URL(c.req.url)
    // Only the query parameters public pages read make a key of their own (edge/page-address.ts).
    const {key} = pageCacheKey(url)
    try {
      // Only a request with the preview cookie costs a session look-up; visitors take the path they always did.
      const session = preview ? await preview.sessionFor(c) : undefined
      // Only a GET or HEAD of a page that is not personal, however its address is spelt, may come from the cache.
      const read = c.req.method === 'GET' || c.req.method === 'HEAD'
      const mayShare = !session && read && !isPersonalPath(url.pathname)
      const cached = mayShare ? edge?.pageCache.get(key) : undefined
      if (cached) return sendPage(c.req.raw, cached)

      const renderedAt = edge?.pageCache.generation ?? 0
      const [render, template] = await Promise.all([getRender(), getTemplate(key)])
      // Only the build's template, the server's own scripts and the router's are marked as trusted, never
      // content; the marker becomes the policy's hashes (edge/inline-code.ts) and never leaves the server.
      const marker = newTrustMarker()
      // Whether the render read anything through the API (a private link, the bookings dataset): then the page is
      // about someone, whatever its address says, and no cache may keep it.
      let askedApi = false
      const viaApi =
        <A extends unknown[]>(ask: (...args: A) => Promise<Response>) =>
        (...args: A) => {
          askedApi = true
          return ask(...args)
        }
      const renderOptions = {
        fetcher: renderFetcher,
        nonce: marker,
        readTravellerRequest: apiRoutes
          ? viaApi((token: string) => readTravellerRequest(apiRoutes, c.req.raw, token, c.env))
          : undefined,
        readReviewInvitation: apiRoutes
          ? viaApi((token: string) =>
              readTravellerRequest(apiRoutes, c.req.raw, token, c.env, '', '/reviews/'),
            )
          : undefined,
        readPrivateLink: apiRoutes
          ? viaApi((apiPath: string) => askApi(apiRoutes, c.req.raw, apiPath, c.env, 'GET'))
          : undefined,
        actOnPrivateLink: apiRoutes
          ? viaApi((apiPath: string, body?: unknown) =>
              askApi(apiRoutes, c.req.raw, apiPath, c.env, 'POST', body),
            )
          : undefined,
      }
      const {value: result, tags} = await collectSyncTags(() =>
        session
          ? requestFetcher.run(preview!.draftFetcher, () => render(c.req.raw, renderOptions))
          : render(c.req.raw, renderOptions),
      )
      if (result.kind === 'redirect') {
        const redirect = c.redirect(result.location, result.status as 301 | 302)
        if (session) setPreviewHeaders(redirect.headers)
        else if (!mayShare || askedApi) redirect.headers.set('Cache-Control', NO_STORE)
        return redirect
      }
      // Fail closed: public only when the address is not personal, nothing was read through the API, and the
      // matched route says its page is the same for everyone (its handle's `shared`, web/src/app/router.tsx).
      const shared = mayShare && !askedApi && result.shareable === true
      const built = sealTrustedCode(
        markTrusted(template, marker)
          .replace(/<html lang="[^"]*"/, (html) =>
            result.lang ? `<html lang="${result.lang}"` : html,
          )
          .replace('<!--app-head-->', () => result.head + (pageModules?.(result.modules) ?? ''))
          .replace('<div id="root">', (root) => (session ? previewMarker(url) + root : root))
          .replace('<!--app-html-->', () => result.html)
          .replace('<!--app-state-->', () =>
            markTrusted(
              configScript + (session ? previewState(session.studioOrigin) : '') + result.state,
              marker,
            ),
          ),
        marker,
      )
      const sealed = session ? withPreviewNonce(built) : built
      const policy = pageContentSecurityPolicy(pagePolicy, sealed)
      // The tags of what this page read, so a purge by tag reaches exactly the pages a publish changed.
      const keys = [
        ALL_PAGES_TAG,
        languageTag(languageOfPath(url.pathname).language),
        ...[...tags].sort(),
      ]
      if (shared && result.status === 200) {
        const lifetimeMs = edge?.pageLifetimeMs() ?? 0
        const page = await preparePage(
          sealed.html,
          {
            status: 200,
            headers: {
              'Content-Type': 'text/html; charset=UTF-8',
              'Content-Security-Policy': policy,
              'Cache-Control': publicCacheControl,
              'Cache-Tag': keys.join(','),
              'Surrogate-Key': keys.join(' '),
            },
            tags,
          },
          Date.now() + lifetimeMs,
        )
        // Content that changed while this page rendered may be missing from it: served once, kept by nobody.
        const current = (edge?.pageCache.generation ?? 0) === renderedAt
        if (edge && current && lifetimeMs > 0) edge.pageCache.set(key, page, renderedAt)
        if (!current) page.headers['Cache-Control'] = 'public, max-age=0, must-revalidate'
        return sendPage(c.req.raw, page)
      }
      const response = c.html(sealed.html, result.status as 200, {
        ...result.headers,
        'Content-Security-Policy': policy,
        // Not found and other public answers are rendered each time; every other page is kept by no cache.
        'Cache-Control': shared ? 'public, max-age=0, must-revalidate' : NO_STORE,
      })
      if (session) setPreviewHeaders(response.headers)
      return response
    } catch (error) {
      // A render that fails once its request was aborted fails because of it (React Router's static handler,
      // aborted while a lazy page's loader reads, fails on its own missing result; `waitForUrl` gives up on a cold
      // first render after 2 s): nobody is left to answer, and nothing went wrong to log.
      if (clientHungUp(error) || c.req.raw.signal.aborted) return c.body(null, 400)
      onError(error)
      return c.html(
        '<!doctype html><html lang="en-GB"><meta charset="utf-8"><title>Temporarily unavailable</title><h1>Sorry, the site is temporarily unavailable</h1><p>Please try again in a moment.</p></html>',
        500,
        {'Cache-Control': 'no-store'},
      )
    }
  }
  app.get('*', renderPage)

  return app
}

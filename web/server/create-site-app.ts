import {AsyncLocalStorage} from 'node:async_hooks'

import {Hono} from 'hono'
import type {SecureHeadersVariables} from 'hono/secure-headers'
import {compress} from 'hono/compress'
import {serveStatic} from '@hono/node-server/serve-static'

import {ownOrigins} from '../../functions/lib/own-origins.ts'
import type {PublicSiteConfig} from '../src/lib/env'
import type {GroqFetcher} from '../src/lib/sanity-fetch'
import {siteConfigScript} from '../src/lib/site-config.ts'
import {previewMarker, previewState} from './preview/preview-page.ts'
import type {SitePreview} from './preview/site-preview.ts'
import type {RenderFn} from './render-contract.ts'
import {
  addNonce,
  apiSecurityHeaders,
  BODY_LIMITS,
  limitBody,
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
  /** The matched pages' chunks, for the hydration script to preload (production only; see vite-manifest.ts). */
  pageModules?: ((modules: string[]) => string) | undefined
  /** Origins that may frame the pages (CSP `frame-ancestors`); none by default. */
  frameAncestors?: string[] | undefined
  /** Preview mode for the studio's Presentation tool; without it no request ever reads drafts. */
  preview?: SitePreview | undefined
  /** The SSR bundle's list of the site's queries, the only ones a preview may run. */
  getPreviewQueries?: (() => Promise<readonly string[]>) | undefined
  onError?: (error: unknown) => void
}

const IMMUTABLE = 'public, max-age=31536000, immutable'

/** A page with drafts is for the editor's browser only: no shared or private cache may keep or reuse it. */
function setPreviewHeaders(headers: Headers) {
  headers.set('Cache-Control', 'private, no-store')
  headers.set('Vary', 'Cookie')
  headers.set('X-Robots-Tag', 'noindex, nofollow')
}

type SiteEnv = {Variables: SecureHeadersVariables}

export function createSiteApp(options: SiteAppOptions): Hono<SiteEnv> {
  const {getRender, getTemplate, fetcher, siteUrl, siteConfig, clientDir, apiRoutes, pageModules} =
    options
  const configScript = siteConfig ? siteConfigScript(siteConfig) : ''
  const onError = options.onError ?? ((error: unknown) => console.error(error))
  const app = new Hono<SiteEnv>()
  const preview = options.preview
  // The SSR bundle keeps one installed fetcher (`setServerFetcher`), while renders of different requests
  // interleave at every await: the fetcher it gets reads the request's own from here, so a preview render can
  // never lend its draft reads to a visitor's page rendered at the same moment. Outside a preview: published.
  const requestFetcher = new AsyncLocalStorage<GroqFetcher>()
  const renderFetcher: GroqFetcher = (query, params, signal) =>
    (requestFetcher.getStore() ?? fetcher)(query, params, signal)

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
  app.all('/api/*', (c) => c.json({error: 'Not found'}, 404))

  // For the site only: API answers, registered above, never reach these.
  app.use(
    pageSecurityHeaders({
      lakeOrigin: new URL(siteConfig?.apiHost ?? siteUrl).origin,
      frameAncestors: options.frameAncestors ?? [],
    }),
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

  // A form submitted before the page hydrated (the forms say method="post" so that names and emails never end up
  // in an address): back to the page, where the traveller can send it once the page is ready.
  app.post('*', (c) => {
    return c.redirect(samePagePath(c.req.url), 303)
  })

  app.get('*', async (c) => {
    const url = new URL(c.req.url)
    try {
      const [render, template] = await Promise.all([
        getRender(),
        getTemplate(url.pathname + url.search),
      ])
      // Only the build's template, the server's own scripts and the router's get the nonce, never content.
      const nonce = c.get('secureHeadersNonce') ?? ''
      // Only a request with the preview cookie costs a session look-up; visitors take the path they always did.
      const session = preview ? await preview.sessionFor(c) : undefined
      const result = session
        ? await requestFetcher.run(preview!.draftFetcher, () =>
            render(c.req.raw, {fetcher: renderFetcher, nonce}),
          )
        : await render(c.req.raw, {fetcher: renderFetcher, nonce})
      if (result.kind === 'redirect') {
        const redirect = c.redirect(result.location, result.status as 301 | 302)
        if (session) setPreviewHeaders(redirect.headers)
        return redirect
      }
      const page = addNonce(template, nonce)
        .replace('<!--app-head-->', () => result.head + (pageModules?.(result.modules) ?? ''))
        .replace('<div id="root">', (root) => (session ? previewMarker(url) + root : root))
        .replace('<!--app-html-->', () => result.html)
        .replace('<!--app-state-->', () =>
          addNonce(
            configScript + (session ? previewState(session.studioOrigin) : '') + result.state,
            nonce,
          ),
        )
      const response = c.html(page, result.status as 200, {
        // Rendered per request from live content: a shared cache adding its own delay on top of the server's
        // short GROQ cache would break the promise that published content shows within five seconds.
        'Cache-Control': 'public, max-age=0, must-revalidate',
      })
      if (session) setPreviewHeaders(response.headers)
      return response
    } catch (error) {
      onError(error)
      return c.html(
        '<!doctype html><html lang="en-GB"><meta charset="utf-8"><title>Temporarily unavailable</title><h1>Sorry, the site is temporarily unavailable</h1><p>Please try again in a moment.</p></html>',
        500,
      )
    }
  })

  return app
}

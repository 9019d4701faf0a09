import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http'
import {readFile} from 'node:fs/promises'
import type {AddressInfo} from 'node:net'
import {fileURLToPath, pathToFileURL} from 'node:url'

import {getRequestListener} from '@hono/node-server'
import type {Hono} from 'hono'

import {registerKeptPages} from '../functions/lib/kept-pages.ts'
import {createContentFetcher} from './content-fetcher.ts'
import {answerBeforeBody} from './early-answer.ts'
import {createSiteApp, type EdgeOptions} from './create-site-app.ts'
import {originPageLifetimeMs} from './edge/cache-policy.ts'
import {watchContentEvents, type ContentChange, type ContentEvents} from './edge/content-events.ts'
import {keptPageListener} from './edge/kept-page-listener.ts'
import {createPageCache, type PageCache} from './edge/page-cache.ts'
import {purgeTarget} from './edge/purge-targets.ts'
import {pageSecurityHeaderValues} from './security.ts'
import {publicSiteConfig, readServerEnv, type ServerEnv} from './env.ts'
import type {EntryServerModule} from '../web/src/render-contract.ts'
import {sitePreviewFromEnv} from './preview/preview-env.ts'
import {createPageModuleList} from './vite-manifest.ts'

const webDir = fileURLToPath(new URL('../web/', import.meta.url))

export type StartSiteOptions = {
  env?: ServerEnv
  /** Handlers for `/api/*` (the functions), mounted in front of the pages. */
  apiRoutes?: Hono
  /** The OCTO supplier API for resellers (functions/octo), mounted at `/octo`. */
  octoRoutes?: Hono
  /** Told of every content event after the server dropped what it changed (the purger, edge/purger.ts). */
  onContentChange?: (change: ContentChange) => void
}

type Routes = {apiRoutes: Hono | undefined; octoRoutes: Hono | undefined}

export type RunningSite = {server: Server; url: string; close: () => Promise<void>}

type Listener = (req: IncomingMessage, res: ServerResponse) => void

/**
 * The rendered-page cache and the content events that keep it (and the GROQ cache) current: each publish drops
 * the pages and reads it changed on this server, then tells `onContentChange` (the purger).
 */
export function createEdgeCaching(
  env: ServerEnv,
  onContentChange: StartSiteOptions['onContentChange'],
) {
  const fetcher = createContentFetcher(env)
  const pageCache = createPageCache()
  const events: ContentEvents = watchContentEvents(env.sanity, (change) => {
    if (change.kind === 'changed') {
      fetcher.invalidate(change.tags)
      pageCache.invalidate(change.tags)
    } else {
      fetcher.invalidate()
      pageCache.clear()
    }
    onContentChange?.(change)
  })
  const edge: EdgeOptions = {
    pageCache,
    purgeConfigured: env.edgePurge !== undefined,
    pageLifetimeMs: () => originPageLifetimeMs(events.connected, env.contentCacheMs),
  }
  return {fetcher, edge, events, close: () => events.close()}
}

/**
 * This server's kept pages and the shared cache in front, as the privacy code reaches them (functions/lib/kept-pages.ts):
 * searched by the erasure proof, and dropped for an erased person: here what names them, at the edge by the tags of
 * their requests (docs/decisions/153-caches-in-the-erasure-and-its-proof.md).
 */
export function keptPagesOf(
  pageCache: PageCache,
  edge: ServerEnv['edgePurge'],
  onError: (error: unknown) => void = (error) => console.error(error),
) {
  const target = edge ? purgeTarget(edge) : undefined
  return {
    search: (marks: readonly string[]) => ({
      searched: pageCache.keys().length,
      found: pageCache.mentioning(marks).length,
    }),
    forget: async (marks: readonly string[], tags: readonly string[]) => {
      pageCache.drop(pageCache.mentioning(marks))
      if (target && tags.length > 0) await target.purge(tags).catch(onError)
    },
  }
}

async function productionListener(
  env: ServerEnv,
  {apiRoutes, octoRoutes}: Routes,
  caching: ReturnType<typeof createEdgeCaching>,
): Promise<Listener> {
  const clientDir = `${webDir}dist/client`
  const template = await readFile(`${clientDir}/index.html`, 'utf8').catch(() => {
    throw new Error(`No build in ${clientDir}. Run \`npx vite build\` in web/ first.`)
  })
  const entry = (await import(
    pathToFileURL(`${webDir}dist/server/entry-server.js`).href
  )) as EntryServerModule
  const app = createSiteApp({
    getRender: async () => entry.render,
    getTemplate: async () => template,
    fetcher: caching.fetcher,
    edge: caching.edge,
    siteUrl: env.siteUrl,
    siteConfig: publicSiteConfig(env),
    clientDir,
    apiRoutes,
    octoRoutes,
    pageModules: await createPageModuleList(clientDir),
    frameAncestors: env.frameAncestors,
    preview: sitePreviewFromEnv(env),
    getPreviewQueries: () => entry.loadPreviewQueries(),
  })
  const listener = getRequestListener(app.fetch)
  const kept = keptPageListener(
    caching.edge.pageCache,
    await pageSecurityHeaderValues({
      lakeOrigin: new URL(publicSiteConfig(env).apiHost).origin,
      frameAncestors: env.frameAncestors,
    }),
  )
  return (req, res) => {
    if (!kept(req, res)) void listener(req, res)
  }
}

async function developmentListener(
  env: ServerEnv,
  {apiRoutes, octoRoutes}: Routes,
): Promise<Listener> {
  const {createServer: createViteServer} = await import('vite')
  const vite = await createViteServer({
    root: webDir,
    configFile: `${webDir}vite.config.ts`,
    server: {middlewareMode: true},
    appType: 'custom',
  })
  const app = createSiteApp({
    // A fresh SSR module per request, so edits show without a restart.
    getRender: async () =>
      ((await vite.ssrLoadModule('/src/entry-server.tsx')) as EntryServerModule).render,
    getTemplate: async (url) =>
      vite.transformIndexHtml(url, await readFile(`${webDir}index.html`, 'utf8')),
    fetcher: createContentFetcher(env),
    siteUrl: env.siteUrl,
    siteConfig: publicSiteConfig(env),
    apiRoutes,
    octoRoutes,
    frameAncestors: env.frameAncestors,
    preview: sitePreviewFromEnv(env),
    getPreviewQueries: async () =>
      (
        (await vite.ssrLoadModule('/src/entry-server.tsx')) as EntryServerModule
      ).loadPreviewQueries(),
    onError: (error) => {
      if (error instanceof Error) vite.ssrFixStacktrace(error)
      console.error(error)
    },
  })
  const listener = getRequestListener(app.fetch)
  // Vite answers for modules and assets; everything else falls through to the Hono app.
  return (req, res) => vite.middlewares(req, res, () => void listener(req, res))
}

/**
 * Starts the site: in production from `web/dist/` (run `npx vite build` first), in development with Vite's
 * middleware (hot reload, no build). `scripts/start.ts` can call this with the functions as `apiRoutes`.
 */
export async function startSite({
  env = readServerEnv(),
  apiRoutes,
  octoRoutes,
  onContentChange,
}: StartSiteOptions = {}): Promise<RunningSite> {
  // Before the SSR bundle loads: its image URLs, canonical links and JSON-LD read this, not the build's values.
  globalThis.__SITE_CONFIG__ = publicSiteConfig(env)
  // In development every request renders afresh, so edits to the code show at once.
  const caching = env.mode === 'development' ? undefined : createEdgeCaching(env, onContentChange)
  registerKeptPages(caching ? keptPagesOf(caching.edge.pageCache, env.edgePurge) : undefined)
  const listener = caching
    ? await productionListener(env, {apiRoutes, octoRoutes}, caching)
    : await developmentListener(env, {apiRoutes, octoRoutes})
  // A request must arrive whole in good time: a client that declares a huge chunk and then stalls (or sends
  // headers a byte at a time) gets a 408 instead of holding a connection open. Checked every two seconds.
  // A body refused before it has all arrived (over the limit) still gets its answer read (early-answer.ts).
  const server = createServer(
    {requestTimeout: 15_000, headersTimeout: 10_000, connectionsCheckingInterval: 2_000},
    answerBeforeBody(listener),
  )
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(env.port, env.host, () => resolve())
  })
  const {port} = server.address() as AddressInfo
  return {
    server,
    url: `http://${env.host}:${port}`,
    close: () => {
      caching?.close()
      return new Promise((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())))
    },
  }
}

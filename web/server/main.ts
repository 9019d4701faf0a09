import {createServer, type IncomingMessage, type ServerResponse} from 'node:http'
import {readFile} from 'node:fs/promises'
import {fileURLToPath, pathToFileURL} from 'node:url'

import {getRequestListener} from '@hono/node-server'

import {createContentFetcher} from './content-fetcher.ts'
import {createSiteApp} from './create-site-app.ts'
import {readServerEnv} from './env.ts'
import type {EntryServerModule} from './render-contract.ts'
import {createPreloadLinks} from './vite-manifest.ts'

const webDir = fileURLToPath(new URL('..', import.meta.url))
const env = readServerEnv()
const fetcher = createContentFetcher(env)

async function startProduction() {
  const clientDir = `${webDir}dist/client`
  const template = await readFile(`${clientDir}/index.html`, 'utf8')
  const entryUrl = pathToFileURL(`${webDir}dist/server/entry-server.js`).href
  const entry = (await import(entryUrl)) as EntryServerModule
  const app = createSiteApp({
    getRender: async () => entry.render,
    getTemplate: async () => template,
    fetcher,
    siteUrl: env.siteUrl,
    clientDir,
    preloadLinks: await createPreloadLinks(clientDir),
  })
  return getRequestListener(app.fetch)
}

async function startDevelopment() {
  const {createServer: createViteServer} = await import('vite')
  const vite = await createViteServer({
    root: webDir,
    configFile: `${webDir}vite.config.ts`,
    server: {middlewareMode: true},
    appType: 'custom',
  })
  const app = createSiteApp({
    getRender: async () =>
      ((await vite.ssrLoadModule('/src/entry-server.tsx')) as EntryServerModule).render,
    getTemplate: async (url) =>
      vite.transformIndexHtml(url, await readFile(`${webDir}index.html`, 'utf8')),
    fetcher,
    siteUrl: env.siteUrl,
    onError: (error) => {
      if (error instanceof Error) vite.ssrFixStacktrace(error)
      console.error(error)
    },
  })
  const listener = getRequestListener(app.fetch)
  // Vite answers for modules and assets; everything else falls through to the Hono app.
  return (req: IncomingMessage, res: ServerResponse) =>
    vite.middlewares(req, res, () => void listener(req, res))
}

const listener = env.mode === 'development' ? await startDevelopment() : await startProduction()
const server = createServer(listener)
server.listen(env.port, env.host, () => {
  console.log(
    `Site (${env.mode}) on http://${env.host}:${env.port}, content from ${env.sanity.apiHost}`,
  )
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => server.close(() => process.exit(0)))
}

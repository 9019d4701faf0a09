import fs from 'node:fs'
import path from 'node:path'

import type {LakeSecrets} from '../auth/secrets.ts'
import {renderImage} from '../assets/render-image.ts'
import {serveFile} from '../assets/serve-file.ts'
import {uploadAsset} from '../assets/upload-asset.ts'
import type {LakeConfig} from '../config.ts'
import type {Lake} from '../store/open-lake.ts'
import {LakeError} from '../store/types.ts'
import {
  datasetFor,
  handleActions,
  handleGetDocuments,
  handleHistory,
  handleListen,
  handleMutate,
  handleQuery,
} from './data-routes.ts'
import {handleExport} from './export-route.ts'
import {handleLiveEvents} from './live-route.ts'
import {handleProjectRoute, isAllowedOrigin} from './project-routes.ts'
import {
  createContext,
  decodeSegment,
  readBody,
  sendBuffer,
  sendError,
  sendJson,
  type LakeRequest,
  type LakeResponse,
  type RequestContext,
} from './request-context.ts'

export interface HandlerDeps {
  lake: Lake
  config: LakeConfig
  secrets: LakeSecrets
  /** Extra origins allowed to call the lake from a browser, besides this machine's own. */
  corsOrigins: string[]
}

/** What the API answers to; TRACE, CONNECT, WebDAV and the like get a 405. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/** Builds the request handler shared by the HTTP/1.1 and the HTTP/2 listener. */
export function createRequestHandler(deps: HandlerDeps, publicOrigin: string) {
  return (req: LakeRequest, res: LakeResponse) => {
    void handle(req, res, deps, publicOrigin)
  }
}

async function handle(req: LakeRequest, res: LakeResponse, deps: HandlerDeps, publicOrigin: string) {
  const origin = req.headers.origin
  if (typeof origin === 'string' && isAllowedOrigin(origin, deps.corsOrigins)) {
    res.setHeader('access-control-allow-origin', origin)
    res.setHeader('access-control-allow-credentials', 'true')
    res.setHeader('vary', 'Origin')
  }
  if (!METHODS.has(req.method ?? '')) {
    const error = {error: {type: 'methodNotAllowed', description: `The method ${req.method} is not allowed`}}
    sendJson({res}, 405, error, {allow: [...METHODS].join(', ')})
    return
  }
  if (req.method === 'OPTIONS') {
    res.writeHead(204, {
      'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
      'access-control-allow-headers': String(req.headers['access-control-request-headers'] ?? 'authorization, content-type'),
      'access-control-max-age': '600',
    })
    res.end()
    return
  }
  try {
    await route(createContext(req, res, {...deps, publicOrigin}))
  } catch (error) {
    if (res.headersSent) {
      res.end()
      return
    }
    if (error instanceof LakeError) {
      sendError({res}, error)
      return
    }
    console.error('lake: request failed', req.method, req.url, error)
    res.writeHead(500, {'content-type': 'application/json'})
    res.end(JSON.stringify({error: {type: 'internalError', description: 'The lake failed to handle this request'}}))
  }
}

async function route(ctx: RequestContext) {
  const parts = ctx.path.split('/').filter(Boolean)
  const [head, second, third, ...rest] = parts

  if (ctx.apiVersion === null) {
    if (head === 'images' || head === 'files') return serveAsset(ctx, head, parts.slice(1))
    if (head === 'studio') return serveStudio(ctx, parts.slice(1))
    // The studio links its favicon at the site root.
    if (head === 'static') return serveStudio(ctx, parts)
    if (ctx.path === '/') {
      ctx.res.writeHead(302, {location: ctx.config.studioDir ? '/studio/' : '/v1/ping'})
      ctx.res.end()
      return
    }
    throw new LakeError(404, 'notFound', `No such endpoint: ${ctx.path}`)
  }

  // A token the lake does not know must not silently read as anonymous on data endpoints.
  if (ctx.invalidToken && head !== 'users' && head !== 'auth') {
    throw new LakeError(401, 'unauthorized', 'Session not found: the token is not valid for this project')
  }

  if (head === 'data') {
    switch (second) {
      case 'query':
        return handleQuery(ctx, third)
      case 'doc':
        return handleGetDocuments(ctx, third, rest.join('/'))
      case 'mutate':
        return handleMutate(ctx, third)
      case 'actions':
        return handleActions(ctx, third)
      case 'listen':
        return handleListen(ctx, third)
      case 'history':
        return handleHistory(ctx, third, rest)
      case 'export':
        return handleExport(ctx, third)
      case 'live':
        if (third === 'events') return handleLiveEvents(ctx, rest[0])
        break
      case 'ping':
        return sendJson(ctx, 200, {pong: true}, {'x-sanity-shard': 'local'})
      case 'references':
        return sendJson(ctx, 200, {totalCount: 0, references: []})
    }
  }
  if (head === 'assets' && (second === 'images' || second === 'files') && ctx.method === 'POST') {
    const dataset = datasetFor(ctx, third, 'write')
    const bytes = await readBody(ctx, ctx.config.maxAssetBytes)
    const document = await uploadAsset({
      dataset,
      dataDir: ctx.lake.dataDir,
      projectId: ctx.config.projectId,
      publicBaseUrl: ctx.publicOrigin,
      kind: second === 'images' ? 'image' : 'file',
      bytes,
      contentType: ctx.req.headers['content-type'],
      query: ctx.url.searchParams,
      maxBytes: ctx.config.maxAssetBytes,
      author: ctx.principal.userId,
    })
    return sendJson(ctx, 200, {document})
  }
  if (head === 'socket') return sendJson(ctx, 426, {error: {type: 'upgradeRequired', description: 'Use a WebSocket'}})
  if (await handleProjectRoute(ctx, parts)) return
  // A neutral body: the studio treats some 404 shapes as "project not found".
  throw new LakeError(404, 'notFound', `No such endpoint: ${ctx.path}`)
}

/**
 * `/images/:projectId/:dataset/:file` and `/files/…`. As on Sanity's CDN, a file is served to whoever has
 * its URL (which carries its SHA-1), even from a private dataset: "the file itself is publicly accessible,
 * even in private datasets" (https://www.sanity.io/docs/keeping-your-data-safe). `@sanity/export`
 * relies on it: it downloads the files of a private dataset without a token.
 */
async function serveAsset(ctx: RequestContext, kind: 'images' | 'files', parts: string[]) {
  const [projectId, datasetName, fileName] = parts
  if (projectId !== ctx.config.projectId || !fileName) throw new LakeError(404, 'notFound', 'No such asset')
  const dataset = ctx.lake.dataset(datasetName ?? '')
  const common = {
    dataDir: ctx.lake.dataDir,
    dataset: dataset.name,
    fileName,
    query: ctx.url.searchParams,
    ifNoneMatch: ctx.req.headers['if-none-match'],
  }
  const response =
    kind === 'images'
      ? await renderImage({...common, accept: ctx.req.headers.accept, cacheBytes: ctx.config.imageCacheBytes})
      : await serveFile(common)
  sendBuffer(ctx, response.status, response.body, response.headers)
}

const STUDIO_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
}

/** The built studio, served as Sanity hosts deployed studios: a single-page app under `/studio`. */
function serveStudio(ctx: RequestContext, parts: string[]) {
  const root = ctx.config.studioDir
  if (!root || !fs.existsSync(path.join(root, 'index.html'))) {
    throw new LakeError(404, 'notFound', 'No studio build here: run `npm run build` or `npm start`')
  }
  const requested = path.resolve(root, ...parts.map((part) => decodeSegment(part)))
  const inside = requested.startsWith(path.resolve(root) + path.sep)
  const file = inside && fs.existsSync(requested) && fs.statSync(requested).isFile() ? requested : path.join(root, 'index.html')
  const isIndex = file.endsWith('index.html')
  sendBuffer(ctx, 200, fs.readFileSync(file), {
    'content-type': STUDIO_TYPES[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': isIndex ? 'no-cache' : 'public, max-age=31536000, immutable',
  })
}

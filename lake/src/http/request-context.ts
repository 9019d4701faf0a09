import type {IncomingMessage} from 'node:http'
import type {Http2ServerRequest} from 'node:http2'

import {ANONYMOUS, principalForToken, type Principal} from '../auth/principals.ts'
import type {QueryClient} from '../query/query-pool.ts'
import type {LakeSecrets} from '../auth/secrets.ts'
import type {LakeConfig} from '../config.ts'
import type {Lake} from '../store/open-lake.ts'
import {LakeError} from '../store/types.ts'

export type LakeRequest = IncomingMessage | Http2ServerRequest
/** The part of Node's HTTP/1.1 and HTTP/2 compatibility responses the lake uses. */
export interface LakeResponse {
  writeHead(status: number, headers?: Record<string, string>): unknown
  setHeader(name: string, value: string): unknown
  write(chunk: string | Buffer): unknown
  end(): unknown
  end(chunk: string | Buffer): unknown
  on(event: 'close', listener: () => void): unknown
  readonly headersSent: boolean
}

/** Everything a route handler needs, shared by the HTTP/1.1 and the HTTP/2 listener. */
export interface RequestContext {
  req: LakeRequest
  res: LakeResponse
  url: URL
  method: string
  /** The path after the `/v<apiVersion>` prefix (or the whole path when there is none). */
  path: string
  /** `2025-02-19`, `1`, `X`… or null for unversioned paths such as `/images/…`. */
  apiVersion: string | null
  principal: Principal
  /** A bearer token was sent but is unknown: data routes answer 401, `/users/me` answers `{}`. */
  invalidToken: boolean
  lake: Lake
  config: LakeConfig
  secrets: LakeSecrets
  /** The origin clients reached this listener at, for asset URLs and redirects. */
  publicOrigin: string
  /** Browser origins allowed besides this machine's own (LAKE_CORS_ORIGINS). */
  corsOrigins: string[]
}

export function createContext(
  req: LakeRequest,
  res: LakeResponse,
  deps: {lake: Lake; config: LakeConfig; secrets: LakeSecrets; publicOrigin: string; corsOrigins: string[]},
): RequestContext {
  // `@sanity/migrate` asks for `//v2024-01-29/data/…`: a path, not a protocol-relative URL.
  const url = new URL((req.url ?? '/').replace(/^\/{2,}/, '/'), 'http://lake.invalid')
  const versioned = /^\/v([^/]+)(\/.*)?$/.exec(url.pathname)
  const token = bearerToken(req)
  const known = token ? principalForToken(token, deps.secrets, deps.lake.db, deps.config.editorDatasets) : undefined
  return {
    req,
    res,
    url,
    method: req.method ?? 'GET',
    path: versioned ? (versioned[2] ?? '/') : url.pathname,
    apiVersion: versioned ? (versioned[1] ?? null) : null,
    principal: known ?? ANONYMOUS,
    invalidToken: Boolean(token) && !known,
    ...deps,
  }
}

/**
 * Who a request counts as for query scheduling and budgets: a token's holder by who they are, anyone
 * else by their address (the socket's: a forwarded-for header is the client's to write).
 */
export function queryClientOf(ctx: Pick<RequestContext, 'principal' | 'req'>): QueryClient {
  if (ctx.principal.role !== null) return {key: `principal:${ctx.principal.userId}`, privileged: true}
  return {key: `address:${ctx.req.socket?.remoteAddress ?? 'unknown'}`, privileged: false}
}

function bearerToken(req: LakeRequest): string | undefined {
  const header = req.headers.authorization
  if (typeof header === 'string' && /^bearer\s+/i.test(header)) return header.replace(/^bearer\s+/i, '').trim()
  return undefined
}

/** Reads the body up to a limit; a larger body is a 413 and is never buffered whole. */
export async function readBody(ctx: RequestContext, limit: number): Promise<Buffer> {
  const declared = Number(ctx.req.headers['content-length'])
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit)
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > limit) throw tooLarge(limit)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

const tooLarge = (limit: number) =>
  new LakeError(413, 'requestEntityTooLarge', `Request body exceeds limit of ${limit} bytes`)

export async function readJson(ctx: RequestContext): Promise<Record<string, unknown>> {
  const body = await readBody(ctx, ctx.config.maxJsonBytes)
  if (body.length === 0) throw new LakeError(400, 'invalidJson', 'Request body is empty: expected a JSON object')
  const parsed = parseJsonBody(body)
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new LakeError(400, 'invalidJson', 'Request body must be a JSON object')
  }
  return parsed as Record<string, unknown>
}

export function sendJson(ctx: Pick<RequestContext, 'res'>, status: number, body: unknown, headers: Record<string, string> = {}) {
  const payload = JSON.stringify(body)
  ctx.res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(payload)),
    ...headers,
  })
  ctx.res.end(payload)
}

/** A JSON object some of whose values are already serialised (UTF-8 bytes), written as they are. */
export function sendJsonWithRaw(ctx: Pick<RequestContext, 'res'>, status: number, fields: [string, unknown][]) {
  const parts: Buffer[] = []
  fields.forEach(([key, value], index) => {
    parts.push(Buffer.from(`${index === 0 ? '{' : ','}${JSON.stringify(key)}:`))
    parts.push(
      value instanceof Uint8Array
        ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
        : Buffer.from(JSON.stringify(value)),
    )
  })
  parts.push(Buffer.from(fields.length === 0 ? '{}' : '}'))
  // One write: several small ones would leave as separate packets and wait on each other's acknowledgements.
  const body = Buffer.concat(parts)
  ctx.res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(body.byteLength),
  })
  ctx.res.end(body)
}

export function sendBuffer(ctx: RequestContext, status: number, body: Buffer | string, headers: Record<string, string>) {
  ctx.res.writeHead(status, {'content-length': String(Buffer.byteLength(body)), ...headers})
  if (ctx.method === 'HEAD') ctx.res.end()
  else ctx.res.end(body)
}

/** Sanity's error body: `{error: {type, description, …}}`; auth errors use its flat shape. */
export function sendError(ctx: Pick<RequestContext, 'res'>, error: LakeError) {
  if (error.status === 401 || error.status === 403) {
    sendJson(ctx, error.status, {
      statusCode: error.status,
      error: error.status === 401 ? 'Unauthorized' : 'Forbidden',
      message: error.message,
    })
    return
  }
  const headers: Record<string, string> = error.retryAfterSeconds ? {'retry-after': String(error.retryAfterSeconds)} : {}
  sendJson(ctx, error.status, {error: {type: error.type, description: error.message, ...error.details}}, headers)
}

/** A path segment as text; a malformed percent-escape (`%`, `%zz`, half a UTF-8 sequence) is the client's 400. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw new LakeError(400, 'invalidRequest', 'The URL has a malformed percent-escape')
  }
}

/** A JSON request body; anything else is a 400 that says so. */
export function parseJsonBody(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'))
  } catch (error) {
    throw new LakeError(400, 'invalidJson', `Request body is not valid JSON: ${(error as Error).message}`)
  }
}

/** Query parameters as the client sends them: `$name=<JSON>` for GROQ parameters. */
export function queryParams(url: URL): Record<string, unknown> {
  const params: Record<string, unknown> = {}
  for (const [key, value] of url.searchParams) {
    if (!key.startsWith('$')) continue
    try {
      params[key.slice(1)] = JSON.parse(value)
    } catch {
      throw new LakeError(400, 'queryParseError', `Parameter "${key}" is not valid JSON`)
    }
  }
  return params
}

export function flag(url: URL, name: string): boolean {
  const value = url.searchParams.get(name)
  return value !== null && value !== 'false' && value !== '0'
}

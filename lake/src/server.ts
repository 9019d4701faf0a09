import http from 'node:http'
import http2 from 'node:http2'
import type {AddressInfo} from 'node:net'
import type {Duplex} from 'node:stream'

import {WebSocketServer} from 'ws'

import {ANONYMOUS, can, principalForToken} from './auth/principals.ts'
import {loadOrCreateSecrets, type LakeSecrets} from './auth/secrets.ts'
import type {LakeConfig} from './config.ts'
import {loadDocumentFunctions, startDocumentFunctions} from './functions/document-functions.ts'
import {createRequestHandler} from './http/handle-request.ts'
import {openLake, type Lake} from './store/open-lake.ts'
import {loadOrCreateCertificate} from './tls/certificate.ts'

export interface RunningLake {
  lake: Lake
  secrets: LakeSecrets
  /** HTTP/1.1 origin for server-side clients and tests, e.g. `http://127.0.0.1:3333`. */
  url: string
  /** HTTP/2 + TLS origin for the studio, e.g. `https://localhost:3334`. */
  tlsUrl: string
  close(): Promise<void>
}

/** Limits of the presence socket; see docs/decisions/030-hostile-load-limits.md. */
export const SOCKET_LIMITS = {
  /** Largest message (bytes): presence messages are a few hundred bytes; `ws` refuses more, unparsed. */
  maxMessageBytes: 16 * 1024,
  /** Messages a connection may send in a burst, and per second after it. */
  burst: 40,
  perSecond: 10,
}

/**
 * The presence socket (`/v2022-06-30/socket/:dataset`). The studio edits fine without presence,
 * so the lake completes the handshake and answers requests with empty results: nobody else is here.
 * It follows the HTTP read rules (a private dataset needs a token that may read it), parses only
 * small messages, and closes a connection that sends faster than its rate (1008, policy violation).
 */
function attachPresenceSocket(server: http.Server | http2.Http2SecureServer, deps: {lake: Lake; secrets: LakeSecrets; config: Pick<LakeConfig, 'editorDatasets'>}) {
  const sockets = new WebSocketServer({noServer: true, maxPayload: SOCKET_LIMITS.maxMessageBytes})
  sockets.on('connection', (socket) => {
    // A message over the size limit (or a broken frame) closes the connection; `ws` reports it here.
    socket.on('error', () => socket.terminate())
    let allowance = SOCKET_LIMITS.burst
    let checkedAt = performance.now()
    socket.on('message', (data) => {
      const now = performance.now()
      allowance = Math.min(SOCKET_LIMITS.burst, allowance + ((now - checkedAt) / 1000) * SOCKET_LIMITS.perSecond)
      checkedAt = now
      if (allowance < 1) {
        socket.close(1008, 'Too many messages: slow down')
        return
      }
      allowance--
      let message: {id?: unknown; method?: unknown}
      try {
        message = JSON.parse(String(data)) as {id?: unknown; method?: unknown}
      } catch {
        return
      }
      if (typeof message !== 'object' || message === null || message.id === undefined) return
      const result = message.method === 'presence_subscribe' ? `sub-${Math.random().toString(36).slice(2)}` : null
      socket.send(JSON.stringify({jsonrpc: '2.0', id: message.id, result}))
    })
  })
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const match = /^\/v[^/]+\/socket\/([^/?]+)/.exec(req.url ?? '')
    if (!match) return socket.destroy()
    let datasetName: string
    try {
      datasetName = decodeURIComponent(match[1] ?? '')
    } catch {
      // Not valid percent-encoding: refused as HTTP refuses such a path, never thrown out of the upgrade handler.
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
      return
    }
    const refusal = socketRefusal(req, datasetName, deps)
    if (refusal) {
      socket.end(`HTTP/1.1 ${refusal}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
      return
    }
    sockets.handleUpgrade(req, socket, head, (ws) => sockets.emit('connection', ws, req))
  })
  return sockets
}

/** Why a socket may not open (as an HTTP status line), or null: the same rules as reading over HTTP. */
function socketRefusal(req: http.IncomingMessage, datasetName: string, deps: {lake: Lake; secrets: LakeSecrets; config: Pick<LakeConfig, 'editorDatasets'>}): string | null {
  const header = req.headers.authorization
  const token = typeof header === 'string' && /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, '').trim() : undefined
  const principal = token ? principalForToken(token, deps.secrets, deps.lake.db, deps.config.editorDatasets) : ANONYMOUS
  if (!principal) return '401 Unauthorized'
  let dataset
  try {
    dataset = deps.lake.dataset(datasetName)
  } catch {
    return '404 Not Found'
  }
  if (!can(principal, 'read', dataset)) return principal.role === null ? '401 Unauthorized' : '403 Forbidden'
  return null
}

function listen(server: http.Server | http2.Http2SecureServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

export async function startLake(config: LakeConfig, options: {corsOrigins?: string[]} = {}): Promise<RunningLake> {
  const lake = openLake({dataDir: config.dataDir, datasets: config.datasets, queryTimeoutMs: config.queryTimeoutMs})
  const secrets = loadOrCreateSecrets(config)
  const deps = {lake, config, secrets, corsOrigins: options.corsOrigins ?? []}
  const displayHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host

  // Origins are only known after listening (port 0 picks a free one), so handlers are bound late.
  let plainHandler: ReturnType<typeof createRequestHandler> | undefined
  let tlsHandler: ReturnType<typeof createRequestHandler> | undefined
  const plain = http.createServer((req, res) => plainHandler?.(req, res))
  const {key, cert} = await loadOrCreateCertificate({
    dataDir: config.dataDir,
    hostnames: ['localhost', `${config.projectId}.localhost`, '127.0.0.1', '::1'],
  })
  const secure = http2.createSecureServer({key, cert, allowHTTP1: true}, (req, res) => tlsHandler?.(req, res))
  const sockets = [attachPresenceSocket(plain, deps), attachPresenceSocket(secure, deps)]
  // Listen streams never end by themselves, so closing must cut open connections.
  const connections = new Set<Duplex>()
  for (const server of [plain, secure]) {
    server.on('connection', (socket: Duplex) => {
      connections.add(socket)
      socket.once('close', () => connections.delete(socket))
    })
  }

  try {
    const port = await listen(plain, config.port, config.host)
    const tlsPort = await listen(secure, config.tlsPort, config.host)
    const url = `http://${displayHost}:${port}`
    // The studio runs in a browser: `localhost` (not an IP) so the certificate name matches.
    const tlsUrl = `https://localhost:${tlsPort}`
    plainHandler = createRequestHandler(deps, url)
    tlsHandler = createRequestHandler(deps, tlsUrl)
    // Handlers reach the lake as hosted functions reach Sanity: at `<projectId>.<apiHost>`, here `*.localhost`.
    const functions = config.blueprint
      ? startDocumentFunctions({
          lake,
          functions: await loadDocumentFunctions(config.blueprint, config.projectId),
          projectId: config.projectId,
          apiHost: `http://localhost:${port}`,
          token: secrets.writeToken,
          retryBaseMs: config.functionRetryMs,
        })
      : undefined
    return {
      lake,
      secrets,
      url,
      tlsUrl,
      async close() {
        functions?.stop()
        for (const socketServer of sockets) {
          for (const client of socketServer.clients) client.terminate()
          socketServer.close()
        }
        const closed = [plain, secure].map(
          (server) => new Promise<void>((resolve) => server.close(() => resolve())),
        )
        for (const socket of connections) socket.destroy()
        await Promise.all(closed)
        lake.close()
      },
    }
  } catch (error) {
    plain.close()
    secure.close()
    lake.close()
    throw error
  }
}

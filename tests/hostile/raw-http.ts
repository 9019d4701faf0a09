import net from 'node:net'

/** One request as bytes on a socket: nothing normalised, so broken paths, methods and framing reach the server as sent. */
export interface RawRequest {
  port: number
  /** The loopback address to send from (any of 127.0.0.0/8), so that per-address rate limits see many clients. */
  localAddress?: string
  method: string
  /** The request target exactly as written on the request line. */
  target: string
  headers: [string, string][]
  body?: Buffer
  /** Written instead of the generated request head and body, for framing that no header list can express. */
  rawBytes?: Buffer
  httpVersion?: '1.0' | '1.1'
}

export interface RawResponse {
  status: number
  headers: Record<string, string>
  /** The first bytes of the body (decoded from chunked framing when the answer used it). */
  body: string
  ms: number
}

const MAX_BODY_CHARS = 64 * 1024

export function formatRequestHead(request: Omit<RawRequest, 'port'>): string {
  const lines = [`${request.method} ${request.target} HTTP/${request.httpVersion ?? '1.1'}`]
  for (const [name, value] of request.headers) lines.push(`${name}: ${value}`)
  return `${lines.join('\r\n')}\r\n\r\n`
}

function dechunk(raw: Buffer): Buffer {
  const parts: Buffer[] = []
  let offset = 0
  while (offset < raw.length) {
    const lineEnd = raw.indexOf('\r\n', offset)
    if (lineEnd < 0) break
    const size = Number.parseInt(raw.subarray(offset, lineEnd).toString('latin1'), 16)
    if (!Number.isFinite(size) || size <= 0) break
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size))
    offset = lineEnd + 2 + size + 2
  }
  return Buffer.concat(parts)
}

const WRITE_CHUNK_BYTES = 64 * 1024
const EARLY_ANSWER_WAIT_MS = 300

/**
 * Streams a body in chunks and stops as soon as the server has started answering (an early 401 or 413): writing on
 * into a socket the server has closed draws a reset, and a reset can discard the answer before it is read.
 */
async function writeUntilAnswered(socket: net.Socket, body: Buffer, answered: () => boolean) {
  // A server that refuses by Content-Length answers at once: give it the time to, before sending the rest.
  if (body.length > WRITE_CHUNK_BYTES) {
    socket.write(body.subarray(0, WRITE_CHUNK_BYTES))
    for (let waited = 0; waited < EARLY_ANSWER_WAIT_MS && !answered() && !socket.destroyed; waited += 25)
      await new Promise((resolve) => setTimeout(resolve, 25))
    body = body.subarray(WRITE_CHUNK_BYTES)
  }
  for (let offset = 0; offset < body.length && !answered() && !socket.destroyed; offset += WRITE_CHUNK_BYTES) {
    const flushed = socket.write(body.subarray(offset, offset + WRITE_CHUNK_BYTES))
    // Let the event loop read between chunks, so that an early answer is seen before the next write fails.
    await new Promise((resolve) => {
      if (flushed) setImmediate(resolve)
      else {
        socket.once('drain', resolve)
        socket.once('close', resolve)
      }
    })
  }
}

/**
 * Sends one request and reads the answer until the server closes (`Connection: close` is added).
 * A streaming answer (server-sent events) ends the read once its head has arrived. Rejects on timeout:
 * a server that never answers a hostile request fails the suite as surely as a 5xx.
 */
export function sendRaw(request: RawRequest, timeoutMs: number): Promise<RawResponse> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const socket = net.connect({host: '127.0.0.1', port: request.port, localAddress: request.localAddress})
    const chunks: Buffer[] = []
    let received = 0
    let settled = false
    const finish = (error?: Error) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      const all = Buffer.concat(chunks)
      const headEnd = all.indexOf('\r\n\r\n')
      if (headEnd < 0) {
        reject(error ?? new Error(`no HTTP answer (${all.length} bytes: ${JSON.stringify(all.subarray(0, 80).toString('latin1'))})`))
        return
      }
      const [statusLine = '', ...headerLines] = all.subarray(0, headEnd).toString('latin1').split('\r\n')
      const status = Number(statusLine.split(' ')[1])
      const headers: Record<string, string> = {}
      for (const line of headerLines) {
        const colon = line.indexOf(':')
        if (colon <= 0) continue
        const name = line.slice(0, colon).trim().toLowerCase()
        const value = line.slice(colon + 1).trim()
        // Set-Cookie may come more than once (a session and a device cookie): keep each, one a line.
        headers[name] = name === 'set-cookie' && headers[name] ? `${headers[name]}\n${value}` : value
      }
      let body: Buffer = all.subarray(headEnd + 4)
      if (headers['transfer-encoding']?.toLowerCase().includes('chunked')) body = dechunk(body)
      resolve({status, headers, body: body.toString('utf8').slice(0, MAX_BODY_CHARS), ms: performance.now() - started})
    }
    const timer = setTimeout(() => {
      const gotHead = Buffer.concat(chunks).includes('\r\n\r\n')
      if (gotHead) finish()
      else {
        settled = true
        socket.destroy()
        reject(new Error(`no answer within ${timeoutMs} ms`))
      }
    }, timeoutMs)
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length
      if (received <= MAX_BODY_CHARS * 4) chunks.push(chunk)
      const soFar = Buffer.concat(chunks)
      const headEnd = soFar.indexOf('\r\n\r\n')
      if (headEnd >= 0 && /content-type:\s*text\/event-stream/i.test(soFar.subarray(0, headEnd).toString('latin1'))) finish()
    })
    socket.on('end', () => finish())
    socket.on('close', () => finish(lastError))
    // A server may answer early (a 401 or 413) and close while the body is still being written: the write fails
    // with EPIPE or ECONNRESET, and the answer already read is what counts, once the socket has closed.
    let lastError: Error | undefined
    socket.on('error', (error) => {
      lastError = error
    })
    socket.on('connect', () => {
      if (request.rawBytes) {
        socket.write(request.rawBytes)
        return
      }
      const headers = request.headers.some(([name]) => name.toLowerCase() === 'connection')
        ? request.headers
        : [...request.headers, ['Connection', 'close'] as [string, string]]
      socket.write(formatRequestHead({...request, headers}))
      if (request.body) void writeUntilAnswered(socket, request.body, () => chunks.length > 0)
    })
  })
}

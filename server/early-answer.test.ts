import {createServer, type Server} from 'node:http'
import net from 'node:net'
import type {AddressInfo} from 'node:net'

import {getRequestListener} from '@hono/node-server'
import {Hono} from 'hono'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {problemBody} from '@repo/schemas/problem.ts'

import {answerBeforeBody} from './early-answer.ts'
import {BODY_LIMITS, limitBody} from './security.ts'

// The site server's own stack (Node's HTTP server, @hono/node-server, the body limit) on a real socket: a body over
// the limit is answered with a 413 the client reads in full, and the client's pooled connection serves what follows.
let server: Server
let url: string
const stored: string[] = []

beforeAll(async () => {
  const app = new Hono()
  app.use('*', limitBody(BODY_LIMITS.default))
  app.post('/api/notes', async (c) => {
    stored.push(await c.req.text())
    return c.json({ok: true}, 201)
  })
  server = createServer(
    {requestTimeout: 15_000, headersTimeout: 10_000, connectionsCheckingInterval: 2_000},
    answerBeforeBody(getRequestListener(app.fetch)),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const post = (body: BodyInit) =>
  fetch(`${url}/api/notes`, {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body,
    duplex: 'half',
  } as RequestInit)

const streamOf = (size: number) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (let sent = 0; sent < size; sent += 64 * 1024)
        controller.enqueue(new Uint8Array(Math.min(64 * 1024, size - sent)).fill(120))
      controller.close()
    },
  })

describe('a body over the limit', () => {
  it('is answered 413, closing the connection, and the pool goes on with the next request', async () => {
    const before = stored.length
    for (const body of [
      'x'.repeat(16 * 1024 + 1),
      'x'.repeat(1024 * 1024),
      streamOf(1024 * 1024),
      'x'.repeat(16 * 1024 + 1),
      'x'.repeat(8 * 1024 * 1024),
    ]) {
      const response = await post(body)
      expect(response.status).toBe(413)
      expect(response.headers.get('connection')).toBe('close')
      expect(await response.json()).toEqual(
        problemBody(
          413,
          'The request is too large: this address takes at most 16 KB. Nothing was saved.',
          {fieldErrors: {}},
        ),
      )
    }
    expect(stored.length).toBe(before)
    const ok = await post('{"note":"short"}')
    expect(ok.status).toBe(201)
    expect(ok.headers.get('connection')).not.toBe('close')
  })

  it('reaches a client that writes the whole body before it reads, without a reset', async () => {
    for (const size of [16 * 1024 + 1, 1024 * 1024, 4 * 1024 * 1024]) {
      const {port} = new URL(url)
      const result = await new Promise<{answer: string; error?: string}>((resolve) => {
        const socket = net.connect(Number(port), '127.0.0.1')
        const received: Buffer[] = []
        socket.on('data', (chunk) => received.push(chunk))
        socket.on('error', (error: NodeJS.ErrnoException) =>
          resolve({answer: Buffer.concat(received).toString(), error: error.code}),
        )
        socket.on('end', () => socket.end())
        socket.on('close', () => resolve({answer: Buffer.concat(received).toString()}))
        socket.write(
          `POST /api/notes HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
        )
        socket.write(Buffer.alloc(size, 120))
      })
      expect(result.error, `${size} bytes`).toBeUndefined()
      expect(result.answer, `${size} bytes`).toMatch(/^HTTP\/1\.1 413 /)
      expect(result.answer).toMatch(/Connection: close/i)
      expect(result.answer).toContain('Nothing was saved')
    }
  })
})

/** Sends `requests` on one connection, one after the other, and reads each answer whole before the next. */
async function onOneConnection(port: number, requests: string[]) {
  const socket = net.connect(port, '127.0.0.1')
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  let received = ''
  let closed = false
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()))
  socket.on('close', () => (closed = true))
  const answers: string[] = []
  try {
    for (const request of requests) {
      if (closed) break
      received = ''
      socket.write(request)
      // An answer is whole once its headers and the Content-Length they announce have arrived.
      await new Promise<void>((resolve) => {
        const check = () => {
          const end = received.indexOf('\r\n\r\n')
          const length = /content-length: (\d+)/i.exec(received)?.[1]
          if (end >= 0 && length && received.length >= end + 4 + Number(length)) return resolve()
          if (closed) return resolve()
          setTimeout(check, 5)
        }
        check()
      })
      answers.push(received)
    }
    // A connection the server meant to close has closed by the time its answer is read.
    await new Promise((r) => setTimeout(r, 50))
    return {answers, closed}
  } finally {
    socket.destroy()
  }
}

describe('a request without a body answered at once', () => {
  // As the Node host answers a kept page: written whole in the same turn as the request arrived, before Node's
  // parser has marked the (empty) request complete.
  let kept: Server
  let port: number
  beforeAll(async () => {
    kept = createServer(
      answerBeforeBody((req, res) => {
        res.writeHead(200, {'content-type': 'text/html', 'content-length': '5'})
        res.end(req.method === 'HEAD' ? undefined : 'kept!')
      }),
    )
    await new Promise<void>((resolve) => kept.listen(0, '127.0.0.1', resolve))
    port = (kept.address() as AddressInfo).port
  })
  afterAll(async () => {
    kept.closeAllConnections()
    await new Promise((resolve) => kept.close(resolve))
  })

  it('keeps the connection: two GETs for a kept page are both answered on it', async () => {
    const get = 'GET /experiences HTTP/1.1\r\nHost: x\r\n\r\n'
    const {answers, closed} = await onOneConnection(port, [get, get])
    expect(answers).toHaveLength(2)
    for (const answer of answers) {
      expect(answer).toMatch(/^HTTP\/1\.1 200 /)
      expect(answer).toMatch(/Connection: keep-alive/i)
      expect(answer).toContain('kept!')
    }
    expect(closed).toBe(false)
  })

  it('keeps it for an empty body declared as such, and closes it for a body not yet read', async () => {
    const empty = 'POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n'
    const kept = await onOneConnection(port, [empty, empty])
    expect(kept.answers).toHaveLength(2)
    expect(kept.closed).toBe(false)
    const unread = await onOneConnection(port, [
      'POST /x HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\n0123456789',
    ])
    expect(unread.answers[0]).toMatch(/Connection: close/i)
  })
})

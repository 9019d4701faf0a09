import {createServer, type Server} from 'node:http'
import net from 'node:net'
import type {AddressInfo} from 'node:net'

import {getRequestListener} from '@hono/node-server'
import {Hono} from 'hono'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

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
      expect(await response.json()).toEqual({
        message: 'The request is too large: this address takes at most 16 KB. Nothing was saved.',
        fieldErrors: {},
      })
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

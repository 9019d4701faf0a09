import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

import {varnishInstalled} from '../../../scripts/lib/varnish.ts'
import {env, expect, lakeClient, test} from '../fixtures.ts'

/**
 * Bodies past the site's limits, sent the way ordinary clients send them: the whole body written before the answer
 * is read, with Content-Length or chunked without one, one request after another on the pooled connection. Each is
 * answered with a 413 the client can read (JSON with a specific message on the API, words on a page's form), the
 * next request on the client's pool still gets its answer, and nothing of the body is stored
 * (docs/decisions/126-oversized-bodies-answered-in-full.md).
 */

const token = Date.now().toString(36)
const JUST_OVER = 16 * 1024 + 1
const ONE_MIB = 1024 * 1024
const TOO_LARGE =
  /^The request is too large: this address takes at most \d+ KB\. Nothing was saved\.$/

/** Through the site server, and through the edge in front of it where the stack runs one. */
const fronts = [env.siteUrl, ...(varnishInstalled() ? [env.edgeUrl] : [])]

const marker = (what: string) => `oversize.${what}.${token}@example.org`

/** A JSON body naming `email`, padded with a long field to `size` bytes. */
function jsonOf(size: number, fields: Record<string, unknown>): string {
  const head = JSON.stringify({...fields, notes: ''})
  return `${head.slice(0, -2)}${'x'.repeat(Math.max(0, size - head.length))}"}`
}

const endpoints = [
  {
    path: '/api/booking-requests',
    body: (size: number) =>
      jsonOf(size, {email: marker('booking'), name: 'Oversize', experience_id: 'table-mountain'}),
  },
  {path: '/api/newsletter-signups', body: (size: number) => jsonOf(size, {email: marker('news')})},
  {
    path: '/api/privacy-requests',
    body: (size: number) => jsonOf(size, {kind: 'access', email: marker('privacy')}),
  },
  {path: '/api/events', body: (size: number) => jsonOf(size, {event: marker('event')})},
]

/** A page of the site sends them (the edge passes the site's own origin through). */
const headersFor = (type = 'application/json') => ({
  'content-type': type,
  'origin': new URL(env.siteUrl).origin,
  'sec-fetch-site': 'same-origin',
})

/** The body as a stream: fetch sends it chunked, without Content-Length. */
const chunked = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      const bytes = new TextEncoder().encode(text)
      for (let at = 0; at < bytes.length; at += 16 * 1024)
        controller.enqueue(bytes.subarray(at, at + 16 * 1024))
      controller.close()
    },
  })

test('every oversized body is answered with a readable 413 on a connection the client can go on using; nothing is stored', async () => {
  test.setTimeout(120_000)
  for (const front of fronts) {
    for (const endpoint of endpoints) {
      for (const [size, streamed] of [
        [JUST_OVER, false],
        [ONE_MIB, false],
        [ONE_MIB, true],
        [JUST_OVER, false],
      ] as const) {
        const what = `${front}${endpoint.path} ${size} bytes${streamed ? ', chunked' : ''}`
        const text = endpoint.body(size)
        // fetch's pool keeps the connection: a server that closes it under the client fails this request or the next.
        const response = await fetch(`${front}${endpoint.path}`, {
          method: 'POST',
          headers: headersFor(),
          body: streamed ? chunked(text) : text,
          duplex: 'half',
        } as RequestInit).catch((error: Error & {cause?: {code?: string}}) => {
          throw new Error(`${what}: ${error.cause?.code ?? error.message}`)
        })
        expect(response.status, what).toBe(413)
        expect(response.headers.get('content-type'), what).toMatch(/^application\/problem\+json/)
        const answer = (await response.json()) as {detail: string; fieldErrors: object}
        expect(answer.detail, what).toMatch(TOO_LARGE)
        expect(answer.fieldErrors, what).toEqual({})
      }
    }
    // The pool still serves an ordinary request.
    const ok = await fetch(`${front}/api/events`, {
      method: 'POST',
      headers: headersFor(),
      body: JSON.stringify({event: 'page_view', path: '/'}),
    })
    expect(ok.status, front).toBeLessThan(300)
  }

  // Nothing of any of them was stored: no request, sign-up, privacy request or mail names the addresses, and the
  // event log has no line of them.
  const stored = await lakeClient({dataset: 'bookings'}).fetch<string[]>(
    `*[email match $pattern || to match $pattern]._id`,
    {pattern: `oversize.*.${token}@example.org`},
  )
  expect(stored).toEqual([])
  const events = path.join(env.dataDir, 'events.ndjson')
  expect(fs.existsSync(events) ? fs.readFileSync(events, 'utf8') : '').not.toContain(token)
})

/**
 * One request on a raw socket: head and whole body written at once, as a simple client does, then the answer read
 * to the end. A server that closes with the body unread resets the connection, and a reset can throw the answer
 * away before the client reads it.
 */
function sendWhole(front: string, head: string, body: Buffer) {
  const url = new URL(front)
  return new Promise<{answer: string; error?: string}>((resolve) => {
    const socket = net.connect(
      Number(url.port),
      url.hostname === 'localhost' ? '127.0.0.1' : url.hostname,
    )
    const received: Buffer[] = []
    socket.on('data', (chunk) => received.push(chunk))
    socket.on('error', (error: NodeJS.ErrnoException) =>
      resolve({answer: Buffer.concat(received).toString('utf8'), error: error.code}),
    )
    socket.on('end', () => socket.end())
    socket.on('close', () => resolve({answer: Buffer.concat(received).toString('utf8')}))
    socket.setTimeout(20_000, () => socket.destroy(new Error('timeout')))
    socket.write(Buffer.concat([Buffer.from(head), body]))
  })
}

const chunkedBytes = (text: string) => {
  const parts: string[] = []
  for (let at = 0; at < text.length; at += 8 * 1024) {
    const piece = text.slice(at, at + 8 * 1024)
    parts.push(`${Buffer.byteLength(piece).toString(16)}\r\n${piece}\r\n`)
  }
  return Buffer.from(`${parts.join('')}0\r\n\r\n`)
}

test('a client that writes the whole body before reading gets the whole answer, API and page form alike', async () => {
  test.setTimeout(90_000)
  const targets = [
    {path: '/api/booking-requests', type: 'application/json', json: true},
    {path: '/api/privacy-requests', type: 'application/json', json: true},
    // A page's plain form (the request page's answer to a cancelled departure).
    {
      path: `/requests/oversize-${token}/departure`,
      type: 'application/x-www-form-urlencoded',
      json: false,
    },
  ]
  for (const front of fronts) {
    const host = new URL(front).host
    for (const target of targets) {
      for (const [size, streamed] of [
        [JUST_OVER, false],
        [ONE_MIB, false],
        [ONE_MIB, true],
      ] as const) {
        const what = `${front}${target.path} ${size} bytes${streamed ? ', chunked' : ''}`
        const text = target.json
          ? jsonOf(size, {email: marker('raw')})
          : `choice=accept&note=${'x'.repeat(size)}`
        const headers = [
          `POST ${target.path} HTTP/1.1`,
          `Host: ${host}`,
          'Connection: close',
          ...Object.entries(headersFor(target.type)).map(([name, value]) => `${name}: ${value}`),
          streamed ? 'Transfer-Encoding: chunked' : `Content-Length: ${Buffer.byteLength(text)}`,
        ]
        const {answer, error} = await sendWhole(
          front,
          `${headers.join('\r\n')}\r\n\r\n`,
          streamed ? chunkedBytes(text) : Buffer.from(text),
        )
        expect(answer, `${what} (${error ?? 'closed'})`).toMatch(/^HTTP\/1\.1 413 /)
        const [responseHead, responseBody = ''] = answer.split('\r\n\r\n')
        if (target.json) {
          expect(responseHead, what).toMatch(/content-type: application\/problem\+json/i)
          expect(responseBody, what).toMatch(
            /"detail":"The request is too large: this address takes at most \d+ KB/,
          )
        } else {
          expect(responseHead, what).toMatch(/content-type: text\/plain/i)
          expect(responseBody, what).toMatch(/The form is too large: this page takes at most 16 KB/)
        }
      }
    }
  }
  const stored = await lakeClient({dataset: 'bookings'}).fetch<string[]>(
    `*[email == $email || to == $email]._id`,
    {email: marker('raw')},
  )
  expect(stored).toEqual([])
})

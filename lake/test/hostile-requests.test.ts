import net from 'node:net'

import type {SanityClient} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {createRandom} from '../src/testing/seeded-random.ts'
import {startTestLake, type TestLake} from '../src/testing/start-test-lake.ts'

// Whatever an anonymous client sends, the lake answers with a 4xx in Sanity's error shape (never a 5xx,
// never silence) and stores nothing. Requests go over raw sockets, so that broken escapes, odd methods
// and bodies reach the lake exactly as sent.
let lake: TestLake
let root: SanityClient
let port: number

beforeAll(async () => {
  lake = await startTestLake()
  root = lake.client({token: lake.secrets.rootToken})
  port = Number(new URL(lake.url).port)
  await root.create({_id: 'hostile-target', _type: 'note', title: 'Keep me'})
})
afterAll(() => lake.stop())

interface Answer {
  status: number
  /** Absent when Node's HTTP parser refused the request before the lake saw it (a bare 400). */
  contentType: string | undefined
  body: string
}

function send(method: string, target: string, options: {body?: string; headers?: Record<string, string>} = {}): Promise<Answer> {
  const body = options.body ?? ''
  const headers = {host: '127.0.0.1', connection: 'close', 'content-length': String(Buffer.byteLength(body)), ...options.headers}
  const head = `${method} ${target} HTTP/1.1\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`
  return new Promise((resolve, reject) => {
    // Written, not ended: a client that half-closes before the answer gets none from Node's server.
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head + body))
    let data = ''
    socket.setEncoding('utf8')
    socket.setTimeout(10_000, () => {
      socket.destroy()
      reject(new Error(`no answer to ${method} ${target.slice(0, 80)}`))
    })
    const answer = (): Answer => {
      const head = data.slice(0, data.indexOf('\r\n\r\n'))
      return {
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        contentType: /^content-type: *(.+)$/im.exec(head)?.[1],
        body: data.slice(head.length + 4),
      }
    }
    socket.on('data', (chunk: string) => {
      data += chunk
      // A listen stream that opened never ends by itself: its head is the answer.
      if (/\r\n\r\n/.test(data) && /^content-type: *text\/event-stream/im.test(data)) {
        socket.destroy()
        resolve(answer())
      }
    })
    socket.on('end', () => resolve(answer()))
    socket.on('error', reject)
  })
}

const rng = createRandom(1122)
const fragments = ['%', '%zz', '%E0%A4', '%00', '%2F', '..', '%2e%2e', '\u00e9', '%C0%AF', '%F0%9F%98', ';', '*', '"', "'", '<script>', 'a'.repeat(300)]
const endpoints = [
  'data/doc/production/',
  'data/doc/bookings/',
  'data/query/production?query=',
  'data/query/production?query=*&$p=',
  'data/listen/production?query=',
  'data/history/production/transactions/',
  'data/history/production/documents/',
  'data/export/',
  'data/live/events/',
  'users/',
  'users/me/keyvalue/',
  'projects/local/datasets/',
  'datasets/',
  'auth/login/lake?origin=',
  'auth/fetch?sid=',
  'assets/images/',
]

function generated(count: number): {method: string; target: string; body?: string}[] {
  const requests: {method: string; target: string; body?: string}[] = []
  for (let i = 0; i < count; i++) {
    const endpoint = rng.pick(endpoints)
    const junk = Array.from({length: 1 + rng.int(3)}, () => rng.pick(fragments)).join('')
    const method = rng.pick(['GET', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'TRACE', 'PROPFIND', 'get'])
    const body = method === 'GET' ? undefined : rng.pick(['', '{', '[]', 'null', '{"mutations": 5}', `{"a": "${junk}"}`, '\u0000\u0001', '{"query": {"x": 1}}'])
    requests.push({method, target: `/v${rng.pick(['1', '2025-02-19', 'X', 'bad'])}/${endpoint}${junk}`, body})
  }
  return requests
}

describe('hostile requests to the lake', () => {
  it('answers the ones found by probing with a 4xx, not a 500', async () => {
    const known: [string, string, string?][] = [
      ['GET', '/v1/data/doc/production/%'],
      ['GET', '/v1/data/doc/production/%zz'],
      ['GET', '/v1/users/%'],
      ['GET', '/v1/users/me/keyvalue/%E0%A4'],
      ['GET', '/studio/%'],
      ['PUT', '/v1/users/me/keyvalue', '{bad json'],
      ['PUT', '/v1/users/me/keyvalue', '{"a":"\ufffd"}'],
      ['PUT', '/v1/users/me/keyvalue', JSON.stringify([{value: 1}])],
      ['TRACE', '/v1/ping'],
      ['GET', '/v1/users/me/keyvalue/studio.settings'],
      ['PROPFIND', '/v1/data/query/production?query=*'],
      ['GET', `/v1/data/query/production?query=${'('.repeat(5000)}1${')'.repeat(5000)}`],
      ['GET', '/v1/data/query/production?query=*&$p=%7B'],
    ]
    for (const [method, target, body] of known) {
      const answer = await send(method, target, {body})
      expect(answer.status, `${method} ${target.slice(0, 60)}`).toBeGreaterThanOrEqual(400)
      expect(answer.status, `${method} ${target.slice(0, 60)}`).toBeLessThan(500)
    }
  })

  it('answers 600 generated ones with a 4xx or a success, in Sanity’s error shape, and stores nothing', async () => {
    const before = await root.fetch('count(*)', {}, {perspective: 'raw'})
    const failures: string[] = []
    const requests = generated(600)
    for (let i = 0; i < requests.length; i += 8) {
      const answers = await Promise.all(requests.slice(i, i + 8).map((request) => send(request.method, request.target, {body: request.body}).then((answer) => ({request, answer}))))
      for (const {request, answer} of answers) {
        if (answer.status === 0 || answer.status >= 500) failures.push(`${answer.status} ${request.method} ${request.target}`)
        else if (answer.status >= 400 && answer.contentType !== undefined && /^\/v[^/]+\/data\//.test(request.target) && !answer.body.trim().startsWith('{')) {
          failures.push(`not JSON: ${request.method} ${request.target}`)
        }
      }
    }
    expect(failures).toEqual([])
    expect(await root.fetch('count(*)', {}, {perspective: 'raw'})).toBe(before)
    expect(await root.getDocument('hostile-target')).toMatchObject({title: 'Keep me'})
  }, 60_000)
})

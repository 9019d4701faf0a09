// @vitest-environment node
import {createServer, type IncomingMessage, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'

import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'

import {readServerEnv} from '../env.ts'
import {purgeTarget} from './purge-targets.ts'

type Seen = {method: string; url: string; headers: IncomingMessage['headers']; body: string}

let server: Server
let base: string
let seen: Seen[]
let status = 200

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      seen.push({method: req.method!, url: req.url!, headers: req.headers, body})
      res
        .writeHead(status)
        .end(
          status === 200 ? '{"success":true}' : '{"success":false,"errors":[{"message":"nope"}]}',
        )
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => server?.close())
beforeEach(() => {
  seen = []
  status = 200
})

const tags = (n: number) => Array.from({length: n}, (_, i) => `s1:tag${i}`)

describe('purge targets: one interface, each cache’s own API', () => {
  it('Varnish: PURGE with the keys in xkey-purge and the purge token', async () => {
    await purgeTarget({kind: 'varnish', url: `${base}/`, token: 'tok-1'}).purge(['pages', 's1:abc'])
    expect(seen).toEqual([expect.objectContaining({method: 'PURGE', url: '/'})])
    expect(seen[0]!.headers['xkey-purge']).toBe('pages s1:abc')
    expect(seen[0]!.headers['x-purge-token']).toBe('tok-1')
  })

  it('Cloudflare: purge_cache with tags, at most 100 a call, with the token', async () => {
    await purgeTarget({
      kind: 'cloudflare',
      zoneId: 'zone 1',
      token: 'cf-token',
      apiUrl: base,
    }).purge(tags(150))
    expect(seen.map((s) => [s.method, s.url])).toEqual([
      ['POST', '/zones/zone%201/purge_cache'],
      ['POST', '/zones/zone%201/purge_cache'],
    ])
    expect(seen[0]!.headers.authorization).toBe('Bearer cf-token')
    expect((JSON.parse(seen[0]!.body) as {tags: string[]}).tags).toHaveLength(100)
    expect((JSON.parse(seen[1]!.body) as {tags: string[]}).tags).toEqual(tags(150).slice(100))
  })

  it('Fastly: purge with the keys in Surrogate-Key and the Fastly-Key, at most 256 a call', async () => {
    await purgeTarget({
      kind: 'fastly',
      serviceId: 'svc',
      token: 'fastly-token',
      apiUrl: base,
    }).purge(tags(300))
    expect(seen.map((s) => [s.method, s.url])).toEqual([
      ['POST', '/service/svc/purge'],
      ['POST', '/service/svc/purge'],
    ])
    expect(seen[0]!.headers['fastly-key']).toBe('fastly-token')
    expect(String(seen[0]!.headers['surrogate-key']).split(' ')).toHaveLength(256)
  })

  it('any other cache: the tags as JSON, with a bearer token when configured', async () => {
    await purgeTarget({kind: 'generic', url: `${base}/purge`, token: 'secret'}).purge(['pages'])
    expect(seen[0]).toMatchObject({method: 'POST', url: '/purge', body: '{"tags":["pages"]}'})
    expect(seen[0]!.headers.authorization).toBe('Bearer secret')
  })

  it('a refused purge is an error, so the purger tries again and reports it', async () => {
    status = 403
    await expect(
      purgeTarget({kind: 'cloudflare', zoneId: 'z', token: 't', apiUrl: base}).purge(['pages']),
    ).rejects.toThrow(/Cloudflare refused the purge: 403/)
  })
})

describe('EDGE_PURGE', () => {
  it('names what each kind of cache needs, and configures none by default', () => {
    expect(readServerEnv({}).edgePurge).toBeUndefined()
    expect(() => readServerEnv({EDGE_PURGE: 'cloudflare'})).toThrow(
      /EDGE_PURGE_ZONE: Required with EDGE_PURGE=cloudflare[\s\S]*EDGE_PURGE_TOKEN: Required/,
    )
    expect(() => readServerEnv({EDGE_PURGE: 'varnish'})).toThrow(
      /EDGE_PURGE_URL: Required[\s\S]*EDGE_PURGE_TOKEN: Required/,
    )
    expect(() => readServerEnv({EDGE_PURGE: 'akamai'})).toThrow(/EDGE_PURGE/)
    expect(
      readServerEnv({EDGE_PURGE: 'fastly', EDGE_PURGE_ZONE: 'svc', EDGE_PURGE_TOKEN: 't'})
        .edgePurge,
    ).toEqual({
      kind: 'fastly',
      serviceId: 'svc',
      token: 't',
    })
  })
})

/**
 * The server's lake clients when the lake turns requests away with 429 (docs/decisions/218-lake-clients-retry-429.md):
 * through a stub in front of a real test lake that refuses the first requests, a read and a mutation are each sent
 * again after the `Retry-After` the lake gave, and the mutation is applied once; a mutation answered 503 (it may have
 * been applied) is not sent again.
 */
import http from 'node:http'
import type {AddressInfo} from 'node:net'

import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {createBookingsClient} from './sanity-client.ts'

let lake: TestLake
let stub: http.Server
let stubUrl: string
/** Requests to turn away next, by the path they start with, each with the status and headers to answer. */
let refusals: {path: string; status: number; headers: Record<string, string>}[] = []
let seen: {method: string; path: string; forwarded: boolean}[] = []
let waits: number[] = []

beforeAll(async () => {
  lake = await startTestLake()
  stub = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const path = req.url ?? '/'
      const refusal = refusals.findIndex((r) => path.startsWith(r.path))
      if (refusal !== -1) {
        const [{status, headers}] = refusals.splice(refusal, 1) as [(typeof refusals)[number]]
        seen.push({method: req.method ?? 'GET', path, forwarded: false})
        res.writeHead(status, {'content-type': 'application/json', ...headers})
        res.end(JSON.stringify({error: {type: 'rateLimited', description: 'Too many queries waiting'}}))
        return
      }
      seen.push({method: req.method ?? 'GET', path, forwarded: true})
      const headers = new Headers()
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string' && name !== 'host' && name !== 'content-length') headers.set(name, value)
      void fetch(`${lake.url}${path}`, {
        method: req.method,
        headers,
        ...(chunks.length ? {body: Buffer.concat(chunks)} : {}),
      }).then(async (answer) => {
        res.writeHead(answer.status, {'content-type': answer.headers.get('content-type') ?? 'application/json'})
        res.end(Buffer.from(await answer.arrayBuffer()))
      })
    })
  })
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve))
  stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`
  await lake
    .client({token: lake.secrets.writeToken, dataset: 'bookings'})
    .createOrReplace({_id: 'counter', _type: 'counter', count: 0})
})

afterAll(async () => {
  await new Promise((resolve) => stub?.close(resolve))
  await lake?.stop()
})

beforeEach(() => {
  refusals = []
  seen = []
  waits = []
})

/** The server's bookings client, through the stub; its waits are recorded instead of slept. */
const serverClient = () =>
  createBookingsClient(
    {
      sanity: {
        projectId: lake.client().config().projectId!,
        dataset: 'production',
        bookingsDataset: 'bookings',
        apiHost: stubUrl,
        apiVersion: '2025-02-19',
      },
      writeToken: lake.secrets.writeToken,
    },
    {
      sleep: async (ms) => {
        waits.push(ms)
      },
    },
  )

const tooMany = (path: string, times: number) =>
  Array.from({length: times}, () => ({path, status: 429, headers: {'retry-after': '1'}}))

describe('the server’s lake clients', () => {
  it('send a read the lake turned away with 429 again after its Retry-After, until it is answered', async () => {
    // More refusals than @sanity/client's own five retries would take.
    refusals = tooMany('/v2025-02-19/data/query/bookings', 6)
    const count = await serverClient().fetch<number>('*[_id == "counter"][0].count')
    expect(count).toBe(0)
    expect(seen.map((s) => s.forwarded)).toEqual([false, false, false, false, false, false, true])
    expect(waits).toHaveLength(6)
    for (const wait of waits) expect(wait).toBeGreaterThanOrEqual(1000)
  })

  it('send a mutation the lake turned away with 429 again, and it is applied once', async () => {
    refusals = tooMany('/v2025-02-19/data/mutate/bookings', 2)
    await serverClient().patch('counter').inc({count: 1}).commit()
    const mutations = seen.filter((s) => s.path.startsWith('/v2025-02-19/data/mutate/'))
    expect(mutations.map((s) => s.forwarded)).toEqual([false, false, true])
    expect(waits).toHaveLength(2)
    for (const wait of waits) expect(wait).toBeGreaterThanOrEqual(1000)
    const stored = await lake.client({token: lake.secrets.writeToken, dataset: 'bookings'}).getDocument('counter')
    expect(stored?.count).toBe(1)
  })

  it('never send a mutation again after a 503: it may have been applied', async () => {
    refusals = [{path: '/v2025-02-19/data/mutate/bookings', status: 503, headers: {'retry-after': '1'}}]
    await expect(serverClient().patch('counter').inc({count: 1}).commit()).rejects.toMatchObject({
      statusCode: 503,
    })
    expect(seen.filter((s) => s.path.startsWith('/v2025-02-19/data/mutate/'))).toHaveLength(1)
    expect(waits).toEqual([])
  })

  it('give up on a Retry-After beyond the longest wait, answering the 429', async () => {
    refusals = [{path: '/v2025-02-19/data/query/bookings', status: 429, headers: {'retry-after': '3600'}}]
    await expect(serverClient().fetch('*[_id == "counter"][0].count')).rejects.toMatchObject({statusCode: 429})
    expect(seen).toHaveLength(1)
    expect(waits).toEqual([])
  })
})

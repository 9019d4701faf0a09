import type {SanityClient} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {lakeConfigFromEnv} from '../src/config.ts'
import {scaledBudget} from '../src/testing/busy-machine.ts'
import {timedPing} from '../src/testing/ping.ts'
import {startTestLake, type TestLake} from '../src/testing/start-test-lake.ts'

// The query of docs/decisions/016-groq-in-worker-threads.md: on the old lake it ran for 38.8 s on the main thread and
// every other request (a ping included) waited for it.
const BOMB = 'count(*[count(*[count(*[count(*[count(*[0...5])>0])>0])>0]) > 0])'
const DOCUMENTS = 200

async function seed(root: SanityClient) {
  await root.mutate(
    Array.from({length: DOCUMENTS}, (_, n) => ({
      createOrReplace: {_id: `filler-${n}`, _type: 'filler', n},
    })),
  )
}

describe('query cost limit (default configuration)', () => {
  let lake: TestLake
  let root: SanityClient
  let anonymous: SanityClient
  beforeAll(async () => {
    lake = await startTestLake()
    root = lake.client({token: lake.secrets.rootToken})
    anonymous = lake.client({perspective: 'published'})
    await seed(root)
    await anonymous.fetch('count(*)') // workers started and loaded
  })
  afterAll(() => lake.stop())

  it('refuses a nested GROQ bomb at once with a 400 in the usual error shape', async () => {
    const started = performance.now()
    await expect(anonymous.fetch(BOMB)).rejects.toMatchObject({
      statusCode: 400,
      response: {
        body: {error: {type: 'queryExecutionError', description: expect.stringMatching(/too expensive/), query: BOMB}},
      },
    })
    expect(performance.now() - started).toBeLessThan(1000)
  })

  it('still runs a query with one nested scan', async () => {
    const result = await anonymous.fetch('*[_type == "filler" && n < 2] | order(n asc) {n, "all": count(*[_type == ^._type])}')
    expect(result).toEqual([
      {n: 0, all: DOCUMENTS},
      {n: 1, all: DOCUMENTS},
    ])
  })

  it('refuses a bomb hidden in a mutation query and changes nothing', async () => {
    await expect(
      root.mutate([{delete: {query: `*[_type == "filler" && ${BOMB} > 0]`}}]),
    ).rejects.toMatchObject({statusCode: 400})
    expect(await root.fetch('count(*[_type == "filler"])')).toBe(DOCUMENTS)
  })
})

describe('query time limit', () => {
  // Two seconds on an idle machine, more on a loaded one: the bomb runs 38.8 s without the limit.
  const TIME_LIMIT_MS = scaledBudget(2_000, 10_000)
  let lake: TestLake
  let root: SanityClient
  let anonymous: SanityClient
  beforeAll(async () => {
    // A cost limit high enough to let the bomb run, to prove that the time limit ends it.
    lake = await startTestLake({
      queryTimeoutMs: TIME_LIMIT_MS,
      maxQueryCost: 1e15,
    })
    root = lake.client({token: lake.secrets.rootToken})
    anonymous = lake.client({perspective: 'published'})
    await seed(root)
    await anonymous.fetch('count(*)') // workers started and loaded
  })
  afterAll(() => lake.stop())

  it('keeps pings, writes and other queries fast while a bomb runs, then ends the bomb with a 408', async () => {
    const started = performance.now()
    // Whether the bomb has ended: a ping, write or query answered while it still runs was not held behind it,
    // whatever the machine's speed (on the old lake each waited for the bomb to end).
    let bombEnded = false
    // Sent with a token, so the time limit is TIME_LIMIT_MS (an anonymous client's is its own, shorter one).
    const bomb = root.fetch(BOMB).then(
      () => null,
      (error: unknown) => error,
    )
    void bomb.finally(() => (bombEnded = true))
    await new Promise((resolve) => setTimeout(resolve, 300))

    for (let attempt = 0; attempt < 3; attempt++) {
      await timedPing(lake.url)
      expect(bombEnded, 'a ping answered while the bomb runs').toBe(false)
    }

    // Read-your-writes: a query sent after the write was acknowledged sees it.
    await root.create({_id: 'during-bomb', _type: 'note', title: 'Written during the bomb'})
    expect(bombEnded, 'a write answered while the bomb runs').toBe(false)
    expect(await anonymous.fetch('*[_id == "during-bomb"][0].title')).toBe('Written during the bomb')
    expect(bombEnded, 'a query answered while the bomb runs').toBe(false)

    const error = await bomb
    expect(error).toMatchObject({
      statusCode: 408,
      response: {body: {error: {type: 'queryTimeout', description: expect.stringMatching(/timed out/), query: BOMB}}},
    })
    const elapsed = performance.now() - started
    expect(elapsed).toBeGreaterThan(TIME_LIMIT_MS - 100)
    expect(elapsed).toBeLessThan(TIME_LIMIT_MS + scaledBudget(2_000, 10_000))

    // The worker that ran the bomb was replaced by one that sees everything written so far.
    await root.create({_id: 'after-bomb', _type: 'note', title: 'Written after'})
    const [first, second] = await Promise.all([
      anonymous.fetch('*[_type == "note"] | order(_id asc).title'),
      anonymous.fetch('*[_type == "note"] | order(_id asc).title'),
    ])
    expect(first).toEqual(['Written after', 'Written during the bomb'])
    expect(second).toEqual(first)
  }, 60_000)
})

describe('query limit settings', () => {
  it('reads the limits from the environment, empty meaning the default', () => {
    expect(lakeConfigFromEnv({LAKE_QUERY_TIMEOUT_MS: '1500', LAKE_QUERY_MAX_COST: ''})).toMatchObject({
      queryTimeoutMs: 1500,
      maxQueryCost: 1e8,
    })
  })

  it.each(['0', '-5', '1.5', 'soon', '1e400'])('refuses LAKE_QUERY_TIMEOUT_MS=%s', (value) => {
    expect(() => lakeConfigFromEnv({LAKE_QUERY_TIMEOUT_MS: value})).toThrow(/LAKE_QUERY_TIMEOUT_MS must be a positive whole number/)
  })
})

import {afterEach, describe, expect, it} from 'vitest'

import type {SanityDocument} from '../store/types.ts'
import {scaledBudget} from '../testing/busy-machine.ts'
import {QueryPool, type QueryClient, type QueryJob} from './query-pool.ts'

// About a second of evaluation on 200 documents (the nested-count bomb of
// docs/decisions/016-groq-in-worker-threads.md, one level shallower).
const SLOW = 'count(*[count(*[count(*[count(*[0...5])>0])>0]) > 0])'
const documents: SanityDocument[] = Array.from({length: 200}, (_, n) => ({
  _id: `filler-${n}`,
  _type: 'filler',
  _rev: 'r',
  _createdAt: '2026-01-01T00:00:00Z',
  _updatedAt: '2026-01-01T00:00:00Z',
  n,
}))
const job = (query: string): QueryJob => ({
  dataset: 'production',
  perspective: {kind: 'raw'},
  query,
  params: {},
  projectId: 'local',
  maxCost: Number.MAX_SAFE_INTEGER,
})
const editor: QueryClient = {key: 'principal:editor', privileged: true}
const run = async (pool: QueryPool, query: string, timeoutMs: number) => {
  const answer = await pool.query(job(query), {client: editor, timeoutMs, maxResultBytes: 1e6})
  return {result: JSON.parse(Buffer.from(answer.json).toString('utf8')) as unknown}
}
const waitFor = async (condition: () => boolean, ms: number) => {
  const until = Date.now() + ms
  while (!condition() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20))
}

let pool: QueryPool | undefined
afterEach(async () => {
  await pool?.close()
})

describe('QueryPool', () => {
  it('keeps one worker, starts another while it is busy, and ends the extra one when it has been idle', async () => {
    pool = new QueryPool({snapshot: () => [['production', documents]], size: 2, idleWorkerMs: 300})
    expect(pool.workers).toBe(1)
    for (let n = 0; n < 5; n++)
      expect(await run(pool, 'count(*)', 10_000)).toEqual({result: 200})
    expect(pool.workers).toBe(1)

    // Minutes of work, stopped at its deadline: 3 s, longer on a loaded machine, where the second worker takes longer
    // to start (docs/decisions/179).
    let slowEnded = false
    const slow = run(pool, `count(*[${SLOW} > 0])`, scaledBudget(3_000, 30_000))
      .catch((error: unknown) => error)
      .finally(() => (slowEnded = true))
    await new Promise((resolve) => setTimeout(resolve, 100))
    // Answered by a second worker, not after the slow query: while it still runs, however long the new worker
    // took to start on a busy machine.
    expect(await run(pool, '*[n == 7][0]._id', 10_000)).toEqual({result: 'filler-7'})
    expect(slowEnded).toBe(false)
    // Two busy, and (once both were busy at the same moment) one spare loaded so that a stopped worker's
    // replacement is ready.
    expect(pool.workers).toBeGreaterThanOrEqual(2)
    expect(pool.workers).toBeLessThanOrEqual(3)
    expect(await slow).toMatchObject({status: 408, type: 'queryTimeout'})

    await waitFor(() => pool!.workers === 1, scaledBudget(3_000, 30_000))
    expect(pool.workers).toBe(1)
    expect(await run(pool, 'count(*)', 10_000)).toEqual({result: 200})
  }, 90_000)

  it('answers a burst of quick work with the workers it has, starting none for work that waits only briefly', async () => {
    pool = new QueryPool({snapshot: () => [['production', documents]], size: 4, spawnAfterMs: 5_000})
    const answers = await Promise.all(Array.from({length: 40}, (_, n) => run(pool!, `${n} + count(*)`, 10_000)))
    expect(answers.map((answer) => answer.result)).toEqual(Array.from({length: 40}, (_, n) => n + 200))
    // Each worker holds every document: a second, and spares after it, would be memory for nothing.
    expect(pool.workers).toBe(1)
  })

  it('gives a token holder a spare worker when the pool is full, rather than a wait behind another one\'s long query', async () => {
    pool = new QueryPool({snapshot: () => [['production', documents]], size: 2, spawnAfterMs: 10})
    // Minutes of work: both are stopped at their deadline.
    const slowest = `count(*[${SLOW} > 0])`
    const anonymous: QueryClient = {key: 'address:10.0.0.1', privileged: false}
    const held = [
      run(pool, slowest, 6_000).catch((error: unknown) => error),
      pool.query(job(slowest), {client: anonymous, timeoutMs: 6_000, maxResultBytes: 1e6}).catch((error: unknown) => error),
    ]
    await waitFor(() => pool!.workers === 2, 5_000)
    await new Promise((resolve) => setTimeout(resolve, 200))
    const site: QueryClient = {key: 'principal:site', privileged: true}
    const started = performance.now()
    const answer = await pool.query(job('count(*)'), {client: site, timeoutMs: 10_000, maxResultBytes: 1e6})
    expect(JSON.parse(Buffer.from(answer.json).toString('utf8'))).toBe(200)
    // A worker loading on a busy machine, not the 6 s deadline of the query ahead of it.
    expect(performance.now() - started).toBeLessThan(4_000)
    expect(pool.workers).toBe(3)
    for (const error of await Promise.all(held)) expect(error).toMatchObject({status: 408})
  }, 20_000)

  it('starts a worker from the documents as they are now, not as they were when the last one started', async () => {
    let current = documents
    pool = new QueryPool({snapshot: () => [['production', current]], size: 2, spawnAfterMs: 10})
    expect(await run(pool, 'count(*)', 10_000)).toEqual({result: 200})
    // A new list, as the dataset makes one at each change (what a change sends running workers is not sent here).
    current = documents.slice(0, 150)
    const slow = run(pool, SLOW, 1_000).catch((error: unknown) => error)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await run(pool, 'count(*)', 10_000)).toEqual({result: 150})
    await slow
  })

  it('answers a listener whether each document matches, not with the matching documents', async () => {
    pool = new QueryPool({snapshot: () => [['production', documents]]})
    const [seven, eight] = [documents[7]!, documents[8]!]
    const options = {client: editor, timeoutMs: 10_000}
    expect(await pool.each('*[n == 7]', {}, [seven, eight, null], {...options, matches: true})).toEqual([true, false, false])
    expect(await pool.each('*[n == 7]', {}, [seven, eight], options)).toEqual([[seven], []])
  })

  it('never runs more workers than its size (and one spare), and queues the rest', async () => {
    pool = new QueryPool({
      snapshot: () => [['production', documents]],
      size: 2,
      idleWorkerMs: 60_000,
    })
    const answers = await Promise.all(
      Array.from({length: 6}, (_, n) => run(pool!, `${n} + count(*)`, 10_000)),
    )
    expect(answers.map((answer) => answer.result)).toEqual([200, 201, 202, 203, 204, 205])
    expect(pool.workers).toBeLessThanOrEqual(3)
  })
})

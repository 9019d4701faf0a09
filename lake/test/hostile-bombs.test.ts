import type {SanityClient} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {DEFAULT_ANONYMOUS_QUERY_TIMEOUT_MS} from '../src/config.ts'
import {machineLoadFactor, scaledBudget} from '../src/testing/busy-machine.ts'
import {bombTargets, generateBombs, type Bomb} from '../src/testing/groq-bombs.ts'
import {startHostileClients} from '../src/testing/hostile-clients.ts'
import {pingContinuously} from '../src/testing/ping.ts'
import {queryUrl, requestFrom, type Answer} from '../src/testing/request-from.ts'
import {createRandom} from '../src/testing/seeded-random.ts'
import {startTestLake, type TestLake} from '../src/testing/start-test-lake.ts'

/**
 * Generated GROQ bombs of every shape (array literals, array and string parameters, functions that
 * make arrays, `^` over nested scans, oversized results, prototype-named parameters, deep nesting),
 * and a shortened run of the hostile-load bench (`npm run bench -- hostile`).
 */
const seed = Number(process.env.HOSTILE_SEED ?? 30)
const percentile = (samples: number[], p: number) => {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}
const post = (lake: TestLake, localAddress: string, bomb: Bomb) =>
  requestFrom(`${lake.url}/v2025-02-19/data/query/production`, {
    localAddress,
    body: JSON.stringify({query: bomb.query, params: bomb.params}),
    maxBodyBytes: 1024 * 1024,
  })

describe('generated GROQ bombs', () => {
  const DEADLINE_MS = 300
  let lake: TestLake
  beforeAll(async () => {
    lake = await startTestLake({anonymousQueryTimeoutMs: DEADLINE_MS})
    const root = lake.client({token: lake.secrets.rootToken})
    await root.mutate(bombTargets().map((doc) => ({createOrReplace: doc})))
  })
  afterAll(() => lake.stop())

  it(`answers each of 210 (seed ${seed}) with a result or a 4xx within the deadline, each from its own address, pings unaffected`, async () => {
    const bombs = generateBombs(createRandom(seed), 210)
    expect(new Set(bombs.map((bomb) => bomb.family)).size).toBe(7)
    const pings = pingContinuously(lake.url)
    const answers: {bomb: Bomb; answer: Answer}[] = []
    let next = 0
    await Promise.all(
      Array.from({length: 8}, async () => {
        while (next < bombs.length) {
          const index = next++
          const bomb = bombs[index]!
          answers.push({bomb, answer: await post(lake, `127.1.${Math.floor(index / 200)}.${(index % 200) + 2}`, bomb)})
        }
      }),
    )
    const times = await pings.stop()
    for (const {bomb, answer} of answers) {
      const label = `${bomb.family}: ${bomb.query.slice(0, 80)}`
      expect([200, 400, 408, 429], label).toContain(answer.status)
      // The deadline counts the work; waiting for one of three workers behind the other seven adds a few turns, more
      // on a loaded machine (docs/decisions/179); a bomb left to run takes tens of seconds.
      expect(answer.ms, label).toBeLessThan(DEADLINE_MS + scaledBudget(2500, 10_000))
    }
    // 300 ms on an idle machine; a loaded one stretches every ping alike (docs/decisions/179).
    expect(percentile(times, 99)).toBeLessThan(scaledBudget(300))
    const statuses = new Set(answers.map(({answer}) => answer.status))
    expect(statuses).toContain(408)
    expect(statuses).toContain(400)
    // A hang guard: 33 s on an idle machine, 70 s at a load average of 19 (the bounds above are the test).
  }, 300_000)
})

describe('hostile load, shortened (the bench runs it for 60 s with the site)', () => {
  const SECONDS = 12
  let lake: TestLake
  let editor: SanityClient
  beforeAll(async () => {
    lake = await startTestLake()
    editor = lake.client({token: lake.secrets.editorToken, perspective: 'drafts'})
    const root = lake.client({token: lake.secrets.rootToken})
    await root.mutate(bombTargets().map((doc) => ({createOrReplace: doc})))
    await root.mutate(
      Array.from({length: 30}, (_, n) => ({createOrReplace: {_id: `experience-${n}`, _type: 'experience', title: `Experience ${n}`, order: n}})),
    )
  })
  afterAll(() => lake.stop())

  it(`keeps ordinary readers, an editor and pings fast while 8 clients send bombs without pause for ${SECONDS} s`, async () => {
    const until = performance.now() + SECONDS * 1000
    const pings = pingContinuously(lake.url)
    // The attackers in a worker thread: this test's thread is also the lake's, and only the lake's work may count.
    const attack = startHostileClients({lake: lake.url, clients: 8, seconds: SECONDS, seed: seed + 1, addressPrefix: '127.2.0'})
    const ordinary: Answer[] = []
    const editorTimes: number[] = []
    const [hostile] = await Promise.all([
      attack,
      ...Array.from({length: 3}, async (_, client) => {
        while (performance.now() < until) {
          const query = '*[_type == "experience"] | order(order asc)[0...12]{_id, title}'
          ordinary.push(await requestFrom(queryUrl(lake.url, 'production', query), {localAddress: `127.3.0.${client + 2}`}))
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
      }),
      (async () => {
        while (performance.now() < until) {
          const started = performance.now()
          await editor.fetch('count(*[_type == "experience"])')
          editorTimes.push(performance.now() - started)
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
      })(),
    ])
    const times = await pings.stop()
    // The attack did take place: fewer requests get out on a loaded machine (docs/decisions/179).
    expect(hostile.length).toBeGreaterThan(Math.floor(50 / machineLoadFactor()))
    expect(hostile.filter((answer) => answer.status >= 500)).toEqual([])
    expect(ordinary.filter((answer) => answer.status !== 200).map((answer) => answer.body)).toEqual([])
    // The bench holds the goals (p95 ≤ 1 s, ping p99 ≤ 200 ms) over 60 s; these 12 s are the attack's opening
    // burst (every attacker with its whole budget) on a machine shared with the rest of the suite, hence the margin.
    // The lake before workers and budgets answered the first ordinary query after 8 s and more.
    // Scaled with the machine's load, and under the 8 s the lake before workers and budgets took.
    expect(percentile(ordinary.map((answer) => answer.ms), 95)).toBeLessThan(scaledBudget(1500, 5_000))
    expect(percentile(editorTimes, 95)).toBeLessThan(scaledBudget(1500, 5_000))
    // Scaled with the machine's load, and always under the anonymous deadline a bomb on the lake's thread would hold
    // a ping for (docs/decisions/179).
    expect(percentile(times, 99)).toBeLessThan(scaledBudget(300, DEFAULT_ANONYMOUS_QUERY_TIMEOUT_MS))
    expect(process.memoryUsage().rss).toBeLessThan(1024 * 1024 * 1024)
  }, 180_000)
})

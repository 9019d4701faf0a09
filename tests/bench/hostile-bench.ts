import fs from 'node:fs'

import {startHostileClients} from '../../lake/src/testing/hostile-clients.ts'
import {queryUrl, requestFrom, type Answer} from '../../lake/src/testing/request-from.ts'
import {startProduct} from './start-product.ts'
import {percentile, type BenchResult} from './stats.ts'

/**
 * `npm run bench -- hostile`: the product as `npm start` runs it, while 8 anonymous clients send GROQ bombs of
 * every shape (array literals, array and string parameters, functions that make arrays, `^` over nested scans,
 * oversized results, prototype-named parameters, deep nesting, listen filters) without pause for 60 s, each from
 * its own loopback address. Meanwhile ordinary clients load the site's pages and query the lake, and `/v1/ping`
 * is timed. Goals: ordinary lake queries p95 ≤ 1 s, pages 200 with p95 ≤ 1.5 s, ping p99 ≤ 200 ms, lake memory
 * ≤ 1 GB, no 5xx.
 */
const SITE_PORT = 3210
const LAKE_PORT = 3543
const SECONDS = Number(process.env.HOSTILE_SECONDS ?? 60)
const HOSTILE_CLIENTS = 8
const PAGES = ['/', '/experiences', '/experiences/lions-head-sunset-hike', '/stories/cape-jazz-scene']
const ORDINARY_QUERIES = [
  '*[_type == "experience"] | order(title asc)[0...12]{_id, title, "slug": slug.current}',
  '*[_type == "experience" && slug.current == $slug][0]{title, price}',
  'count(*[_type == "story"])',
]

/** The lake's process: the one started with this data folder. */
function lakePid(dataDir: string): number | undefined {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8')
      if (!cmdline.includes('lake/src/main.ts')) continue
      if (fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').includes(`DATA_DIR=${dataDir}`)) return Number(entry)
    } catch {
      // The process ended meanwhile.
    }
  }
  return undefined
}

function residentMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
  return Math.round(kb / 1024)
}

export async function benchHostile(): Promise<BenchResult[]> {
  const product = await startProduct('hostile', {sitePort: SITE_PORT, lakePort: LAKE_PORT})
  const lake = `http://127.0.0.1:${LAKE_PORT}`
  const pid = lakePid(product.dataDir)
  try {
    const slug = 'lions-head-sunset-hike'
    // The same machine without the attack, first: what a busy shared machine costs a ping on its own.
    const baseline: number[] = []
    for (const quiet = performance.now() + 10_000; performance.now() < quiet; ) {
      const answer = await requestFrom(`${lake}/v1/ping`, {localAddress: '127.0.4.2'})
      baseline.push(answer.ms)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const until = performance.now() + SECONDS * 1000
    // In a worker thread, so that the attackers' own work does not slow the measurements taken here.
    const attack = startHostileClients({lake, clients: HOSTILE_CLIENTS, seconds: SECONDS, seed: 60, addressPrefix: '127.0.1', listenEvery: 10})
    const lakeQueries: Answer[] = []
    const pages: Answer[] = []
    const pings: number[] = []
    const memory: number[] = []
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
    const [hostile] = await Promise.all([
      attack,
      // Ordinary readers of the lake, each from its own address, as browsers are.
      ...Array.from({length: 4}, async (_, client) => {
        for (let n = 0; performance.now() < until; n++) {
          const query = ORDINARY_QUERIES[n % ORDINARY_QUERIES.length]!
          lakeQueries.push(
            await requestFrom(queryUrl(lake, 'production', query, query.includes('$slug') ? {slug} : {}), {
              localAddress: `127.0.2.${client + 2}`,
            }).catch((error: Error) => ({status: 599, headers: {}, body: error.message, ms: 0})),
          )
          await pause(200)
        }
      }),
      // Visitors loading the site's pages.
      ...Array.from({length: 4}, async (_, client) => {
        for (let n = client; performance.now() < until; n++) {
          pages.push(
            await requestFrom(`${product.siteUrl.replace('localhost', '127.0.0.1')}${PAGES[n % PAGES.length]}`, {
              localAddress: `127.0.3.${client + 2}`,
              maxBodyBytes: 4 * 1024 * 1024,
            }).catch((error: Error) => ({status: 599, headers: {}, body: error.message, ms: 0})),
          )
          await pause(250)
        }
      }),
      (async () => {
        while (performance.now() < until) {
          const answer = await requestFrom(`${lake}/v1/ping`, {localAddress: '127.0.4.2'})
          pings.push(answer.status === 200 ? answer.ms : Number.POSITIVE_INFINITY)
          await pause(100)
        }
      })(),
      (async () => {
        while (pid && performance.now() < until) {
          memory.push(residentMb(pid))
          await pause(1000)
        }
      })(),
    ])
    const statuses = (answers: {status: number}[]) => {
      const counts: Record<number, number> = {}
      for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1
      return Object.entries(counts)
        .map(([status, count]) => `${status}×${count}`)
        .join(' ')
    }
    const fivexx = [...hostile, ...lakeQueries, ...pages].filter((answer) => answer.status >= 500).length
    // An attacker's connection closed before it read the answer: refused (429) before its large body was read.
    const reset = hostile.filter((answer) => answer.status === 0).length
    return [
      {
        name: `hostile: ordinary lake queries under ${HOSTILE_CLIENTS} bombing clients (${SECONDS} s)`,
        unit: 'ms',
        samples: lakeQueries.map((answer) => answer.ms),
        extra: {statuses: statuses(lakeQueries)},
      },
      {
        name: 'hostile: site pages',
        unit: 'ms',
        samples: pages.map((answer) => answer.ms),
        extra: {statuses: statuses(pages)},
      },
      {
        name: 'hostile: /v1/ping',
        unit: 'ms',
        samples: pings,
        extra: {p99: Math.round(percentile(pings, 99)), p99WithoutAttack: Math.round(percentile(baseline, 99))},
      },
      {name: 'hostile: lake resident memory, highest', unit: 'MB', samples: [Math.max(0, ...memory)]},
      {
        name: 'hostile: bombs answered',
        unit: 'ms',
        samples: hostile.map((answer) => answer.ms),
        extra: {statuses: statuses(hostile), fivexx, reset},
      },
    ]
  } finally {
    await product.stop()
  }
}

import {spawn, type ChildProcess} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type {BenchResult} from './stats.ts'

/**
 * The lake on a generated dataset of 10,000 bookings, as its own process, measured over HTTP
 * the way the site, the functions and the studio use it.
 */
const root = path.resolve(import.meta.dirname, '../..')
const DOCUMENTS = 10_000
const FIRST_NAMES = [
  'Thandi',
  'Sipho',
  'Emma',
  'Liam',
  'Aisha',
  'Pieter',
  'Naledi',
  'Oliver',
  'Zanele',
  'Sophie',
]
const EXPERIENCES = [
  "Lion's Head Sunset Hike",
  'Cape Winelands Tour',
  'Bo-Kaap Food Walk',
  'Township Jazz Night',
  'Cape Point & Penguins',
  'Sunset Cruise',
]
const STATUSES = ['new', 'contacted', 'confirmed', 'declined', 'closed']

function startLake(dataDir: string): Promise<{url: string; child: ChildProcess}> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'lake/src/main.ts')], {
      env: {...process.env, DATA_DIR: dataDir, LAKE_PORT: '0', LAKE_TLS_PORT: '0'},
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /Content lake: (http:\/\/\S+)/.exec(chunk.toString())
      if (match?.[1]) resolve({url: match[1], child})
    })
    child.on('exit', (code) => reject(new Error(`lake exited with ${code}`)))
  })
}

function residentMemoryMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return Math.round(kb / 1024)
}

async function timed(runs: number, task: (index: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = []
  for (let index = 0; index < runs; index++) {
    const started = performance.now()
    await task(index)
    samples.push(performance.now() - started)
  }
  return samples
}

export async function benchLake(): Promise<BenchResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lake-bench-'))
  const {url, child} = await startLake(dataDir)
  const {rootToken} = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
    rootToken: string
  }
  const api = `${url}/v2025-02-19`
  const headers = {'authorization': `Bearer ${rootToken}`, 'content-type': 'application/json'}
  const mutate = (mutations: unknown[]) =>
    fetch(`${api}/data/mutate/bookings`, {
      method: 'POST',
      headers,
      body: JSON.stringify({mutations}),
    }).then(async (res) => {
      if (!res.ok) throw new Error(`mutate ${res.status}: ${await res.text()}`)
      return res.json()
    })
  const query = (groq: string, params: Record<string, unknown> = {}) => {
    const search = new URLSearchParams({query: groq})
    for (const [key, value] of Object.entries(params)) search.set(`$${key}`, JSON.stringify(value))
    return fetch(`${api}/data/query/bookings?${search}`, {headers}).then((res) => res.json())
  }
  const results: BenchResult[] = []
  try {
    // 10,000 bookings, written in transactions of 500.
    for (let start = 0; start < DOCUMENTS; start += 500) {
      await mutate(
        Array.from({length: 500}, (_, offset) => {
          const n = start + offset
          const name = `${FIRST_NAMES[n % FIRST_NAMES.length]} Traveller${n}`
          return {
            create: {
              _id: `booking.bench-${n}`,
              _type: 'booking',
              booking_ref: `CT-${String(n).padStart(6, '0')}`,
              name,
              email: `traveller${n}@example.com`,
              experience_title: EXPERIENCES[n % EXPERIENCES.length],
              status: STATUSES[n % STATUSES.length],
              pax_total: 1 + (n % 8),
              date: '2027-01-15',
              created_at: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
            },
          }
        }),
      )
    }

    const latest = '*[_type == "booking"] | order(_createdAt desc)[0...50]'
    await timed(20, () => query(latest))
    results.push({
      name: 'lake: latest 50 of 10,000 bookings',
      unit: 'ms',
      samples: await timed(200, () => query(latest)),
    })

    const search =
      '*[_type == "booking" && (name match $q || email match $q) && status == $status] | order(created_at desc)[0...50]'
    results.push({
      name: 'lake: text match search + status filter',
      unit: 'ms',
      samples: await timed(200, (i) =>
        query(search, {q: `${FIRST_NAMES[i % FIRST_NAMES.length]}*`, status: STATUSES[i % 5]}),
      ),
    })

    results.push({
      name: 'lake: getDocument',
      unit: 'ms',
      samples: await timed(500, (i) =>
        fetch(`${api}/data/doc/bookings/booking.bench-${(i * 37) % DOCUMENTS}`, {headers}).then(
          (res) => res.json(),
        ),
      ),
    })

    for (const clients of [1, 32]) {
      const perClient = clients === 1 ? 300 : 60
      const started = performance.now()
      const latencies: number[] = []
      await Promise.all(
        Array.from({length: clients}, async (_, client) => {
          for (let i = 0; i < perClient; i++) {
            const t0 = performance.now()
            await mutate([
              {patch: {id: `booking.bench-${client * perClient + i}`, set: {status: 'contacted'}}},
            ])
            latencies.push(performance.now() - t0)
          }
        }),
      )
      const seconds = (performance.now() - started) / 1000
      results.push({
        name: `lake: single-document transactions, ${clients} client${clients > 1 ? 's' : ''}`,
        unit: 'ms',
        samples: latencies,
        extra: {transactionsPerSecond: Math.round((clients * perClient) / seconds)},
      })
    }

    results.push(await listenerDelay(api, headers, mutate))
    results.push({
      name: 'lake: resident memory after the run',
      unit: 'MB',
      samples: [residentMemoryMb(child.pid!)],
    })
  } finally {
    child.kill('SIGTERM')
    fs.rmSync(dataDir, {recursive: true, force: true})
  }
  return results
}

/** 100 listeners; each commit's event is timed from sending the commit to its arrival at every listener. */
async function listenerDelay(
  api: string,
  headers: Record<string, string>,
  mutate: (mutations: unknown[]) => Promise<unknown>,
): Promise<BenchResult> {
  const LISTENERS = 100
  const COMMITS = 50
  const sentAt = new Map<string, number>()
  const delays: number[] = []
  const controllers: AbortController[] = []
  let welcomed = 0
  const listenUrl = `${api}/data/listen/bookings?${new URLSearchParams({query: '*[_type == "booking" && status == "confirmed"]', includeResult: 'true'})}`
  for (let i = 0; i < LISTENERS; i++) {
    const controller = new AbortController()
    controllers.push(controller)
    void fetch(listenUrl, {headers, signal: controller.signal})
      .then(async (res) => {
        const decoder = new TextDecoder()
        let buffer = ''
        const reader = res.body!.getReader()
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          buffer += decoder.decode(chunk.value, {stream: true})
          let end: number
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const message = buffer.slice(0, end)
            buffer = buffer.slice(end + 2)
            if (message.startsWith('event: welcome')) welcomed++
            const data = /^data: (.*)$/m.exec(message)?.[1]
            if (message.startsWith('event: mutation') && data) {
              const id = (JSON.parse(data) as {documentId: string}).documentId
              const sent = sentAt.get(id)
              if (sent !== undefined) delays.push(performance.now() - sent)
            }
          }
        }
      })
      .catch(() => undefined)
  }
  while (welcomed < LISTENERS) await new Promise((resolve) => setTimeout(resolve, 20))
  for (let i = 0; i < COMMITS; i++) {
    const id = `booking.bench-${9000 + i}`
    sentAt.set(id, performance.now())
    await mutate([{patch: {id, set: {status: 'confirmed'}}}])
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  const deadline = Date.now() + 5_000
  while (delays.length < LISTENERS * COMMITS && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20))
  for (const controller of controllers) controller.abort()
  return {
    name: `lake: commit to event at ${LISTENERS} listeners`,
    unit: 'ms',
    samples: delays,
    extra: {eventsReceived: delays.length, eventsExpected: LISTENERS * COMMITS},
  }
}

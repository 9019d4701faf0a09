import {isMainThread, parentPort, Worker, workerData} from 'node:worker_threads'

import {generateBombs, type Bomb} from './groq-bombs.ts'
import {requestFrom, type Answer} from './request-from.ts'
import {createRandom} from './seeded-random.ts'

export interface HostileOptions {
  /** The lake's origin, e.g. `http://127.0.0.1:3333`. */
  lake: string
  clients: number
  seconds: number
  seed: number
  /** Each client's address is `${addressPrefix}.${client + 2}` (a /24 of 127.0.0.0/8). */
  addressPrefix: string
  /** Every `listenEvery`-th bomb goes to the listen endpoint as a filter instead (0: never). */
  listenEvery?: number
}

export interface HostileAnswer {
  /** 0: the connection was closed before an answer was read (a refusal sent before a large body was read). */
  status: number
  ms: number
}

/** A listen stream whose filter is a bomb: held open for a moment, then dropped. */
function hostileListen(lake: string, localAddress: string, bomb: Bomb): Promise<Answer> {
  const search = new URLSearchParams({query: `*[_type == "experience" && count(${bomb.query}) >= 0]`})
  for (const [key, value] of Object.entries(bomb.params)) search.set(`$${key}`, JSON.stringify(value))
  return requestFrom(`${lake}/v2025-02-19/data/listen/production?${search}`, {localAddress, timeoutMs: 1500}).catch(
    () => ({status: 200, headers: {}, body: '', ms: 1500}),
  )
}

/**
 * Clients that send GROQ bombs (see groq-bombs.ts) without pause until time is up, ignoring
 * `Retry-After`, each from its own loopback address. Run in a worker thread (see startHostileClients),
 * so that their own work does not slow the measurements taken beside them.
 */
export async function runHostileClients(options: HostileOptions): Promise<HostileAnswer[]> {
  const bombs = generateBombs(createRandom(options.seed), 480)
  const until = performance.now() + options.seconds * 1000
  const answers: HostileAnswer[] = []
  await Promise.all(
    Array.from({length: options.clients}, async (_, client) => {
      const localAddress = `${options.addressPrefix}.${client + 2}`
      for (let n = client; performance.now() < until; n += options.clients) {
        const bomb = bombs[n % bombs.length]!
        const answer =
          options.listenEvery && n % options.listenEvery === options.listenEvery - 1
            ? await hostileListen(options.lake, localAddress, bomb)
            : await requestFrom(`${options.lake}/v2025-02-19/data/query/production`, {
                localAddress,
                body: JSON.stringify({query: bomb.query, params: bomb.params}),
                maxBodyBytes: 1024 * 1024,
              }).catch(() => ({status: 0, headers: {}, body: '', ms: 0}))
        answers.push({status: answer.status, ms: answer.ms})
      }
    }),
  )
  return answers
}

/** Runs the hostile clients in a worker thread; resolves with their answers when time is up. */
export function startHostileClients(options: HostileOptions): Promise<HostileAnswer[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), {workerData: options})
    worker.once('message', resolve)
    worker.once('error', reject)
  })
}

if (!isMainThread && (workerData as HostileOptions | undefined)?.addressPrefix) {
  parentPort?.postMessage(await runHostileClients(workerData as HostileOptions))
}

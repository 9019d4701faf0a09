import {execFileSync} from 'node:child_process'
import fs from 'node:fs'

import {PURGE_LEASE_ID} from '../../server/edge/purge-lease.ts'

/** Pings `GET /v1/ping` every `intervalMs` beside the fuzzer and keeps each round trip (a ping that fails counts as Infinity). */
export function startPingLoop(lakeUrl: string, intervalMs: number) {
  const times: number[] = []
  let running = true
  const loop = (async () => {
    while (running) {
      const started = performance.now()
      try {
        const response = await fetch(`${lakeUrl}/v1/ping`, {signal: AbortSignal.timeout(5_000)})
        await response.arrayBuffer()
        times.push(response.ok ? performance.now() - started : Number.POSITIVE_INFINITY)
      } catch {
        times.push(Number.POSITIVE_INFINITY)
      }
      await new Promise((resolve) => setTimeout(resolve, intervalMs))
    }
  })()
  return {
    async stop() {
      running = false
      await loop
      const sorted = [...times].sort((a, b) => a - b)
      return {
        count: sorted.length,
        maxMs: sorted.at(-1) ?? Number.NaN,
        p95Ms: sorted[Math.floor(sorted.length * 0.95)] ?? Number.NaN,
        over200: sorted.filter((ms) => ms > 200).length,
      }
    },
  }
}

/** The process listening on a TCP port, from `ss -ltnp` (our own processes, so no privilege is needed). */
export function pidListeningOn(port: number): number | undefined {
  const output = execFileSync('ss', ['-ltnpH', `sport = :${port}`], {encoding: 'utf8'})
  const match = /pid=(\d+)/.exec(output)
  return match ? Number(match[1]) : undefined
}

function residentMegabytes(pid: number): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    const match = /VmRSS:\s+(\d+) kB/.exec(status)
    return match ? Number(match[1]) / 1024 : undefined
  } catch {
    return undefined
  }
}

/** Samples the resident memory of the given processes; reports first, peak and last per process. */
export function startMemorySampler(pids: Record<string, number>, intervalMs: number) {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(pids).map((name) => [name, []]))
  const sample = () => {
    for (const [name, pid] of Object.entries(pids)) {
      const megabytes = residentMegabytes(pid)
      if (megabytes !== undefined) samples[name]?.push(megabytes)
    }
  }
  sample()
  const timer = setInterval(sample, intervalMs)
  return {
    stop() {
      clearInterval(timer)
      sample()
      return Object.fromEntries(
        Object.entries(samples).map(([name, values]) => {
          const first = values[0] ?? Number.NaN
          const peak = Math.max(...values)
          return [name, {pid: pids[name], firstMb: first, peakMb: peak, lastMb: values.at(-1) ?? Number.NaN, growthMb: peak - first}]
        }),
      )
    },
  }
}

/**
 * Every document of a dataset as `_id@_rev`, read with the root token in the raw perspective (drafts and versions
 * too), except the edge purger's lease, which the site servers renew on their own clock whatever the traffic.
 */
export async function datasetSnapshot(lakeUrl: string, token: string, dataset: string): Promise<Set<string>> {
  // Staff bookkeeping that hostile requests rightly cause is left out: a failed sign-in is counted in the back-off
  // (`staffLoginThrottle`), an export by the signed-in session is logged (`staffActivity`), and that session's
  // "last used" moves. A new session, though, is still seen: sessions count by id alone.
  const query = encodeURIComponent(
    `*[_id != "${PURGE_LEASE_ID}" && !(_type in ["staffLoginThrottle", "staffActivity"])]{_id, "_rev": select(_type == "staffSession" => "session", _rev)}`,
  )
  const response = await fetch(`${lakeUrl}/v1/data/query/${dataset}?query=${query}&perspective=raw`, {
    headers: {authorization: `Bearer ${token}`},
    // A lake still busy with a query bomb fails the check in time, rather than the whole test timing out.
    signal: AbortSignal.timeout(90_000),
  })
  if (!response.ok) throw new Error(`snapshot of ${dataset}: ${response.status} ${await response.text()}`)
  const {result} = (await response.json()) as {result: {_id: string; _rev: string}[]}
  return new Set(result.map((document) => `${document._id}@${document._rev}`))
}

export function lineCount(file: string): number {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).length : 0
}

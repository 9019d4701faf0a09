import {requestFrom} from './request-from.ts'

/**
 * The bound a test puts on one ping while bombs run: what it proves is that no bomb holds the lake's own thread (a
 * query evaluated there would hold a ping for the rest of its 2 s deadline), not the speed of an idle machine.
 * A ping takes a few milliseconds; on a 2-core machine shared with the rest of the suite single ones took 330 ms.
 * The ping goals themselves (p99 ≤ 200 ms) are held by `npm run bench -- hostile`. Tests scale it with the machine's
 * load (busy-machine.ts), under the anonymous query deadline.
 */
export const PING_NOT_HELD_MS = 500

/** `GET /v1/ping` from `localAddress`: how long it took; throws unless it answered 200. */
export async function timedPing(lakeUrl: string, localAddress = '127.0.0.1'): Promise<number> {
  const answer = await requestFrom(`${lakeUrl}/v1/ping`, {localAddress})
  if (answer.status !== 200) throw new Error(`ping answered ${answer.status}`)
  return answer.ms
}

/** Pings every 50 ms until stopped; the times it took. */
export function pingContinuously(lakeUrl: string) {
  const times: number[] = []
  let running = true
  const loop = (async () => {
    while (running) {
      times.push(await timedPing(lakeUrl))
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })()
  return {
    async stop() {
      running = false
      await loop
      return times
    },
  }
}

import {describe, expect, it, vi} from 'vitest'

import {runLoadWithFaults} from './testing/load-with-faults.ts'

/**
 * Load and faults (figures: `npm run bench -- bookings`): 50 concurrent clients, 2,000 booking requests,
 * the lake killed with SIGKILL and restarted once, SMTP down for the first half. About 20 s on an idle machine, and
 * several minutes on a busy one: the test bounds progress, not speed (docs/decisions/150 and 179). It fails when
 * the run stands still for STALL_MS (no answer, no mail), not when it is slow; the test's own timeout only guards
 * against a hang the watchdog could not see.
 */
const STALL_MS = 60_000

/** Rejects once `heartbeat` has not been called for `ms`; `stop` ends the watch. */
function stallWatchdog(ms: number) {
  let last = performance.now()
  let timer: ReturnType<typeof setInterval> | undefined
  const stalled = new Promise<never>((_, reject) => {
    timer = setInterval(() => {
      if (performance.now() - last > ms)
        reject(new Error(`The run made no progress (no answer, no mail) for ${ms / 1000} s`))
    }, 1_000)
  })
  return {heartbeat: () => void (last = performance.now()), stalled, stop: () => clearInterval(timer)}
}

describe('booking requests under load with faults', () => {
  it('stores every acknowledged request once and delivers each stored booking its two mails once', async () => {
    // While the lake is down, sending a stored booking's mails at once fails (and is logged): the outbox's later
    // passes deliver them, which the assertions below check. Nothing else may be logged as an error.
    const unexpectedErrors: unknown[][] = []
    const errors = vi.spyOn(console, 'error').mockImplementation((label, ...rest) => {
      if (label !== '[outbox]') unexpectedErrors.push([label, ...rest])
    })
    const watchdog = stallWatchdog(STALL_MS)
    const result = await Promise.race([
      runLoadWithFaults({
        requests: Number(process.env.FAULTS_REQUESTS ?? 2000),
        log: () => {},
        progress: watchdog.heartbeat,
      }),
      watchdog.stalled,
    ]).finally(() => {
      watchdog.stop()
      errors.mockRestore()
    })
    expect(unexpectedErrors).toEqual([])
    // No 4xx, and a 5xx only while the lake was down.
    expect(result.unexpected).toEqual([])

    // Every acknowledged request is stored exactly once, under its reference.
    const refs = result.stored.map((booking) => booking.booking_ref)
    expect(new Set(refs).size).toBe(refs.length)
    expect(result.acknowledged.size).toBe(result.requests)
    expect(refs.toSorted()).toEqual([...result.acknowledged.values()].toSorted())

    // Every stored booking's confirmation and team notification arrived exactly once after SMTP came back.
    const messageIds = result.received.map(
      (mail) => /^Message-ID:\s*<([^@>]+)@/im.exec(mail.raw)?.[1],
    )
    const expected = result.stored.flatMap((booking) => [
      `${booking._id}-traveller`,
      `${booking._id}-team`,
    ])
    expect(messageIds.toSorted()).toEqual(expected.toSorted())
    const travellerOf = new Map(
      result.stored.map((booking) => [`${booking._id}-traveller`, booking.email]),
    )
    for (const [index, mail] of result.received.entries()) {
      const traveller = travellerOf.get(messageIds[index]!)
      expect(mail.to).toEqual([traveller ?? 'team@example.com'])
    }
  }, 30 * 60_000)
})

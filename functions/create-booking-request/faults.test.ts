import {describe, expect, it} from 'vitest'

import {runLoadWithFaults} from './testing/load-with-faults.ts'

/**
 * Issue 5 "Load and faults" (figures: `npm run bench -- bookings`): 50 concurrent clients, 2,000 booking requests,
 * the lake killed with SIGKILL and restarted once, SMTP down for the first half. About 20 s on this machine.
 */
const p95 = (values: number[]) =>
  values.toSorted((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? 0

describe('booking requests under load with faults', () => {
  it('stores every acknowledged request once and delivers each stored booking its two mails once', async () => {
    const result = await runLoadWithFaults({requests: Number(process.env.FAULTS_REQUESTS ?? 2000)})
    console.log(
      `[faults] ${result.requests} requests, ${result.clients} clients: ${(result.requests / result.seconds).toFixed(0)} req/s, p95 ${p95(result.latenciesMs).toFixed(1)} ms; mail drained ${result.mailDrainSeconds.toFixed(1)} s after SMTP came back`,
    )
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
  }, 240_000)
})

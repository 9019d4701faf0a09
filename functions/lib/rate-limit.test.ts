import {describe, expect, it} from 'vitest'

import {createRateLimiter, rateLimitedResponse} from './rate-limit.ts'

// Rate limits are kept per site server, in memory (docs/decisions/015-rate-limits-per-server.md). These tests pin
// down what that promises: `limit` requests per address and window on one server, and at most servers × `limit`
// across several, however a load balancer spreads one client's requests.
const WINDOW_MS = 60_000

describe('rate limits on one server', () => {
  it('lets `limit` requests a window through, answers 429 with Retry-After, and opens again in the next window', async () => {
    let clock = 1_000_000
    const limiter = createRateLimiter({limit: 3, windowMs: WINDOW_MS, now: () => clock})
    const statuses = () =>
      Array.from({length: 4}, () => rateLimitedResponse(limiter, '10.0.0.1')?.status ?? 200)
    expect(statuses()).toEqual([200, 200, 200, 429])
    // Another address has its own count.
    expect(rateLimitedResponse(limiter, '10.0.0.2')).toBeNull()

    clock += 45_000
    const limited = rateLimitedResponse(limiter, '10.0.0.1')!
    expect(limited.status).toBe(429)
    expect(limited.headers.get('Retry-After')).toBe('15')
    expect(((await limited.json()) as {detail: string}).detail).toMatch(/Too many requests/)

    clock += 15_000
    expect(statuses()).toEqual([200, 200, 200, 429])
  })
})

describe('rate limits across several servers', () => {
  // A small deterministic generator, so a failure can be replayed.
  let seed = 16
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31

  it('bound one address to servers × limit a window, however its requests are spread', () => {
    const limit = 20
    for (const servers of [1, 2, 3, 5]) {
      for (const spread of ['round robin', 'random', 'sticky'] as const) {
        const limiters = Array.from({length: servers}, () =>
          createRateLimiter({limit, windowMs: WINDOW_MS, now: () => 0}),
        )
        let accepted = 0
        for (let i = 0; i < 500; i++) {
          const server =
            spread === 'round robin'
              ? i % servers
              : spread === 'random'
                ? Math.floor(random() * servers)
                : 0
          if (limiters[server]!.take('203.0.113.7').ok) accepted++
        }
        const bound = spread === 'sticky' ? limit : servers * limit
        expect(accepted, `${servers} servers, ${spread}`).toBeLessThanOrEqual(servers * limit)
        // Round robin and sticky reach their bound exactly; a random spread over 500 requests does too.
        expect(accepted, `${servers} servers, ${spread}`).toBe(bound)
      }
    }
  })
})

import type {SanityClient} from '@sanity/client'

import {endedRateWindowsQuery} from './queries/ended-rate-windows-query.ts'

/**
 * The per-key limit of the OCTO API, kept in the lake (docs/decisions/225-octo-key-limit-in-the-lake.md), so it
 * holds across every site server as the staff sign-in back-off does (functions/staff/login-rate-limit.ts): a
 * fixed window per reseller, aligned to the clock (every server names the same window), counted by one
 * transaction per request: create the window's document if missing, then the lake's atomic `inc`, answered with
 * the count after it. Requests at the same moment on two servers each get their own count; none is lost.
 */
export type KeyRateLimiter = {
  take: (key: string) => Promise<{ok: true} | {ok: false; retryAfterSeconds: number}>
}

export const RATE_WINDOW_TYPE = 'octoRateWindow'

type RateWindow = {_id: string; count: number}

export function createLakeRateLimiter(
  client: () => SanityClient,
  {limit, windowMs, now = Date.now}: {limit: number; windowMs: number; now?: () => number},
): KeyRateLimiter {
  return {
    async take(key) {
      const t = now()
      const index = Math.floor(t / windowMs)
      const end = (index + 1) * windowMs
      const id = `${RATE_WINDOW_TYPE}.${key}.${index}`
      const documents = (await client()
        .transaction()
        .createIfNotExists({
          _id: id,
          _type: RATE_WINDOW_TYPE,
          key,
          window_end: new Date(end).toISOString(),
          count: 0,
        })
        .patch(id, (p) => p.inc({count: 1}))
        .commit({returnDocuments: true, visibility: 'async'})) as unknown as RateWindow[]
      const count = documents.find((doc) => doc._id === id)?.count ?? Number.POSITIVE_INFINITY
      if (count <= limit) return {ok: true}
      return {ok: false, retryAfterSeconds: Math.max(1, Math.ceil((end - t) / 1000))}
    },
  }
}

/** Windows that ended before `before`: deleted by the jobs runner (functions/runtime.ts), so they never pile up. */
export async function pruneRateWindows(bookings: SanityClient, before: Date): Promise<void> {
  await bookings.delete({
    query: endedRateWindowsQuery,
    params: {before: before.toISOString()},
  })
}

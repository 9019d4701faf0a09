import type {Context} from 'hono'

import {problem} from './http.ts'

/**
 * A fixed-window counter per client address. In memory: one server process answers for the site; behind several
 * instances the host's own limiter takes over.
 */
export type RateLimiter = {
  take: (key: string) => {ok: true} | {ok: false; retryAfterSeconds: number}
}

export function createRateLimiter({
  limit,
  windowMs,
  now = Date.now,
}: {
  limit: number
  windowMs: number
  now?: () => number
}): RateLimiter {
  const windows = new Map<string, {start: number; count: number}>()
  return {
    take(key) {
      const t = now()
      // Drop finished windows now and then so the map cannot grow without bound.
      if (windows.size > 10_000)
        for (const [k, w] of windows) if (t - w.start >= windowMs) windows.delete(k)
      let w = windows.get(key)
      if (!w || t - w.start >= windowMs) {
        w = {start: t, count: 0}
        windows.set(key, w)
      }
      w.count++
      if (w.count <= limit) return {ok: true}
      return {ok: false, retryAfterSeconds: Math.ceil((w.start + windowMs - t) / 1000)}
    },
  }
}

export const RATE_LIMITED_MESSAGE = 'Too many requests. Please wait a minute and try again.'

/** The 429 answer when this client has used up its requests for now; null when it may go on. */
export function rateLimitedResponse(limiter: RateLimiter, clientAddress: string): Response | null {
  const limited = limiter.take(clientAddress)
  if (limited.ok) return null
  return problem(429, RATE_LIMITED_MESSAGE, {}, {'Retry-After': String(limited.retryAfterSeconds)})
}

/**
 * The guard of a route a traveller's link opens: this address's limit first, then the handler; a handler that
 * throws (the lake unreachable) is logged under `label` and answered 503 with `tryAgain`, never a stack.
 */
export function limitedRoute<Deps extends {onError?: (error: unknown) => void}>(
  getDeps: () => Deps,
  addressOf: (c: Context) => string,
  label: string,
  tryAgain: string,
) {
  return async (
    c: Context,
    limiter: RateLimiter,
    run: (deps: Deps) => Promise<Response>,
  ): Promise<Response> => {
    const deps = getDeps()
    const limited = rateLimitedResponse(limiter, addressOf(c))
    if (limited) return limited
    try {
      return await run(deps)
    } catch (error) {
      ;(deps.onError ?? ((e: unknown) => console.error(`[${label}]`, e)))(error)
      return problem(503, tryAgain, {}, {'Retry-After': '5'})
    }
  }
}

import type {MiddlewareHandler} from 'hono'

import {RATE_LIMITED_MESSAGE} from '../../lib/rate-limit.ts'
import {refuse} from '../send-result.ts'
import type {StaffRoutesDeps} from './staff-context.ts'

/**
 * The site's per-address limit on the routes open without a session (docs/decisions/079): many accounts guessed
 * from one address are refused before any work, as the per-account back-off cannot see them.
 */
export const signInLimit =
  (limit: StaffRoutesDeps['signInLimit']): MiddlewareHandler =>
  async (c, next) => {
    if (!limit || c.req.method !== 'POST') return next()
    const taken = limit.limiter.take(limit.clientAddress(c))
    if (taken.ok) return next()
    return refuse(
      c,
      429,
      RATE_LIMITED_MESSAGE,
      {},
      {'Retry-After': String(taken.retryAfterSeconds)},
    )
  }

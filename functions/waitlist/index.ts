import type {Context} from 'hono'

import {clientAddress} from '../lib/client-address.ts'
import type {PublicRuntime} from '../runtime.ts'
import {joinWaitlist} from './join-waitlist.ts'
import {waitlistDeps} from './runtime-deps.ts'
import {createWaitlistLinks} from './waitlist-links.ts'

/** `POST /api/waitlist`. */
export const joinWaitlistRoute = (rt: PublicRuntime) => (c: Context) =>
  joinWaitlist(
    c.req.raw,
    {clientAddress: clientAddress(c)},
    {...waitlistDeps(rt), rateLimiter: rt.requestLimiter},
  )

/** `/api/waitlist/offers/<token>` and `/api/waitlist/leave/<token>`, on the site's shared runtime. */
export function waitlistLinks(rt: PublicRuntime) {
  const deps = waitlistDeps(rt)
  return createWaitlistLinks(() => deps)
}

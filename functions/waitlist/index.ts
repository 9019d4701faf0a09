import type {Context} from 'hono'

import {clientAddress} from '../lib/client-address.ts'
import {publicRuntime} from '../runtime.ts'
import {joinWaitlist} from './join-waitlist.ts'
import {waitlistDeps} from './runtime-deps.ts'
import {createWaitlistLinks} from './waitlist-links.ts'

/** `POST /api/waitlist`. */
export function joinWaitlistRoute(c: Context) {
  const rt = publicRuntime()
  return joinWaitlist(
    c.req.raw,
    {clientAddress: clientAddress(c)},
    {...waitlistDeps(rt), rateLimiter: rt.requestLimiter},
  )
}

/** `/api/waitlist/offers/<token>` and `/api/waitlist/leave/<token>`, on the site's shared runtime. */
export const waitlistLinks = createWaitlistLinks(() => waitlistDeps(publicRuntime()))

import type {Context} from 'hono'

import {clientAddress} from '../lib/client-address.ts'
import {publicRuntime} from '../runtime.ts'
import {joinWaitlist} from './join-waitlist.ts'
import {waitlistDeps} from './runtime-deps.ts'
import {createWaitlistPages} from './waitlist-pages.ts'

/** `POST /api/waitlist`. */
export function joinWaitlistRoute(c: Context) {
  const rt = publicRuntime()
  return joinWaitlist(
    c.req.raw,
    {clientAddress: clientAddress(c)},
    {...waitlistDeps(rt), rateLimiter: rt.requestLimiter},
  )
}

/** `/waitlist/offers/<token>` and `/waitlist/leave/<token>`, on the site's shared runtime. */
export const waitlistPages = createWaitlistPages(() => waitlistDeps(publicRuntime()))

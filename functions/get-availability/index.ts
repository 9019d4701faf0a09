import type {Context} from 'hono'

import {clientAddress} from '../lib/client-address.ts'
import {publicRuntime} from '../runtime.ts'
import {getAvailability} from './handler.ts'

export function getAvailabilityRoute(c: Context) {
  const rt = publicRuntime()
  return getAvailability(
    c.req.raw,
    {clientAddress: clientAddress(c)},
    {content: rt.content, bookings: rt.bookings, rateLimiter: rt.availabilityLimiter},
  )
}

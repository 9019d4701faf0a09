import type {Context} from 'hono'

import {clientAddress} from '../lib/client-address.ts'
import type {PublicRuntime} from '../runtime.ts'
import {getAvailability} from './handler.ts'

export const getAvailabilityRoute = (rt: PublicRuntime) => (c: Context) =>
  getAvailability(
    c.req.raw,
    {clientAddress: clientAddress(c)},
    {content: rt.content, bookings: rt.bookings, rateLimiter: rt.availabilityLimiter},
  )

import type {Context} from 'hono'

import {clientAddress} from '../lib/client-address.ts'
import type {PublicRuntime} from '../runtime.ts'
import {createBookingRequest} from './handler.ts'

export const createBookingRequestRoute = (rt: PublicRuntime) => (c: Context) =>
  createBookingRequest(
    c.req.raw,
    {clientAddress: clientAddress(c)},
    {
      content: rt.content,
      bookings: rt.bookings,
      challenges: rt.challenges,
      rateLimiter: rt.requestLimiter,
      notify: rt.notifications.booking,
      today: rt.today,
      consentNotice: rt.consentNotice,
    },
  )

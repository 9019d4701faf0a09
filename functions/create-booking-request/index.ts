import type {Context} from 'hono'

import {clientAddress} from '../lib/client-address.ts'
import {publicRuntime} from '../runtime.ts'
import {createBookingRequest} from './handler.ts'

export function createBookingRequestRoute(c: Context) {
  const rt = publicRuntime()
  return createBookingRequest(
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
}

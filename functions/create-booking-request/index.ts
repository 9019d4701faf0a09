import type {Context} from 'hono'

import {clientAddress} from '../lib/client-address.ts'
import {publicRuntime} from '../lib/runtime.ts'
import {bookingNotifier} from '../send-booking-notifications/handler.ts'
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
      notify: bookingNotifier({outbox: rt.outbox, teamEmail: rt.env.teamEmail}),
      today: rt.today,
    },
  )
}

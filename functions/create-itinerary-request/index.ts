import type {Context} from 'hono'

import {clientAddress} from '../lib/client-address.ts'
import {publicRuntime} from '../runtime.ts'
import {createItineraryRequest} from './handler.ts'

export function createItineraryRequestRoute(c: Context) {
  const rt = publicRuntime()
  return createItineraryRequest(
    c.req.raw,
    {clientAddress: clientAddress(c)},
    {
      bookings: rt.bookings,
      challenges: rt.challenges,
      rateLimiter: rt.requestLimiter,
      notify: rt.notifications.notify,
      teamEmail: rt.env.teamEmail,
      mailContent: rt.mailContent,
      consentNotice: rt.consentNotice,
      today: rt.today,
    },
  )
}

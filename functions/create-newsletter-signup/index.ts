import type {Context} from 'hono'

import {clientAddress} from '../lib/client-address.ts'
import {publicRuntime} from '../runtime.ts'
import {createNewsletterSignup} from './handler.ts'

export function createNewsletterSignupRoute(c: Context) {
  const rt = publicRuntime()
  return createNewsletterSignup(
    c.req.raw,
    {clientAddress: clientAddress(c)},
    {
      bookings: rt.bookings,
      rateLimiter: rt.requestLimiter,
      notify: rt.notifications.notify,
      teamEmail: rt.env.teamEmail,
      mailContent: rt.mailContent,
    },
  )
}

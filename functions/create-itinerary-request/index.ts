import type {Context} from 'hono'

import {clientAddress} from '../lib/client-address.ts'
import type {PublicRuntime} from '../runtime.ts'
import {createItineraryRequest} from './handler.ts'

export const createItineraryRequestRoute = (rt: PublicRuntime) => (c: Context) =>
  createItineraryRequest(
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

import type {Context} from 'hono'

import {clientAddress} from '../lib/client-address.ts'
import type {PublicRuntime} from '../runtime.ts'
import {createNewsletterSignup} from './handler.ts'

export const createNewsletterSignupRoute = (rt: PublicRuntime) => (c: Context) =>
  createNewsletterSignup(
    c.req.raw,
    {clientAddress: clientAddress(c)},
    {
      bookings: rt.bookings,
      rateLimiter: rt.requestLimiter,
      // The confirmation goes to the address given, through this server's outbox whoever sends booking mail.
      notify: rt.outbox.enqueue,
      teamEmail: rt.env.teamEmail,
      mailContent: rt.mailContent,
      consentNotice: rt.consentNotice,
      links: {siteUrl: rt.env.siteUrl, secret: rt.env.requestLinkSecret},
      unconfirmedMail: rt.unconfirmedMail,
    },
  )

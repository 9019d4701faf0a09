import type {Context} from 'hono'

import {clientAddress} from '../lib/client-address.ts'
import {publicRuntime} from '../runtime.ts'
import {
  confirmNewsletterSignup,
  unsubscribeNewsletter,
  type NewsletterSubscriptionDeps,
} from './handler.ts'

const deps = (): NewsletterSubscriptionDeps => {
  const rt = publicRuntime()
  return {
    bookings: rt.bookings,
    rateLimiter: rt.requestLimiter,
    // The subscriber's own mails go through this server's outbox whoever sends booking mail.
    notify: rt.outbox.enqueue,
    teamEmail: rt.env.teamEmail,
    mailContent: rt.mailContent,
    links: {siteUrl: rt.env.siteUrl, secret: rt.env.requestLinkSecret},
  }
}

export const confirmNewsletterSignupRoute = (c: Context) =>
  confirmNewsletterSignup(c.req.raw, {clientAddress: clientAddress(c)}, deps())

export const unsubscribeNewsletterRoute = (c: Context) =>
  unsubscribeNewsletter(c.req.raw, {clientAddress: clientAddress(c)}, deps())

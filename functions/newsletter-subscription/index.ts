import type {Context} from 'hono'

import {clientAddress} from '../lib/client-address.ts'
import type {PublicRuntime} from '../runtime.ts'
import {
  confirmNewsletterSignup,
  unsubscribeNewsletter,
  type NewsletterSubscriptionDeps,
} from './handler.ts'

const deps = (rt: PublicRuntime): NewsletterSubscriptionDeps => ({
  bookings: rt.bookings,
  rateLimiter: rt.requestLimiter,
  // The subscriber's own mails go through this server's outbox whoever sends booking mail.
  notify: rt.outbox.enqueue,
  teamEmail: rt.env.teamEmail,
  mailContent: rt.mailContent,
  links: {siteUrl: rt.env.siteUrl, secret: rt.env.requestLinkSecret},
})

export const confirmNewsletterSignupRoute = (rt: PublicRuntime) => (c: Context) =>
  confirmNewsletterSignup(c.req.raw, {clientAddress: clientAddress(c)}, deps(rt))

export const unsubscribeNewsletterRoute = (rt: PublicRuntime) => (c: Context) =>
  unsubscribeNewsletter(c.req.raw, {clientAddress: clientAddress(c)}, deps(rt))

import type {FunctionsEnv} from '../lib/env.ts'
import type {RequestLinks} from '../lib/booking-mail-values.ts'
import type {BookingNotifier} from '../send-booking-notifications/handler.ts'
import type {WaitlistDeps} from './waitlist-deps.ts'

/**
 * What the waitlist takes from a runtime (the site server's own, or the one `npm run jobs` builds), named here
 * rather than picked from runtime.ts's type: runtime.ts imports this module, and a type taken back from it made an
 * import circle.
 */
export type WaitlistRuntime = Pick<WaitlistDeps, 'content' | 'bookings' | 'mailContent' | 'outbox'> & {
  env: Pick<FunctionsEnv, 'requestLinkSecret' | 'siteUrl'>
  links: Pick<RequestLinks, 'now'>
  notifications?: {booking: BookingNotifier}
  unconfirmedMail?: WaitlistDeps['unconfirmedMail']
}

/** The waitlist's deps on a runtime. */
export const waitlistDeps = (rt: WaitlistRuntime): WaitlistDeps => ({
  content: rt.content,
  bookings: rt.bookings,
  mailContent: rt.mailContent,
  outbox: rt.outbox,
  notify: rt.notifications?.booking ?? {mails: () => [], stored: () => {}},
  secret: rt.env.requestLinkSecret,
  siteUrl: rt.env.siteUrl,
  now: rt.links.now,
  ...(rt.unconfirmedMail ? {unconfirmedMail: rt.unconfirmedMail} : {}),
})

import type {PublicRuntime} from '../runtime.ts'
import type {WaitlistDeps} from './waitlist-deps.ts'

/** The waitlist's deps on a runtime: the site server's own, or the one `npm run jobs` builds. */
export const waitlistDeps = (
  rt: Pick<PublicRuntime, 'content' | 'bookings' | 'mailContent' | 'outbox' | 'env' | 'links'> &
    Partial<Pick<PublicRuntime, 'notifications' | 'unconfirmedMail'>>,
): WaitlistDeps => ({
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

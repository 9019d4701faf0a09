import type {SanityClient} from '@sanity/client'

import {requeueItineraryNotifications} from './create-itinerary-request/handler.ts'
import {requeueNewsletterNotifications} from './create-newsletter-signup/handler.ts'
import {
  sweepBookingNotifications,
  type BookingMailDeps,
} from './send-booking-notifications/handler.ts'
import type {SweepWindow} from './lib/requeue.ts'
import type {MailBudget} from './lib/mail-budget.ts'

const DAY_MS = 24 * 3_600_000

/**
 * With the Sanity Function sending (`MAIL_SENDER=function`), how long a server leaves a new request's mails to
 * it. After that the sweep queues them itself: hosted Sanity does not run an invocation over its rate limits
 * (200 per function, 4,000 per project in 30 s; `lake/src/functions/invocation-limits.ts`), nor later, so after
 * a burst some requests' events never reach the function. Queuing is idempotent, so a mail the function queued
 * or sent is not sent again.
 */
export const FUNCTION_CATCH_UP_AFTER_MS = 5 * 60_000

/**
 * The minute sweep's window: the last day's requests, and with the function sending, only those it has had
 * `FUNCTION_CATCH_UP_AFTER_MS` to handle.
 */
export function sweepWindow(byFunction: boolean, now: Date): SweepWindow {
  const since = new Date(now.getTime() - DAY_MS).toISOString()
  if (!byFunction) return {since}
  return {since, until: new Date(now.getTime() - FUNCTION_CATCH_UP_AFTER_MS).toISOString()}
}

/** Queues again the mails of every booking, trip request and sign-up in `window` (each a no-op once queued). */
export async function requeueRecentNotifications(
  window: SweepWindow,
  deps: BookingMailDeps & {bookings: SanityClient; unconfirmedMail?: MailBudget},
): Promise<void> {
  const notify = deps.outbox.enqueue
  await Promise.all([
    sweepBookingNotifications(window, deps),
    requeueItineraryNotifications(window, {...deps, notify}),
    requeueNewsletterNotifications(window, {...deps, notify}),
  ])
}

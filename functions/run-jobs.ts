import {readFunctionsEnv} from './lib/env.ts'
import type {RequestLinks} from './lib/booking-mail-values.ts'
import {mailContentLoader} from './lib/mail-content.ts'
import {createBookingsClient, createContentClient} from './lib/sanity-client.ts'
import {sendTripReminders} from './send-trip-reminders/handler.ts'
import {sendReviewRequests} from './send-review-requests/handler.ts'
import {siteOutbox} from './site-outbox.ts'

/**
 * The scheduled jobs once, as if the clock said `asOf`: what the site server runs every few minutes
 * (runtime.ts), for operators and tests (`npm run jobs -- --as-of <ISO time>`). Each job keeps its own record in
 * the lake, so a run by hand alongside the servers never sends a mail twice.
 */
export async function runJobsOnce(
  asOf: Date,
): Promise<{
  reminders: {due: number}
  reviewRequests: {due: number}
  mail: {sent: number; failed: number; pending: number}
}> {
  const env = readFunctionsEnv()
  const bookings = createBookingsClient(env)
  const content = createContentClient(env)
  const mailContent = mailContentLoader(content)
  const links: RequestLinks = {siteUrl: env.siteUrl, secret: env.requestLinkSecret, now: () => asOf}
  const outbox = siteOutbox(env, {bookings, mailContent, links})
  const reminders = await sendTripReminders({bookings, content, mailContent, outbox, links}, asOf)
  const reviewRequests = await sendReviewRequests(
    {bookings, content, mailContent, outbox, siteUrl: env.siteUrl, secret: env.requestLinkSecret},
    asOf,
  )
  const mail = await outbox.flush()
  return {reminders, reviewRequests, mail}
}

import {applyRetention} from './apply-retention/handler.ts'
import {catchUpDiskScrubs} from './apply-retention/disk-catch-up.ts'
import type {FunctionsEnv} from './lib/env.ts'
import {removeUnconfirmedSignups} from './lib/unconfirmed-signups.ts'
import {sendTripReminders} from './send-trip-reminders/handler.ts'
import {sendReviewRequests} from './send-review-requests/handler.ts'
import {expireHolds} from './octo/bookings.ts'
import {createPublicRuntime} from './runtime.ts'
import {offerWaitlistPlaces, type OfferRun} from './waitlist/offer-places.ts'
import {waitlistDeps} from './waitlist/runtime-deps.ts'

/**
 * The scheduled jobs once, as if the clock said `asOf`: what the site server runs every few minutes
 * (runtime.ts), for operators and tests (`npm run jobs -- --as-of <ISO time>`), on the environment the jobs
 * script parsed (scripts/jobs.ts). Each job keeps its own record in the lake, so a run by hand alongside the servers
 * never sends a mail twice.
 */
export async function runJobsOnce(
  functionsEnv: FunctionsEnv,
  asOf: Date,
): Promise<{
  reminders: {due: number}
  octoHolds: {expired: number}
  waitlist: OfferRun
  mail: {sent: number; failed: number; pending: number}
  retention: {anonymised: number; report: string | null}
  diskCatchUp: {reports: number}
  unconfirmedSignups: {removed: number}
  reviewRequests: {due: number}
}> {
  // The same composition as the site server's (runtime.ts), on the jobs' own clock and without its timers.
  const {env, bookings, content, mailContent, outbox, links} = createPublicRuntime(functionsEnv, {
    now: () => asOf,
  })
  const reminders = await sendTripReminders({bookings, content, mailContent, outbox, links}, asOf)
  const reviewRequests = await sendReviewRequests(
    {bookings, content, mailContent, outbox, siteUrl: env.siteUrl, secret: env.requestLinkSecret},
    asOf,
  )
  // Resellers' holds past their time first, so the waitlist is offered their places in this run.
  const octoHolds = await expireHolds(bookings, asOf)
  const waitlist = await offerWaitlistPlaces(
    waitlistDeps({content, bookings, mailContent, outbox, env, links}),
    asOf,
  )
  const unconfirmedSignups = await removeUnconfirmedSignups(bookings, asOf)
  // The counts of the whole run: the sends each job's queuing started at once are not in the last flush's pass.
  const mail = {...(await outbox.flush()), ...outbox.sentSoFar()}
  const disk = {bookings, dataDir: env.dataDir, secret: env.requestLinkSecret, now: () => asOf}
  const retention = await applyRetention(disk, asOf)
  const diskCatchUp = {reports: await catchUpDiskScrubs(disk)}
  return {
    reminders,
    reviewRequests,
    octoHolds,
    waitlist,
    mail,
    retention,
    diskCatchUp,
    unconfirmedSignups,
  }
}

import path from 'node:path'

import type {SanityClient} from '@sanity/client'

import {todayInCapeTown} from '@repo/schemas/iso-date.ts'

import {createChallengeService, type ChallengeService} from './lib/challenge.ts'
import {consentNoticeLoader, type ConsentNotice} from './lib/consent-record.ts'
import {startCleanUps} from './lib/expired-records.ts'
import {importFileQueue} from './lib/import-file-queue.ts'
import type {FunctionsEnv} from './lib/env.ts'
import type {RequestLinks} from './lib/booking-mail-values.ts'
import {createMailBudget, type MailBudget} from './lib/mail-budget.ts'
import {mailContentLoader, type MailContent} from './lib/mail-content.ts'
import type {MailMessage, Outbox} from './lib/mailer.ts'
import {requeueRecentNotifications, sweepWindow} from './notification-sweep.ts'
import {createRateLimiter, type RateLimiter} from './lib/rate-limit.ts'
import {createBookingsClient, createContentClient} from './lib/sanity-client.ts'
import {removeUnconfirmedSignups} from './lib/unconfirmed-signups.ts'
import {startDailyDigest} from './staff/daily-digest.ts'
import {sendTripReminders} from './send-trip-reminders/handler.ts'
import {applyRetention} from './apply-retention/handler.ts'
import {catchUpDiskScrubs} from './apply-retention/disk-catch-up.ts'
import {sendReviewRequests} from './send-review-requests/handler.ts'
import {bookingNotifier, type BookingNotifier} from './send-booking-notifications/handler.ts'
import {siteOutbox} from './site-outbox.ts'
import {expireHolds} from './octo/bookings.ts'
import {
  createLakeRateLimiter,
  pruneRateWindows,
  type KeyRateLimiter,
} from './octo/key-rate-limit.ts'
import {offerWaitlistPlaces} from './waitlist/offer-places.ts'
import {waitlistDeps} from './waitlist/runtime-deps.ts'

/** What the traveller-facing functions share in one server process. */
export type PublicRuntime = {
  env: FunctionsEnv
  content: SanityClient
  bookings: SanityClient
  /** The editors' mail templates and the brand, read for each mail (at most two seconds old). */
  mailContent: () => Promise<MailContent>
  /** Where the travellers' request links point and how they are signed. */
  links: RequestLinks
  outbox: Outbox
  /** How a stored request's mails are queued: by this server, or (MAIL_SENDER=function) by the Sanity Function. */
  notifications: {
    booking: BookingNotifier
    notify: (id: string, message: MailMessage, about?: string) => Promise<void>
  }
  challenges: ChallengeService
  requestLimiter: RateLimiter
  eventLimiter: RateLimiter
  availabilityLimiter: RateLimiter
  /** Per reseller key on the OCTO API. */
  octoLimiter: KeyRateLimiter
  /** Mails to addresses nobody has confirmed, per address and overall (lib/mail-budget.ts). */
  unconfirmedMail: MailBudget
  /** The privacy notice and consent boxes in force, recorded with every request (at most two seconds old). */
  consentNotice: () => Promise<ConsentNotice>
  today: () => string
}

const TRIP_REMINDERS_EVERY_MS = 5 * 60_000
const WAITLIST_OFFERS_EVERY_MS = 60_000
const DISK_CATCH_UP_EVERY_MS = 60_000

/** What the booking notifier and the sweep send mail with: the outbox, the team's address, templates and links. */
const notificationMailDeps = (
  env: FunctionsEnv,
  outbox: PublicRuntime['outbox'],
  mailContent: PublicRuntime['mailContent'],
) => ({
  outbox,
  teamEmail: env.teamEmail,
  mailContent,
  siteUrl: env.siteUrl,
  requestLinkSecret: env.requestLinkSecret,
})

/**
 * The runtime, built from the parsed environment and nothing else: clients, loaders, limiters and the outbox,
 * with no timer started (`startScheduledWork` starts them). The site server builds it once at start
 * (`createPublicRuntimeWhenReady`) and hands it to the routes (`createApiRoutes`); `npm run jobs` builds it with its
 * own clock (run-jobs.ts).
 */
export function createPublicRuntime(
  env: FunctionsEnv,
  {now = () => new Date()}: {now?: () => Date} = {},
): PublicRuntime {
  const bookings = createBookingsClient(env)
  const content = createContentClient(env)
  const mailContent = mailContentLoader(content)
  const links: RequestLinks = {siteUrl: env.siteUrl, secret: env.requestLinkSecret, now}
  const outbox = siteOutbox(env, bookings)
  const mailDeps = notificationMailDeps(env, outbox, mailContent)
  const byFunction = env.mailSender === 'function'
  // Counted in the lake, keyed with the request links' secret, which every server and the function share.
  const unconfirmedMail = createMailBudget({
    bookings,
    secret: env.requestLinkSecret,
    overall: env.unconfirmedMailSiteLimit,
  })
  return {
    env,
    content,
    bookings,
    mailContent,
    links,
    outbox,
    notifications: byFunction
      ? {booking: {mails: () => [], stored: () => {}}, notify: async () => {}}
      : {booking: bookingNotifier({...mailDeps, unconfirmedMail}), notify: outbox.enqueue},
    challenges: createChallengeService({secret: env.challengeSecret, bookings}),
    requestLimiter: createRateLimiter({limit: env.requestRateLimit, windowMs: 60_000}),
    eventLimiter: createRateLimiter({limit: env.eventRateLimit, windowMs: 60_000}),
    availabilityLimiter: createRateLimiter({limit: env.availabilityRateLimit, windowMs: 60_000}),
    // In the lake, so a reseller's limit holds across every site server (functions/octo/key-rate-limit.ts).
    octoLimiter: createLakeRateLimiter(() => bookings, {limit: env.octoRateLimit, windowMs: 60_000}),
    unconfirmedMail,
    consentNotice: consentNoticeLoader(content),
    today: () => todayInCapeTown(),
  }
}

/**
 * Starts what the site server does in the background: the outbox's delivery (which keeps retrying whatever an SMTP
 * outage left queued, on this server or another), its sweep, the clean-ups and the scheduled jobs.
 */
export function startScheduledWork(rt: PublicRuntime): void {
  const {env, bookings, content, mailContent, outbox, links, unconfirmedMail} = rt
  const byFunction = env.mailSender === 'function'
  const mailDeps = notificationMailDeps(env, outbox, mailContent)
  // With the function sending, this server's pass only catches up, once a minute: a staff's "Send again", mail
  // whose function invocations gave up, and (the sweep below) mail of requests whose event hosted Sanity's rate
  // limits kept from the function (Sanity's scheduled functions, which would do this, are not public yet).
  outbox.start(byFunction ? 60_000 : 5_000)
  // A data folder from before the outbox moved into the lake may hold a mail queue. It goes into the lake before any
  // sweep, so the sweep neither sends again what the old queue sent nor forgets what waited there; until it has,
  // the sweep waits.
  let oldQueueMoved = false
  const moveOldQueue = async () => {
    if (oldQueueMoved) return true
    try {
      const count = await importFileQueue(path.join(env.dataDir, 'mail-queue'), bookings)
      if (count > 0)
        console.log(`[outbox] moved ${count} mails from the old mail queue into the lake`)
      oldQueueMoved = true
    } catch (error) {
      console.error('[outbox] could not move the old mail queue yet', error)
    }
    return oldQueueMoved
  }
  // Every minute, re-queue the mails of the last day's bookings, trip requests and sign-ups: a no-op for those
  // already queued or sent, and the mail of one stored just before a crash is sent after all.
  const sweep = async () => {
    if (!(await moveOldQueue())) return
    // With the function sending, an acknowledgement the sweep queues in its stead is counted as the function's
    // is; with this server sending, a booking's mails were queued in its own transaction, counted then.
    await requeueRecentNotifications(sweepWindow(byFunction, new Date()), {
      ...mailDeps,
      bookings: rt.bookings,
      ...(byFunction ? {unconfirmedMail} : {}),
    }).catch((error: unknown) => console.error('[outbox sweep]', error))
  }
  setInterval(() => void sweep(), 60_000).unref()
  void sweep()
  // Used security questions are useless once their questions have expired, and the counters of mails to
  // unconfirmed addresses (which name a mailbox, hashed) a day after their hour: every server removes them now
  // and then.
  startCleanUps({
    'used questions': () => rt.challenges.removeExpired(),
    'mail counters': () => unconfirmedMail.removeExpired(),
    // Personal details past the periods managers set (apply-retention/handler.ts).
    'retention': () =>
      applyRetention(
        {bookings, dataDir: env.dataDir, secret: env.requestLinkSecret, now: () => new Date()},
        new Date(),
      ).then((run) => run.anonymised),
    'unconfirmed newsletter sign-ups': () =>
      removeUnconfirmedSignups(bookings, new Date()).then(({removed}) => removed),
  })
  // What another server anonymised or erased, removed from this server's own disk too (disk-catch-up.ts).
  const catchUp = () =>
    catchUpDiskScrubs({
      bookings,
      dataDir: env.dataDir,
      secret: env.requestLinkSecret,
      now: () => new Date(),
    }).catch((error: unknown) => console.error('[privacy disk catch-up]', error))
  setInterval(() => void catchUp(), DISK_CATCH_UP_EVERY_MS).unref()
  void catchUp()
  // Reminders before confirmed trips: every few minutes on every server, each reminder sent once
  // (send-trip-reminders/handler.ts); `npm run jobs` runs the same job by hand.
  const remind = () =>
    sendTripReminders({bookings, content, mailContent, outbox, links}, new Date()).catch(
      (error: unknown) => console.error('[trip reminders]', error),
    )
  setInterval(() => void remind(), TRIP_REMINDERS_EVERY_MS).unref()
  void remind()
  // Waitlist offers when places free up, and the holds that ran out (waitlist/offer-places.ts): every minute.
  // Resellers' holds past their time end first (functions/octo), so the waitlist is offered their places too.
  const offer = () =>
    expireHolds(bookings, new Date())
      .then(() => pruneRateWindows(bookings, new Date(Date.now() - 60_000)))
      .catch((error: unknown) => console.error('[octo holds]', error))
      .then(() => offerWaitlistPlaces(waitlistDeps(rt), new Date()))
      .catch((error: unknown) => console.error('[waitlist offers]', error))
  setInterval(() => void offer(), WAITLIST_OFFERS_EVERY_MS).unref()
  void offer()
  // Review requests after trips, on the same beat and with the same once-only outbox ids.
  const askForReviews = () =>
    sendReviewRequests(
      {bookings, content, mailContent, outbox, siteUrl: env.siteUrl, secret: env.requestLinkSecret},
      new Date(),
    ).catch((error: unknown) => console.error('[review requests]', error))
  setInterval(() => void askForReviews(), TRIP_REMINDERS_EVERY_MS).unref()
  void askForReviews()
  // The team's daily digest of requests waiting too long (docs/decisions/014-nothing-waits-unseen.md): once a day
  // whichever servers run.
  startDailyDigest({
    bookings,
    content,
    mailContent,
    outbox,
    teamEmail: env.teamEmail,
    siteUrl: env.siteUrl,
    now: () => new Date(),
  })
}

/**
 * The site server's composition step (server/main.ts, functions/testing/serve-api.ts): the runtime built once from
 * the parsed environment, when the environment has a write token. The local lake may write its secrets (the
 * token) after the site process has started: `readEnv` is asked again every `retryMs` until it answers.
 */
export async function createPublicRuntimeWhenReady(
  readEnv: () => FunctionsEnv,
  retryMs = 2_000,
): Promise<PublicRuntime> {
  for (let tries = 0; ; tries++) {
    try {
      return createPublicRuntime(readEnv())
    } catch (error) {
      if (tries === 0) console.log(`[runtime] waiting: ${(error as Error).message}`)
      await new Promise((resolve) => setTimeout(resolve, retryMs))
    }
  }
}

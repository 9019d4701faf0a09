import type {Hono} from 'hono'

import {clientAddress} from '../lib/client-address.ts'
import {ownOrigins} from '../lib/own-origins.ts'
import {createRateLimiter} from '../lib/rate-limit.ts'
import type {PublicRuntime} from '../runtime.ts'
import {loadOrCreateStaffSecrets} from './admin-password.ts'
import {createStaffRoutes} from './create-staff-routes.ts'
import {createLakeListener} from './lake-listen.ts'

/**
 * The host adapter: prepares the bootstrap password, and builds the routes `functions/api-routes.ts` mounts at
 * `/api/staff` on the site's runtime, so the dashboard reads the same bookings dataset the booking form writes to.
 * The write token never reaches browser code.
 */
export function staffRoutes(rt: PublicRuntime): Hono {
  const {env} = rt
  // Only the bootstrap password is still read from the data folder: people, sessions, the signing secret and
  // the login back-off live in the lake, the same for every server.
  const bootstrapPassword = loadOrCreateStaffSecrets({
    dataDir: env.dataDir,
    adminPassword: env.adminPassword,
  }).password
  return createStaffRoutes({
    // Staff lists and counts read published bookings, never an editor's open draft.
    client: rt.bookings.withConfig({perspective: 'published'}),
    // Published content needs no token: the booking rules are public, as the site reads them.
    content: rt.content,
    now: () => new Date(),
    bootstrapPassword,
    listen: createLakeListener({
      apiHost: env.sanity.apiHost,
      apiVersion: env.sanity.apiVersion,
      dataset: env.sanity.bookingsDataset,
      token: env.writeToken,
    }),
    ownOrigins: ownOrigins(env.siteUrl),
    // The site's per-address limit, with a count of its own (STAFF_SIGN_IN_RATE_LIMIT a minute): travellers' forms
    // sent from an office's address do not lock its staff out.
    signInLimit: {
      limiter: createRateLimiter({limit: env.staffSignInRateLimit, windowMs: 60_000}),
      clientAddress,
    },
    privacy: {dataDir: env.dataDir, secret: env.requestLinkSecret},
    // Invitation and reset links point at the site's configured origin, never one taken from the request.
    siteUrl: env.siteUrl,
    // The traveller-facing runtime of this same server: its outbox sends the decisions' mails, and its settings
    // sign the request links (the same secret the request page checks them with).
    decisions: {
      mailContent: rt.mailContent,
      links: rt.links,
      queued: () =>
        void rt.outbox.flush().catch((error: unknown) => console.error('[outbox]', error)),
    },
  }) as unknown as Hono
}

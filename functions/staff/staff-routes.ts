import type {SanityClient} from '@sanity/client'
import type {Hono} from 'hono'

import {clientAddress} from '../lib/client-address.ts'
import {functionsConfig} from '../lib/env.ts'
import {ownOrigins} from '../lib/own-origins.ts'
import {createRateLimiter} from '../lib/rate-limit.ts'
import {publicRuntime} from '../runtime.ts'
import {loadOrCreateStaffSecrets} from './admin-password.ts'
import {createStaffRoutes} from './create-staff-routes.ts'
import {createLakeListener} from './lake-listen.ts'

/**
 * The host adapter: prepares the bootstrap password, and exports the routes `functions/api-routes.ts` mounts at
 * `/api/staff`. The configuration is the functions' one (functions/lib/env.ts) and the lake clients are the shared
 * runtime's, so the dashboard reads the same bookings dataset the booking form writes to. The write token never
 * reaches browser code.
 */
function buildStaffRoutes(): Hono {
  const config = functionsConfig()
  // Only the bootstrap password is still read from the data folder: people, sessions, the signing secret and
  // the login back-off live in the lake, the same for every server.
  const bootstrapPassword = loadOrCreateStaffSecrets({
    dataDir: config.dataDir,
    adminPassword: config.adminPassword,
  }).password
  // Built when first needed: the local lake may write its secrets after the site process has started. Staff
  // lists and counts read published bookings, never an editor's open draft.
  let client: SanityClient | undefined
  const getClient = () =>
    (client ??= publicRuntime().bookings.withConfig({perspective: 'published'}))
  return createStaffRoutes({
    get client() {
      return getClient()
    },
    // Published content needs no token: the booking rules are public, as the site reads them.
    get content() {
      return publicRuntime().content
    },
    now: () => new Date(),
    bootstrapPassword,
    listen: (onChange, signal, watch) => {
      const {env} = publicRuntime()
      return createLakeListener({
        apiHost: env.sanity.apiHost,
        apiVersion: env.sanity.apiVersion,
        dataset: env.sanity.bookingsDataset,
        token: env.writeToken,
      })(onChange, signal, watch)
    },
    ownOrigins: ownOrigins(config.siteUrl),
    // The site's per-address limit, with a count of its own (STAFF_SIGN_IN_RATE_LIMIT a minute): travellers' forms
    // sent from an office's address do not lock its staff out.
    signInLimit: {
      limiter: createRateLimiter({limit: config.staffSignInRateLimit, windowMs: 60_000}),
      clientAddress,
    },
    get privacy() {
      const {env} = publicRuntime()
      return {dataDir: env.dataDir, secret: env.requestLinkSecret}
    },
    // Invitation and reset links point at the site's configured origin, never one taken from the request.
    siteUrl: config.siteUrl,
    // The traveller-facing runtime of this same server: its outbox sends the decisions' mails, and its settings
    // sign the request links (the same secret the request page checks them with).
    decisions: {
      mailContent: () => publicRuntime().mailContent(),
      get links() {
        return publicRuntime().links
      },
      queued: () =>
        void publicRuntime()
          .outbox.flush()
          .catch((error: unknown) => console.error('[outbox]', error)),
    },
  }) as unknown as Hono
}

export const staffRoutes = buildStaffRoutes()

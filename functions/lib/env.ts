import path from 'node:path'

import {z} from 'zod'

import {stackAddresses} from './addresses.ts'
import {readLocalSecrets} from './local-secrets.ts'

/**
 * The variables the site server (server/env.ts) and the functions share, named once: where the data folder
 * is, where the site is, which Content Lake and datasets, and the server-only tokens. The `VITE_*` values are the
 * browser bundle's; the server falls back to them so one `.env` serves both halves.
 */
export const sharedEnvSchema = z.object({
  DATA_DIR: z.string().min(1).default('.data'),
  // The site's public address, for canonical links, the sitemap and the links in mails. Unset: the browser
  // bundle's, else http://localhost:PORT (addresses.ts derives every address from these).
  SITE_URL: z.url().optional(),
  VITE_SITE_URL: z.url().optional(),
  PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  // The local lake's address, when SANITY_API_HOST does not name one: http://LAKE_HOST:LAKE_PORT.
  LAKE_HOST: z.string().min(1).optional(),
  LAKE_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  SANITY_PROJECT_ID: z
    .string()
    .regex(/^[-a-z0-9]+$/i)
    .optional(),
  // The public content (pages, mail templates, site settings).
  SANITY_DATASET: z.string().min(1).optional(),
  SANITY_API_HOST: z.url().optional(),
  SANITY_API_VERSION: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  VITE_SANITY_PROJECT_ID: z.string().default('local'),
  VITE_SANITY_DATASET: z.string().default('production'),
  VITE_SANITY_API_HOST: z.url().optional(),
  VITE_SANITY_API_VERSION: z.string().default('2025-02-19'),
  // The private dataset of requests, staff sessions, preview sessions and the outbox: the booking form writes there
  // and the dashboard reads there.
  SANITY_BOOKINGS_DATASET: z.string().min(1).default('bookings'),
  // Server-only; unset: the local lake's tokens from DATA_DIR/secrets.json.
  SANITY_WRITE_TOKEN: z.string().min(1).optional(),
  SANITY_PREVIEW_TOKEN: z.string().min(1).optional(),
})

export type SharedEnv = z.output<typeof sharedEnvSchema>

/** The site's address without a trailing slash: SITE_URL, else the browser bundle's, else the one PORT gives. */
export const siteUrlOf = (env: SharedEnv) => stackAddresses(env).site

/** The Content Lake of the public content, each value falling back to the browser bundle's. */
export function contentLakeOf(env: SharedEnv): {
  projectId: string
  dataset: string
  apiHost: string
  apiVersion: string
} {
  return {
    projectId: env.SANITY_PROJECT_ID ?? env.VITE_SANITY_PROJECT_ID,
    dataset: env.SANITY_DATASET ?? env.VITE_SANITY_DATASET,
    apiHost: stackAddresses(env).lake,
    apiVersion: env.SANITY_API_VERSION ?? env.VITE_SANITY_API_VERSION,
  }
}

/** Turns a schema's failure into one error that lists every variable at fault. */
export function parseEnv<Schema extends z.ZodType>(
  schema: Schema,
  source: Record<string, string | undefined>,
  what: string,
): z.output<Schema> {
  const parsed = schema.safeParse(source)
  if (parsed.success) return parsed.data
  const problems = parsed.error.issues.map((issue) => `- ${issue.path.join('.')}: ${issue.message}`)
  throw new Error(`Invalid ${what} environment variables:\n${problems.join('\n')}`)
}

/**
 * What sending mail needs: shared with the Sanity Function (send-booking-notifications), which has no write token
 * here (its own comes with each event) but fills the same templates and signs the same request links.
 */
export const mailEnvSchema = sharedEnvSchema.extend({
  SMTP_URL: z.string().min(1).optional(),
  // Only while site settings name no sender address: the brand in mails is the site's.
  MAIL_FROM: z.string().default('bookings@localhost'),
  // Unset: the team's mails go to the address in site settings (the brand's, which editors keep current).
  TEAM_EMAIL: z.email().optional(),
  // Signs the travellers' private request links. Set it in production, the same on every server and in the
  // function: unset, it derives from the write token, which hosted Sanity gives the function its own of.
  REQUEST_LINK_SECRET: z.string().min(32).optional(),
  // Mails an hour to addresses nobody has confirmed, over all of them (lib/mail-budget.ts), counted in the lake
  // for every server and the function together. Raised only by load tests that book a thousand times an hour.
  UNCONFIRMED_MAIL_SITE_LIMIT: z.coerce.number().int().min(1).default(120),
})

/** A team mail addressed to this goes to site settings' email (see composeMail in mail-content.ts). */
export const TEAM_FROM_SITE_SETTINGS = ''

/** Where the links in mails point, and the key that signs them, from the mail environment and a write token. */
export function mailLinks(
  env: z.infer<typeof mailEnvSchema>,
  writeToken: string,
): {siteUrl: string; requestLinkSecret: string} {
  return {
    siteUrl: siteUrlOf(env),
    requestLinkSecret: env.REQUEST_LINK_SECRET ?? `request-link:${writeToken}`,
  }
}

/**
 * The functions' configuration: every variable they read is named here or in the shared schema above, once, and
 * documented in `.env.example` (the site server's own, such as PORT, CONTENT_CACHE_MS and FRAME_ANCESTORS, extend
 * the shared schema in server/env.ts). Parsed
 * once per process by `functionsConfig()`; the write token, which the local lake may write after the site has
 * started, is read when the first request needs it (`readFunctionsEnv`). It is server-only, from
 * `SANITY_WRITE_TOKEN` or else the local lake's `DATA_DIR/secrets.json`, and never sent to a browser.
 */
const functionsEnvSchema = mailEnvSchema.extend({
  // `function`: the Sanity Function in sanity.blueprint.ts queues and sends the mails of what this server stores.
  MAIL_SENDER: z.enum(['server', 'function']).default('server'),
  CHALLENGE_SECRET: z.string().min(16).optional(),
  // The first owner's set-up password (docs/decisions/070). Unset: generated on first start, printed once and kept
  // hashed in DATA_DIR (functions/staff/admin-password.ts).
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD needs at least 8 characters').optional(),
  REQUEST_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  STAFF_SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  // Views of a traveller's request page a minute per client address; its actions and new-link mails get a third
  // and a sixth of it (functions/traveller-request/routes.ts).
  REQUEST_PAGE_RATE_LIMIT: z.coerce.number().int().min(6).default(30),
  EVENT_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  AVAILABILITY_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  // Requests a minute per reseller key on the OCTO API (functions/octo).
  OCTO_RATE_LIMIT: z.coerce.number().int().min(1).default(300),
  TRUST_PROXY_HOPS: z.string().optional(),
  // Unset: the outbox's own 10 minutes. For tests that kill a site server and cannot wait that long.
  OUTBOX_CLAIM_TIMEOUT_MS: z.coerce.number().int().min(1_000).optional(),
})

/** Every variable the functions read, for the test that finds each documented in an `.env.example`. */
export const FUNCTIONS_ENV_VARIABLES = Object.keys(functionsEnvSchema.shape)

/** How many reverse proxies stand before the server (see client-address.ts): 0 to 10, unset is 0. */
export function trustedProxyHops(value: string | undefined): number {
  if (value === undefined || value === '') return 0
  const hops = Number(value)
  if (!Number.isInteger(hops) || hops < 0 || hops > 10)
    throw new Error(`TRUST_PROXY_HOPS must be a whole number from 0 to 10, not "${value}".`)
  return hops
}

/** Everything the environment says, before the write token (and what derives from it) is known. */
export type FunctionsConfig = {
  dataDir: string
  sanity: {
    projectId: string
    apiHost: string
    apiVersion: string
    dataset: string
    bookingsDataset: string
  }
  smtpUrl: string | undefined
  mailSender: 'server' | 'function'
  mailFrom: string
  teamEmail: string
  siteUrl: string
  adminPassword: string | undefined
  requestRateLimit: number
  staffSignInRateLimit: number
  requestPageRateLimit: number
  eventRateLimit: number
  availabilityRateLimit: number
  octoRateLimit: number
  trustProxyHops: number
  outboxClaimTimeoutMs: number | undefined
  unconfirmedMailSiteLimit: number
  /** The token, secrets and links, once a write token is known. */
  withWriteToken: () => FunctionsEnv
}

export type FunctionsEnv = Omit<FunctionsConfig, 'withWriteToken'> & {
  writeToken: string
  challengeSecret: string
  requestLinkSecret: string
}

export function parseFunctionsEnv(
  source: Record<string, string | undefined> = process.env,
): FunctionsConfig {
  const env = parseEnv(functionsEnvSchema, source, 'functions')
  const config: Omit<FunctionsConfig, 'withWriteToken'> = {
    dataDir: path.resolve(env.DATA_DIR),
    sanity: {...contentLakeOf(env), bookingsDataset: env.SANITY_BOOKINGS_DATASET},
    smtpUrl: env.SMTP_URL,
    mailSender: env.MAIL_SENDER,
    mailFrom: env.MAIL_FROM,
    teamEmail: env.TEAM_EMAIL ?? TEAM_FROM_SITE_SETTINGS,
    siteUrl: siteUrlOf(env),
    adminPassword: env.ADMIN_PASSWORD,
    requestRateLimit: env.REQUEST_RATE_LIMIT,
    staffSignInRateLimit: env.STAFF_SIGN_IN_RATE_LIMIT,
    requestPageRateLimit: env.REQUEST_PAGE_RATE_LIMIT,
    eventRateLimit: env.EVENT_RATE_LIMIT,
    availabilityRateLimit: env.AVAILABILITY_RATE_LIMIT,
    octoRateLimit: env.OCTO_RATE_LIMIT,
    trustProxyHops: trustedProxyHops(env.TRUST_PROXY_HOPS),
    outboxClaimTimeoutMs: env.OUTBOX_CLAIM_TIMEOUT_MS,
    unconfirmedMailSiteLimit: env.UNCONFIRMED_MAIL_SITE_LIMIT,
  }
  return {
    ...config,
    withWriteToken() {
      const writeToken = env.SANITY_WRITE_TOKEN ?? readLocalSecrets(config.dataDir).writeToken
      if (!writeToken)
        throw new Error(
          `No write token: set SANITY_WRITE_TOKEN, or start the local lake so ${config.dataDir}/secrets.json exists.`,
        )
      return {
        ...config,
        writeToken,
        // Derived from the write token when not set, so challenges survive a restart without another secret to manage.
        challengeSecret: env.CHALLENGE_SECRET ?? `challenge:${writeToken}`,
        requestLinkSecret: mailLinks(env, writeToken).requestLinkSecret,
      }
    },
  }
}

let config: FunctionsConfig | undefined

/** This process's configuration, read from `process.env` the first time it is asked for. */
export function functionsConfig(): FunctionsConfig {
  return (config ??= parseFunctionsEnv(process.env))
}

/**
 * The configuration with the write token: from `source` when given (tests), else from this process's one reading
 * of the environment. Throws while there is no token yet (the local lake has not started).
 */
export function readFunctionsEnv(source?: Record<string, string | undefined>): FunctionsEnv {
  return (source ? parseFunctionsEnv(source) : functionsConfig()).withWriteToken()
}

import fs from 'node:fs'
import path from 'node:path'

import {z} from 'zod'

/**
 * What sending mail needs: shared with the Sanity Function (send-booking-notifications), which has no write token
 * here (its own comes with each event) but fills the same templates and signs the same request links.
 */
export const mailEnvSchema = z.object({
  DATA_DIR: z.string().min(1).default('.data'),
  SMTP_URL: z.string().min(1).optional(),
  // Only while site settings name no sender address (issue 14: the brand in mails is the site's).
  MAIL_FROM: z.string().default('bookings@localhost'),
  TEAM_EMAIL: z.email().default('team@capetown-experiences.local'),
  // The public content (mail templates, site settings).
  SANITY_DATASET: z.string().default('production'),
  // Signs the travellers' private request links (issue 14). Set it in production, the same on every server and
  // in the function: unset, it derives from the write token, which hosted Sanity gives the function its own of.
  REQUEST_LINK_SECRET: z.string().min(32).optional(),
  // The site's public address, for the links in mails.
  SITE_URL: z.url().optional(),
  // Mails an hour to addresses nobody has confirmed, over all of them (lib/mail-budget.ts), counted in the lake
  // for every server and the function together. Raised only by load tests that book a thousand times an hour.
  UNCONFIRMED_MAIL_SITE_LIMIT: z.coerce.number().int().min(1).default(120),
  VITE_SITE_URL: z.url().default('http://127.0.0.1:3000'),
})

/** Where the links in mails point, and the key that signs them, from the mail environment and a write token. */
export function mailLinks(
  env: z.infer<typeof mailEnvSchema>,
  writeToken: string,
): {siteUrl: string; requestLinkSecret: string} {
  return {
    siteUrl: (env.SITE_URL ?? env.VITE_SITE_URL).replace(/\/+$/, ''),
    requestLinkSecret: env.REQUEST_LINK_SECRET ?? `request-link:${writeToken}`,
  }
}

/**
 * The functions' configuration, validated once, when the first request needs it (the local lake may write its
 * secrets after the site has started). The write token is server-only: from `SANITY_WRITE_TOKEN`, else the local
 * lake's `DATA_DIR/secrets.json`, and never sent to a browser.
 */
const functionsEnvSchema = mailEnvSchema.extend({
  SANITY_PROJECT_ID: z.string().default('local'),
  SANITY_API_HOST: z.url().optional(),
  VITE_SANITY_API_HOST: z.url().default('http://127.0.0.1:3333'),
  SANITY_API_VERSION: z.string().default('2025-02-19'),
  SANITY_BOOKINGS_DATASET: z.string().default('bookings'),
  SANITY_WRITE_TOKEN: z.string().min(1).optional(),
  // `function`: the Sanity Function in sanity.blueprint.ts queues and sends the mails of what this server stores.
  MAIL_SENDER: z.enum(['server', 'function']).default('server'),
  CHALLENGE_SECRET: z.string().min(16).optional(),
  REQUEST_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  EVENT_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  AVAILABILITY_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  // Unset: the outbox's own 10 minutes. For tests that kill a site server and cannot wait that long.
  OUTBOX_CLAIM_TIMEOUT_MS: z.coerce.number().int().min(1_000).optional(),
})

export type FunctionsEnv = {
  dataDir: string
  sanity: {
    projectId: string
    apiHost: string
    apiVersion: string
    dataset: string
    bookingsDataset: string
  }
  writeToken: string
  smtpUrl: string | undefined
  mailSender: 'server' | 'function'
  mailFrom: string
  teamEmail: string
  challengeSecret: string
  requestLinkSecret: string
  siteUrl: string
  requestRateLimit: number
  eventRateLimit: number
  availabilityRateLimit: number
  outboxClaimTimeoutMs: number | undefined
  unconfirmedMailSiteLimit: number
}

function readLocalWriteToken(dataDir: string): string | undefined {
  try {
    const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
      writeToken?: string
    }
    return secrets.writeToken
  } catch {
    return undefined
  }
}

export function readFunctionsEnv(
  source: Record<string, string | undefined> = process.env,
): FunctionsEnv {
  const parsed = functionsEnvSchema.safeParse(source)
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `- ${issue.path.join('.')}: ${issue.message}`,
    )
    throw new Error(`Invalid functions environment variables:\n${problems.join('\n')}`)
  }
  const env = parsed.data
  const dataDir = path.resolve(env.DATA_DIR)
  const writeToken = env.SANITY_WRITE_TOKEN ?? readLocalWriteToken(dataDir)
  if (!writeToken)
    throw new Error(
      `No write token: set SANITY_WRITE_TOKEN, or start the local lake so ${dataDir}/secrets.json exists.`,
    )
  return {
    dataDir,
    sanity: {
      projectId: env.SANITY_PROJECT_ID,
      apiHost: (env.SANITY_API_HOST ?? env.VITE_SANITY_API_HOST).replace(/\/+$/, ''),
      apiVersion: env.SANITY_API_VERSION,
      dataset: env.SANITY_DATASET,
      bookingsDataset: env.SANITY_BOOKINGS_DATASET,
    },
    writeToken,
    smtpUrl: env.SMTP_URL,
    mailSender: env.MAIL_SENDER,
    mailFrom: env.MAIL_FROM,
    teamEmail: env.TEAM_EMAIL,
    // Derived from the write token when not set, so challenges survive a restart without another secret to manage.
    challengeSecret: env.CHALLENGE_SECRET ?? `challenge:${writeToken}`,
    ...mailLinks(env, writeToken),
    requestRateLimit: env.REQUEST_RATE_LIMIT,
    eventRateLimit: env.EVENT_RATE_LIMIT,
    availabilityRateLimit: env.AVAILABILITY_RATE_LIMIT,
    outboxClaimTimeoutMs: env.OUTBOX_CLAIM_TIMEOUT_MS,
    unconfirmedMailSiteLimit: env.UNCONFIRMED_MAIL_SITE_LIMIT,
  }
}

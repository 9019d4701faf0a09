import path from 'node:path'
import fs from 'node:fs'

import {createClient} from '@sanity/client'
import {Hono} from 'hono'
import {z} from 'zod'

import {ownOrigins} from '../lib/own-origins.ts'
import {publicRuntime} from '../lib/runtime.ts'
import {loadOrCreateStaffSecrets} from './admin-password.ts'
import {createStaffRoutes} from './create-staff-routes.ts'
import {createLakeListener} from './lake-listen.ts'
import {createLoginRateLimit} from './login-rate-limit.ts'

/**
 * The host adapter: reads the environment, prepares the password and the lake client, and exports the routes
 * `functions/api-routes.ts` mounts at `/api/staff`. The write token never reaches browser code.
 */
const staffEnvSchema = z.object({
  DATA_DIR: z.string().min(1).default('.data'),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD needs at least 8 characters').optional(),
  SANITY_WRITE_TOKEN: z.string().min(1).optional(),
  SANITY_PROJECT_ID: z.string().min(1).default('local'),
  SANITY_API_HOST: z.url().default('http://127.0.0.1:3333'),
  SANITY_API_VERSION: z.string().default('2025-02-19'),
  BOOKINGS_DATASET: z.string().min(1).default('bookings'),
  SANITY_DATASET: z.string().min(1).default('production'),
  SITE_URL: z.url().optional(),
  VITE_SITE_URL: z.url().default('http://127.0.0.1:3000'),
})

function readStaffEnv() {
  const parsed = staffEnvSchema.safeParse(process.env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `- ${issue.path.join('.')}: ${issue.message}`,
    )
    throw new Error(`Invalid staff API environment variables:\n${problems.join('\n')}`)
  }
  return parsed.data
}

function writeToken(env: ReturnType<typeof readStaffEnv>): string {
  if (env.SANITY_WRITE_TOKEN) return env.SANITY_WRITE_TOKEN
  const file = path.join(env.DATA_DIR, 'secrets.json')
  const token = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as {writeToken?: string}).writeToken
    : undefined
  if (!token) throw new Error(`No SANITY_WRITE_TOKEN and no writeToken in ${file}`)
  return token
}

function buildStaffRoutes(): Hono {
  const env = readStaffEnv()
  const dataDir = path.resolve(env.DATA_DIR)
  const secrets = loadOrCreateStaffSecrets({dataDir, adminPassword: env.ADMIN_PASSWORD})
  // Read lazily: the lake may write its secrets after the site process has started.
  let token: string | undefined
  const getToken = () => (token ??= writeToken({...env, DATA_DIR: dataDir}))
  const apiHost = env.SANITY_API_HOST.replace(/\/+$/, '')
  let client: ReturnType<typeof createClient> | undefined
  const getClient = () =>
    (client ??= createClient({
      projectId: env.SANITY_PROJECT_ID,
      dataset: env.BOOKINGS_DATASET,
      apiHost,
      useProjectHostname: false,
      apiVersion: env.SANITY_API_VERSION,
      useCdn: false,
      perspective: 'published',
      token: getToken(),
    }))
  // Published content needs no token: the booking rules are public, as the site reads them.
  let content: ReturnType<typeof createClient> | undefined
  const getContent = () =>
    (content ??= createClient({
      projectId: env.SANITY_PROJECT_ID,
      dataset: env.SANITY_DATASET,
      apiHost,
      useProjectHostname: false,
      apiVersion: env.SANITY_API_VERSION,
      useCdn: false,
      perspective: 'published',
    }))
  return createStaffRoutes({
    get client() {
      return getClient()
    },
    get content() {
      return getContent()
    },
    now: () => new Date(),
    secrets,
    rateLimit: createLoginRateLimit(),
    listen: (onChange, signal) =>
      createLakeListener({
        apiHost,
        apiVersion: env.SANITY_API_VERSION,
        dataset: env.BOOKINGS_DATASET,
        token: getToken(),
      })(onChange, signal),
    ownOrigins: ownOrigins(env.SITE_URL ?? env.VITE_SITE_URL),
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

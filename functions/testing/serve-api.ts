import {serve} from '@hono/node-server'
import {Hono} from 'hono'

import {createApiRoutes} from '../api-routes.ts'
import {readFunctionsEnv} from '../lib/env.ts'
import {createPublicRuntimeWhenReady, startScheduledWork} from '../runtime.ts'

/**
 * `node functions/testing/serve-api.ts`: the functions alone under `/api`, as `server/main.ts` mounts them,
 * with the same runtime and environment (PORT, DATA_DIR, SANITY_*, SMTP_URL, ...) but no site to build first. For
 * tests that need several site servers' functions as separate processes in front of one lake.
 */
const runtime = await createPublicRuntimeWhenReady(() => readFunctionsEnv())
startScheduledWork(runtime)
const app = new Hono().route('/api', createApiRoutes(runtime))
const server = serve({fetch: app.fetch, port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1'})

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => server.close(() => process.exit(0)))

import {randomUUID} from 'node:crypto'

import {readFunctionsEnv} from '../functions/lib/env.ts'
import {createApiRoutes} from '../functions/api-routes.ts'
import {createOctoRoutesOf} from '../functions/octo/index.ts'
import {createPublicRuntimeWhenReady, startScheduledWork} from '../functions/runtime.ts'
import {createFilesPrivately} from '../lake/src/store/private-files.ts'
import {createPurgeLease} from './edge/purge-lease.ts'
import {purgeTarget} from './edge/purge-targets.ts'
import {createPurger} from './edge/purger.ts'
import {readServerEnv} from './env.ts'
import {startSite} from './start-site.ts'

// The outbox's mail, used security questions and events hold travellers' personal data: private to this user.
createFilesPrivately()

// `node server/main.ts`: PORT (3000), HOST (127.0.0.1), NODE_ENV=development for Vite's dev server.
const env = readServerEnv()
// The one composition root: the functions' runtime, built once from the parsed environment (waiting, if need be,
// for the local lake to write its write token) and handed to every route.
const runtime = await createPublicRuntimeWhenReady(() => readFunctionsEnv())
// With a shared cache in front (EDGE_PURGE), publishes purge it by tag; of N servers, the lease holder does.
const purger = env.edgePurge
  ? createPurger({
      target: purgeTarget(env.edgePurge),
      lease: createPurgeLease(runtime.bookings, {
        holder: `site-${process.pid}-${randomUUID()}`,
      }),
    })
  : undefined
const site = await startSite({
  env,
  apiRoutes: createApiRoutes(runtime),
  octoRoutes: createOctoRoutesOf(runtime),
  onContentChange: purger?.onContentChange,
})
await purger?.start()
console.log(
  `Site (${env.mode}) on ${site.url}, content from ${env.sanity.apiHost}` +
    (env.edgePurge ? `, purging ${env.edgePurge.kind} on publish` : ''),
)
// The mail outbox delivers from the start, whoever the first visitor is, on every server sharing the lake.
startScheduledWork(runtime)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(
    signal,
    () => void Promise.all([purger?.stop(), site.close()]).then(() => process.exit(0)),
  )
}

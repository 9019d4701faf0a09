import {apiRoutes} from '../../functions/api-routes.ts'
import {startPublicRuntimeWhenReady} from '../../functions/runtime.ts'
import {createFilesPrivately} from '../../lake/src/store/private-files.ts'
import {readServerEnv} from './env.ts'
import {startSite} from './start-site.ts'

// The outbox's mail, used security questions and events hold travellers' personal data: private to this user.
createFilesPrivately()

// `node web/server/main.ts`: PORT (3000), HOST (127.0.0.1), NODE_ENV=development for Vite's dev server.
const env = readServerEnv()
const site = await startSite({env, apiRoutes})
console.log(`Site (${env.mode}) on ${site.url}, content from ${env.sanity.apiHost}`)
// The mail outbox delivers from the start, whoever the first visitor is (issue 16).
startPublicRuntimeWhenReady()

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void site.close().then(() => process.exit(0)))
}

import {studioSignInLink} from './auth/studio-sign-in.ts'
import {corsOriginsFromEnv, lakeConfigFromEnv} from './config.ts'
import {startLake} from './server.ts'
import {createFilesPrivately} from './store/private-files.ts'

// The database (every booking), assets, tokens and the TLS key: private to this user.
createFilesPrivately()

/** `npm run lake`: the lake on its own, configured by environment variables. */
const config = lakeConfigFromEnv()
const running = await startLake(config, {corsOrigins: corsOriginsFromEnv()})
console.log(`Content lake: ${running.url} (HTTP/1.1), ${running.tlsUrl} (HTTP/2 + TLS), data in ${config.dataDir}`)
if (config.studioDir) {
  console.log(`Studio sign-in link (keep it to yourself): ${studioSignInLink(running.tlsUrl, running.secrets.studioSignInKey)}`)
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void running.close().then(() => process.exit(0))
  })
}

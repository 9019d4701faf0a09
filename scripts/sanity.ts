import fs from 'node:fs'
import path from 'node:path'

import {lakeConfigFromEnv} from '../lake/src/config.ts'
import {loadOrCreateSecrets} from '../lake/src/auth/secrets.ts'
import {sanityCliEnv} from '../lake/src/sanity-cli/sanity-cli-env.ts'
import {loadDotEnv} from './lib/load-dot-env.ts'
import {runCommand} from './lib/run-command.ts'

/**
 * `npm run sanity -- <command>`: Sanity's own CLI against the lake that `npm start` runs, as its
 * administrator (e.g. `npm run sanity -- dataset export production backup.tar.gz`). See
 * lake/src/sanity-cli/sanity-cli-env.ts for how, and docs/sanity-tools.md for what works.
 */
const root = path.resolve(import.meta.dirname, '..')
loadDotEnv(path.join(root, '.env'))
const config = lakeConfigFromEnv()
if (!fs.existsSync(path.join(config.dataDir, 'secrets.json'))) {
  console.error(`No lake data in ${config.dataDir}: run \`npm start\` first.`)
  process.exit(1)
}
const {rootToken} = loadOrCreateSecrets(config)
try {
  await runCommand(path.join(root, 'node_modules/.bin/sanity'), process.argv.slice(2), {
    cwd: path.join(root, 'studio'),
    env: sanityCliEnv({lakeTlsUrl: `https://localhost:${config.tlsPort}`, dataDir: config.dataDir, token: rootToken}),
  })
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}

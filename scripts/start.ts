import {spawn, type ChildProcess} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import {loadOrCreateSecrets} from '../lake/src/auth/secrets.ts'
import {stackAddresses} from '../functions/lib/addresses.ts'
import {studioSignInLink} from '../lake/src/auth/studio-sign-in.ts'
import {lakeConfigFromEnv} from '../lake/src/config.ts'
import {createFilesPrivately} from '../lake/src/store/private-files.ts'
import {dashboardUrl, runningSummary} from './lib/running-summary.ts'
import {ensureStudioBuild} from './lib/studio-build.ts'
import {ensureWebBuild} from './lib/web-build.ts'
import {loadDotEnv} from './lib/load-dot-env.ts'
import {edgePurgeToken, startVarnish, varnishdSays} from './lib/varnish.ts'
import {migrateDataFolder} from './lib/migrate-root-path-ids.ts'
import {seedOnFirstRun} from './lib/seed.ts'
import {waitForUrl} from './lib/wait-for-url.ts'

/**
 * `npm start`: the lake (seeded on first run), the studio it serves, and the site with its
 * functions, each in its own process so one can be restarted (or killed in a fault test) alone.
 * `npm run dev` (`--dev`): the site through Vite's dev server instead of a build, reloading on edits.
 * `npm start -- --edge`: Varnish in front of the site as a CDN would be (EDGE_PORT, 3080), purged on publish.
 */
const root = path.resolve(import.meta.dirname, '..')
const dev = process.argv.includes('--dev')
const edge = process.argv.includes('--edge')
// Optional local overrides; every variable has a safe default (see .env.example).
loadDotEnv(path.join(root, '.env'))
// Everything npm start and its services write into the data folder is private to this user.
createFilesPrivately()
const config = lakeConfigFromEnv()
// Every address from the one derivation (functions/lib/addresses.ts) the site, the jobs and the tests use too.
const addresses = stackAddresses(process.env)
const sitePort = addresses.sitePort
const siteHost = process.env.HOST ?? '127.0.0.1'
const lakeUrl = addresses.localLake
const lakeTlsUrl = addresses.lakeTls
const siteUrl = addresses.site
const edgePort = addresses.edgePort
const edgeUrl = addresses.edge

const studioDir = await ensureStudioBuild(root, addresses.previewUrl)
if (!dev) await ensureWebBuild(root)
await seedOnFirstRun({config, root, publicBaseUrl: lakeUrl})
await migrateDataFolder(config)

const children: ChildProcess[] = []
let stopping = false

function service(name: string, script: string, env: NodeJS.ProcessEnv): ChildProcess {
  return watch(name, spawn(process.execPath, [script], {cwd: root, env: {...process.env, ...env}, stdio: ['ignore', 'pipe', 'pipe']}))
}

function watch(name: string, child: ChildProcess, shown: (line: string) => boolean = () => true): ChildProcess {
  const prefix = (line: string) => (line && shown(line) ? `[${name}] ${line}\n` : '')
  child.stdout?.on('data', (chunk: Buffer) => process.stdout.write(chunk.toString().split('\n').map(prefix).join('')))
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(chunk.toString().split('\n').map(prefix).join('')))
  child.on('exit', (code, signal) => {
    if (stopping) return
    console.error(`${name} stopped (${signal ?? `exit code ${code}`}); stopping everything.`)
    stop(1)
  })
  children.push(child)
  return child
}

function stop(code: number) {
  stopping = true
  for (const child of children) child.kill('SIGTERM')
  setTimeout(() => process.exit(code), 500).unref()
}
process.once('SIGINT', () => stop(0))
process.once('SIGTERM', () => stop(0))

service('lake', 'lake/src/main.ts', {
  DATA_DIR: config.dataDir,
  LAKE_STUDIO_DIR: studioDir,
  // MAIL_SENDER=function: mail goes as in production with Sanity Functions, the lake delivering the blueprint's events.
  ...(process.env.MAIL_SENDER === 'function' ? {LAKE_BLUEPRINT: path.join(root, 'sanity.blueprint.ts')} : {}),
})
await waitForUrl(`${lakeUrl}/v1/ping`)

service('site', 'server/main.ts', {
  DATA_DIR: config.dataDir,
  PORT: String(sitePort),
  HOST: siteHost,
  SANITY_API_HOST: lakeUrl,
  SITE_URL: siteUrl,
  // The studio's Presentation tool frames the site; no other origin may (docs/decisions/018-editors-preview.md).
  FRAME_ANCESTORS: addresses.frameAncestors.join(' '),
  NODE_ENV: dev ? 'development' : (process.env.NODE_ENV ?? 'production'),
  // With Varnish in front, publishes purge it by tag (server/edge/purger.ts), with the token only it and the VCL
  // know; and the visitor's address is the one Varnish adds to X-Forwarded-For, so each has their own limits.
  ...(edge
    ? {
        EDGE_PURGE: 'varnish',
        EDGE_PURGE_URL: `http://127.0.0.1:${edgePort}/`,
        EDGE_PURGE_TOKEN: edgePurgeToken(config.dataDir),
        TRUST_PROXY_HOPS: '1',
      }
    : {}),
})
await waitForUrl(`${addresses.localSite}/`)
if (edge) {
  watch('edge', startVarnish(root, {port: edgePort, sitePort, workDir: path.join(config.dataDir, 'varnish'), purgeToken: edgePurgeToken(config.dataDir)}), varnishdSays)
  await waitForUrl(`${edgeUrl}/robots.txt`)
}

const urls = {
  site: siteUrl,
  ...(edge ? {edge: edgeUrl} : {}),
  dashboard: dashboardUrl(siteUrl),
  studio: `${lakeTlsUrl}/studio/`,
  // The studio opens for whoever has this link (see lake/src/auth/studio-sign-in.ts): like a password.
  studioSignIn: studioSignInLink(lakeTlsUrl, loadOrCreateSecrets(config).studioSignInKey),
  lake: lakeUrl,
  lakeTls: lakeTlsUrl,
  projectId: config.projectId,
}
fs.writeFileSync(path.join(config.dataDir, 'urls.json'), JSON.stringify(urls, null, 2) + '\n', {mode: 0o600})
console.log(runningSummary(urls, config.dataDir))

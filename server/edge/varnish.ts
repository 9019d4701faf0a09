import {spawn, type ChildProcess} from 'node:child_process'
import {randomBytes} from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/**
 * Varnish in front of the site, as a CDN would be: started by `npm start -- --edge` (scripts/lib/varnish.ts) and by
 * the tests that send pages through it.
 */

/** Debian's varnishd; the xkey vmod comes with `varnish-modules`. */
const VARNISHD = '/usr/sbin/varnishd'
/** Debian's multiarch folder for this machine. */
const ARCH_TRIPLET = process.arch === 'arm64' ? 'aarch64-linux-gnu' : 'x86_64-linux-gnu'
const XKEY_VMOD = `/usr/lib/${ARCH_TRIPLET}/varnish/vmods/libvmod_xkey.so`

export const varnishInstalled = () => fs.existsSync(VARNISHD) && fs.existsSync(XKEY_VMOD)

export type VarnishOptions = {
  /** Where visitors connect. */
  port: number
  host?: string
  /** The site behind it. */
  sitePort: number
  siteHost?: string
  /** Varnish's working directory (shared memory log, compiled VCL): one per instance. */
  workDir: string
  memory?: string
  /**
   * What a PURGE must carry in `X-Purge-Token` besides coming from an allowed address: the site server's
   * EDGE_PURGE_TOKEN. Without one, a random token nobody knows: nothing can purge.
   */
  purgeToken?: string
}

/**
 * The token the site server purges Varnish with: generated once into `DATA_DIR/edge-purge-token` (mode 0600) and
 * given only to the site server (EDGE_PURGE_TOKEN) and the VCL.
 */
export function edgePurgeToken(dataDir: string): string {
  const file = path.join(dataDir, 'edge-purge-token')
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim()
  const token = randomBytes(32).toString('base64url')
  fs.mkdirSync(dataDir, {recursive: true, mode: 0o700})
  fs.writeFileSync(file, token + '\n', {mode: 0o600})
  return token
}

/**
 * Starts varnishd in the foreground with the project's VCL (web/edge/site.vcl), as the user running it (no jail),
 * with its own gzip handling off: the site's brotli and gzip forms are cached as they are, one object each.
 */
export function startVarnish(root: string, options: VarnishOptions): ChildProcess {
  if (!varnishInstalled()) {
    throw new Error(
      'Varnish with xkey is not installed: apt-get install -y varnish varnish-modules (npm test installs it)',
    )
  }
  const {
    port,
    host = '127.0.0.1',
    sitePort,
    siteHost = '127.0.0.1',
    workDir,
    memory = '256m',
    purgeToken = randomBytes(32).toString('base64url'),
  } = options
  if (!/^[\w-]+$/.test(purgeToken))
    throw new Error('The purge token must be letters, digits, - and _.')
  fs.mkdirSync(workDir, {recursive: true, mode: 0o700})
  const vcl = fs
    .readFileSync(path.join(root, 'web/edge/site.vcl'), 'utf8')
    .replaceAll('{{SITE_HOST}}', siteHost)
    .replaceAll('{{SITE_PORT}}', String(sitePort))
    .replaceAll('{{PURGE_TOKEN}}', purgeToken)
  const vclFile = path.join(workDir, 'site.vcl')
  // It holds the purge token: for this user only.
  fs.writeFileSync(vclFile, vcl, {mode: 0o600})
  fs.chmodSync(vclFile, 0o600)
  return spawn(
    VARNISHD,
    [
      '-F',
      '-j',
      'none',
      '-n',
      workDir,
      '-a',
      `${host}:${port}`,
      '-T',
      'none',
      '-f',
      vclFile,
      '-s',
      `malloc,${memory}`,
      '-p',
      'http_gzip_support=off',
      // Enough threads for a burst of visitors on a small machine, started at once rather than on demand.
      '-p',
      'thread_pool_min=50',
    ],
    {stdio: ['ignore', 'pipe', 'pipe']},
  )
}

/**
 * Whether a line of varnishd's own output is worth showing: not its start-up chatter (`Debug:`, `Info:`, "Child
 * launched OK") nor what it says when it is stopped, only what it says when something is wrong.
 */
export const varnishdSays = (line: string) =>
  !/^(Debug|Info):|^Child launched OK|Manager got SIG(TERM|INT)|died signal=(15|2)\b/.test(
    line.trim(),
  )

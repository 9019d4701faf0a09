import {spawn, type ChildProcess} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import {ensureAptPackages} from './ensure-apt-packages.ts'

/** Debian's varnishd; the xkey vmod comes with `varnish-modules`. */
const VARNISHD = process.env.VARNISHD ?? '/usr/sbin/varnishd'
/** Debian's multiarch folder for this machine. */
const ARCH_TRIPLET = process.arch === 'arm64' ? 'aarch64-linux-gnu' : 'x86_64-linux-gnu'
const XKEY_VMOD = `/usr/lib/${ARCH_TRIPLET}/varnish/vmods/libvmod_xkey.so`

export const varnishInstalled = () => fs.existsSync(VARNISHD) && fs.existsSync(XKEY_VMOD)

/**
 * The edge tests run Varnish in front of the site, as a CDN would be. Installs Debian's `varnish` and
 * `varnish-modules` with apt when missing and running as root, as CI does.
 */
export const ensureVarnish = () => ensureAptPackages('Varnish', ['varnish', 'varnish-modules'], varnishInstalled)

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
  } = options
  fs.mkdirSync(workDir, {recursive: true})
  const vcl = fs
    .readFileSync(path.join(root, 'web/edge/site.vcl'), 'utf8')
    .replaceAll('{{SITE_HOST}}', siteHost)
    .replaceAll('{{SITE_PORT}}', String(sitePort))
  const vclFile = path.join(workDir, 'site.vcl')
  fs.writeFileSync(vclFile, vcl)
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

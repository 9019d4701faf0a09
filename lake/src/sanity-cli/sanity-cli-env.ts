import path from 'node:path'

import {certificatePaths} from '../tls/certificate.ts'

/**
 * The environment that points Sanity's own CLI (`sanity dataset …`, `sanity documents validate`,
 * `sanity migration run`) at a lake instead of Sanity's hosted API:
 * - `SANITY_INTERNAL_ENV`: the CLI's API host. This setting is not documented by Sanity (its documented
 *   values are `production` and `staging`; any other value is taken as the API host, with a warning about
 *   an "UNKNOWN environment mode"). No documented setting moves the CLI to another host.
 * - The lake's HTTPS listener: `sanity migration run` always speaks https, so every command does, and
 *   `NODE_EXTRA_CA_CERTS` makes Node trust the lake's own certificate (for `localhost` and
 *   `<projectId>.localhost`), as a browser does once it is accepted.
 * - `SANITY_AUTH_TOKEN`: the CLI's documented way to authenticate without `sanity login`.
 * - `--import resolve-localhost.ts`: `<projectId>.localhost` resolves to this machine, as in browsers.
 */
export function sanityCliEnv(options: {lakeTlsUrl: string; dataDir: string; token: string}): NodeJS.ProcessEnv {
  const resolver = path.join(import.meta.dirname, 'resolve-localhost.ts')
  return {
    SANITY_INTERNAL_ENV: new URL(options.lakeTlsUrl).origin,
    SANITY_AUTH_TOKEN: options.token,
    SANITY_TELEMETRY_DISABLED: '1',
    NODE_EXTRA_CA_CERTS: certificatePaths(options.dataDir).cert,
    NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import=${resolver}`].filter(Boolean).join(' '),
  }
}

import {X509Certificate, createPrivateKey} from 'node:crypto'
import {chmod, readFile} from 'node:fs/promises'
import {isIP} from 'node:net'
import {join} from 'node:path'

import {generate} from 'selfsigned'

import {writeFileAtomic} from '../assets/asset-storage.ts'

export interface TlsCredentials {
  key: string
  cert: string
}

export interface CertificateOptions {
  dataDir: string
  /** Extra names to cover, e.g. `<projectId>.localhost`; localhost and the loopback IPs always are. */
  hostnames?: string[]
  /** How long a new certificate is valid. */
  validityDays?: number
  /** Renew when fewer days than this remain, so a long-running lake never serves an expired one. */
  renewWithinDays?: number
  now?: Date
}

// Browsers refuse wildcards directly under `localhost`, so every name is listed on its own.
const ALWAYS_COVERED = ['localhost', '127.0.0.1', '::1']
const DAY = 24 * 60 * 60 * 1000

export function certificatePaths(dataDir: string): {key: string; cert: string} {
  const folder = join(dataDir, 'tls')
  return {key: join(folder, 'localhost-key.pem'), cert: join(folder, 'localhost-cert.pem')}
}

/**
 * The lake's self-signed TLS certificate, generated on first start and kept in
 * `<dataDir>/tls/`. It is reused until it is expired, nearly expired, unreadable, or does not
 * cover every requested name; then a new one replaces it.
 */
export async function loadOrCreateCertificate(
  options: CertificateOptions,
): Promise<TlsCredentials> {
  const now = options.now ?? new Date()
  const names = [
    ...new Set([...ALWAYS_COVERED, ...(options.hostnames ?? [])].map((n) => n.toLowerCase())),
  ]
  const paths = certificatePaths(options.dataDir)
  const existing = await readCredentials(paths)
  if (existing && isUsable(existing, names, now, options.renewWithinDays ?? 30)) return existing

  const credentials = await createCertificate(names, now, options.validityDays ?? 365)
  // The key first: a crash between the two writes leaves a mismatched pair, which the next
  // start detects (checkPrivateKey) and regenerates.
  await writeFileAtomic(paths.key, Buffer.from(credentials.key))
  await chmod(paths.key, 0o600).catch(() => {})
  await writeFileAtomic(paths.cert, Buffer.from(credentials.cert))
  return credentials
}

async function readCredentials(paths: {
  key: string
  cert: string
}): Promise<TlsCredentials | undefined> {
  try {
    return {key: await readFile(paths.key, 'utf8'), cert: await readFile(paths.cert, 'utf8')}
  } catch {
    return undefined
  }
}

/** Whether a stored certificate can be served for `names` at `now`. */
export function isUsable(
  credentials: TlsCredentials,
  names: string[],
  now: Date,
  renewWithinDays: number,
): boolean {
  try {
    const certificate = new X509Certificate(credentials.cert)
    if (!certificate.checkPrivateKey(createPrivateKey(credentials.key))) return false
    if (new Date(certificate.validFrom).getTime() > now.getTime()) return false
    if (new Date(certificate.validTo).getTime() - now.getTime() < renewWithinDays * DAY)
      return false
    return names.every((name) =>
      isIP(name)
        ? certificate.checkIP(name) !== undefined
        : certificate.checkHost(name) !== undefined,
    )
  } catch {
    return false
  }
}

async function createCertificate(
  names: string[],
  now: Date,
  validityDays: number,
): Promise<TlsCredentials> {
  // Backdate a little so clocks that lag behind do not see a not-yet-valid certificate.
  const notBeforeDate = new Date(now.getTime() - DAY)
  const notAfterDate = new Date(now.getTime() + validityDays * DAY)
  const pems = await generate(
    [
      {name: 'commonName', value: 'localhost'},
      {name: 'organizationName', value: 'Local Content Lake (self-signed)'},
    ],
    {
      keyType: 'ec',
      curve: 'P-256',
      algorithm: 'sha256',
      notBeforeDate,
      notAfterDate,
      extensions: [
        {name: 'basicConstraints', cA: false},
        {name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true},
        {name: 'extKeyUsage', serverAuth: true},
        {
          name: 'subjectAltName',
          altNames: names.map((name) =>
            isIP(name) ? {type: 7, ip: name} : {type: 2, value: name},
          ),
        },
      ],
    },
  )
  return {key: pems.private, cert: pems.cert}
}

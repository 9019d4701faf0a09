import {randomBytes, scryptSync, timingSafeEqual} from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/**
 * The staff password is checked on the server, never in the browser
 * (docs/decisions/051-staff-password-and-team-address.md). It comes from `ADMIN_PASSWORD`; when that is unset, one is
 * generated on first start and printed once; `DATA_DIR/admin-password.json` (mode 0600) keeps only its scrypt hash,
 * beside the secret that signs session cookies, so restarts keep both. A forgotten generated password is replaced by
 * deleting the file (or by setting `ADMIN_PASSWORD`).
 */
export type PasswordHash = {salt: string; hash: string}

export type StaffSecrets = {password: PasswordHash; sessionSecret: string}

type StoredFile = {salt: string; hash: string; sessionSecret: string}

/**
 * What older data folders hold: the generated password also in clear (`generatedPassword`), or only in clear
 * (`password`). Still signs in; the file is rewritten with the hash alone on the next start.
 */
type LegacyFile = Partial<StoredFile> & {generatedPassword?: unknown; password?: unknown}

const KEY_LENGTH = 32

export function hashPassword(
  password: string,
  salt = randomBytes(16).toString('base64url'),
): PasswordHash {
  return {salt, hash: scryptSync(password, salt, KEY_LENGTH).toString('base64url')}
}

/** Constant-time: the comparison takes as long for a near miss as for a wild guess. */
export function verifyPassword(candidate: string, stored: PasswordHash): boolean {
  const expected = Buffer.from(stored.hash, 'base64url')
  const actual = scryptSync(candidate, stored.salt, KEY_LENGTH)
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

export const adminPasswordFile = (dataDir: string) => path.join(dataDir, 'admin-password.json')

function writeStored(file: string, stored: StoredFile) {
  fs.mkdirSync(path.dirname(file), {recursive: true})
  fs.writeFileSync(file, JSON.stringify(stored, null, 2) + '\n', {mode: 0o600})
  // writeFileSync's mode applies only when it creates the file; an older file may have been more open.
  fs.chmodSync(file, 0o600)
}

/** The stored file with no password in clear: hashed from the clear one where there is no hash yet. */
function upgraded(legacy: LegacyFile): StoredFile | undefined {
  const clear = [legacy.generatedPassword, legacy.password].find(
    (value): value is string => typeof value === 'string' && value.length > 0,
  )
  const password =
    typeof legacy.salt === 'string' && typeof legacy.hash === 'string'
      ? {salt: legacy.salt, hash: legacy.hash}
      : clear
        ? hashPassword(clear)
        : undefined
  if (!password) return undefined
  return {
    ...password,
    sessionSecret:
      typeof legacy.sessionSecret === 'string' && legacy.sessionSecret
        ? legacy.sessionSecret
        : randomBytes(32).toString('base64url'),
  }
}

export function loadOrCreateStaffSecrets(options: {
  dataDir: string
  adminPassword?: string | undefined
  log?: (message: string) => void
}): StaffSecrets {
  const {dataDir, adminPassword, log = console.log} = options
  const file = adminPasswordFile(dataDir)
  let stored: StoredFile | undefined
  if (fs.existsSync(file)) {
    const legacy = JSON.parse(fs.readFileSync(file, 'utf8')) as LegacyFile
    stored = upgraded(legacy)
    const clearKept = 'generatedPassword' in legacy || 'password' in legacy
    if (stored && clearKept) writeStored(file, stored)
  }
  if (!stored) {
    const generatedPassword = adminPassword ? undefined : randomBytes(12).toString('base64url')
    stored = {
      ...hashPassword(adminPassword ?? generatedPassword!),
      sessionSecret: randomBytes(32).toString('base64url'),
    }
    writeStored(file, stored)
    if (generatedPassword) {
      log(
        `Staff dashboard password (generated; set ADMIN_PASSWORD to choose one): ${generatedPassword}\n` +
          `It is shown only this once and kept only as a hash; delete ${file} to generate a new one.`,
      )
    }
  }
  // A configured password always wins over a stored one; it is hashed with a fresh salt on each start.
  const password = adminPassword
    ? hashPassword(adminPassword)
    : {salt: stored.salt, hash: stored.hash}
  return {password, sessionSecret: stored.sessionSecret}
}

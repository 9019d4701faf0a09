import {randomBytes, scryptSync, timingSafeEqual} from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/**
 * The staff password is checked on the server, never in the browser (issue 6). It comes from `ADMIN_PASSWORD`;
 * when that is unset, one is generated on first start, printed once and kept in `DATA_DIR/admin-password.json`
 * (mode 0600) beside the secret that signs session cookies, so restarts keep both.
 */
export type PasswordHash = {salt: string; hash: string}

export type StaffSecrets = {password: PasswordHash; sessionSecret: string}

type StoredFile = {
  salt: string
  hash: string
  sessionSecret: string
  /** Only a generated password is kept in clear, so a local operator (and the e2e tests) can read it. */
  generatedPassword?: string
}

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

export function loadOrCreateStaffSecrets(options: {
  dataDir: string
  adminPassword?: string | undefined
  log?: (message: string) => void
}): StaffSecrets {
  const {dataDir, adminPassword, log = console.log} = options
  const file = adminPasswordFile(dataDir)
  let stored: StoredFile | undefined
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredFile
  if (!stored) {
    const generatedPassword = adminPassword ? undefined : randomBytes(12).toString('base64url')
    const password = hashPassword(adminPassword ?? generatedPassword!)
    stored = {
      ...password,
      sessionSecret: randomBytes(32).toString('base64url'),
      ...(generatedPassword ? {generatedPassword} : {}),
    }
    fs.mkdirSync(dataDir, {recursive: true})
    fs.writeFileSync(file, JSON.stringify(stored, null, 2) + '\n', {mode: 0o600})
    if (generatedPassword) {
      log(
        `Staff dashboard password (generated; set ADMIN_PASSWORD to choose one): ${generatedPassword}`,
      )
    }
  }
  // A configured password always wins over a stored one; it is hashed with a fresh salt on each start.
  const password = adminPassword
    ? hashPassword(adminPassword)
    : {salt: stored.salt, hash: stored.hash}
  return {password, sessionSecret: stored.sessionSecret}
}

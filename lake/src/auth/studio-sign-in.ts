import {createHash, randomBytes} from 'node:crypto'
import type {DatabaseSync} from 'node:sqlite'

import type {Role} from './role.ts'

/**
 * How a person signs in to the studio the lake serves, as Jupyter does: `npm start` prints a link with a
 * sign-in key that only the person who ran it has (it is kept in `DATA_DIR/secrets.json`, mode 0600).
 * Opening it marks that browser as a known device (an HttpOnly cookie), so later sign-ins from it need no
 * key; a stranger who reaches the lake gets nothing. Sessions expire and can be signed out; session and
 * device tokens are stored as SHA-256 hashes only, and codes waiting to be exchanged live for a minute.
 */

export const SESSION_DAYS = 7
export const DEVICE_DAYS = 30
const CODE_MS = 60_000
const MAX_PENDING_CODES = 1000
const DAY = 24 * 60 * 60 * 1000

/** Editors and staff edit content and bookings; managing the project (datasets, tokens) needs the root token. */
export const STUDIO_ROLE: Role = 'editor'
export const STUDIO_USER = 'local-editor'

export const DEVICE_COOKIE = 'lake_studio_device'

const hash = (token: string) => createHash('sha256').update(token).digest('hex')
const newToken = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`

/** The signed-in session a studio token belongs to, if it is one and has not expired. */
export function sessionFor(db: DatabaseSync, token: string, now = Date.now()): {userId: string; role: Role} | undefined {
  const row = db
    .prepare('SELECT user_id, role FROM studio_sessions WHERE token_hash = ? AND expires_at > ?')
    .get(hash(token), now)
  return row ? {userId: row.user_id as string, role: row.role as Role} : undefined
}

export function endSession(db: DatabaseSync, token: string) {
  db.prepare('DELETE FROM studio_sessions WHERE token_hash = ?').run(hash(token))
}

export function isKnownDevice(db: DatabaseSync, token: string | undefined, now = Date.now()): boolean {
  if (!token) return false
  return db.prepare('SELECT 1 FROM studio_devices WHERE token_hash = ? AND expires_at > ?').get(hash(token), now) !== undefined
}

/** A new device token (for the cookie); only its hash is kept. */
export function rememberDevice(db: DatabaseSync, now = Date.now()): string {
  const token = newToken('skdevice')
  db.prepare('INSERT INTO studio_devices (token_hash, created_at, expires_at) VALUES (?, ?, ?)').run(hash(token), now, now + DEVICE_DAYS * DAY)
  return token
}

/** The link `npm start` prints: the lake's sign-in with the key, returning to the studio it serves. */
export function studioSignInLink(lakeTlsOrigin: string, key: string): string {
  const link = new URL('/v1/auth/login/lake', lakeTlsOrigin)
  link.searchParams.set('key', key)
  link.searchParams.set('origin', new URL('/studio/', lakeTlsOrigin).toString())
  return link.toString()
}

/** Codes the studio exchanges for its session token (`#sid=` then `/auth/fetch`), each once, for a minute. */
export class PendingSignIns {
  private readonly codes = new Map<string, number>()

  /** A one-time code; undefined while too many are waiting (nobody signs in a thousand times a minute). */
  start(now = Date.now()): string | undefined {
    for (const [code, expires] of this.codes) if (expires <= now) this.codes.delete(code)
    if (this.codes.size >= MAX_PENDING_CODES) return undefined
    const code = randomBytes(24).toString('base64url')
    this.codes.set(code, now + CODE_MS)
    return code
  }

  /** A new session for a code that is still waiting; its token is handed out once and kept only as a hash. */
  exchange(db: DatabaseSync, code: string, now = Date.now()): string | undefined {
    const expires = this.codes.get(code)
    this.codes.delete(code)
    if (expires === undefined || expires <= now) return undefined
    db.prepare('DELETE FROM studio_sessions WHERE expires_at <= ?').run(now)
    db.prepare('DELETE FROM studio_devices WHERE expires_at <= ?').run(now)
    const token = newToken('sksession')
    db.prepare('INSERT INTO studio_sessions (token_hash, user_id, role, created_at, expires_at) VALUES (?, ?, ?, ?, ?)').run(
      hash(token),
      STUDIO_USER,
      STUDIO_ROLE,
      now,
      now + SESSION_DAYS * DAY,
    )
    return token
  }

  get size(): number {
    return this.codes.size
  }
}

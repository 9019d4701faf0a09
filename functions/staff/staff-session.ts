import {createHash, createHmac, randomBytes, timingSafeEqual} from 'node:crypto'

/**
 * A staff session is a signed cookie: `<issued at ms>.<session id>.<HMAC-SHA256>`. It carries no Max-Age, so it
 * ends with the browser session, and the server refuses it after eight hours however long the browser lives.
 * "Lock" revokes the session id, so a copied cookie stops working too.
 */
export const SESSION_COOKIE = 'staff_session'
export const SESSION_MAX_AGE_MS = 8 * 60 * 60 * 1000

export type StaffSession = {id: string; issuedAt: number}

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url')

/** Constant-time: a forged signature takes as long to refuse whichever byte is wrong. */
function signedBy(secret: string, payload: string, signature: string): boolean {
  const expected = Buffer.from(sign(secret, payload))
  const actual = Buffer.from(signature)
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

export function createSessionToken(
  secret: string,
  now: number,
): {token: string; session: StaffSession} {
  const id = randomBytes(16).toString('base64url')
  const payload = `${now}.${id}`
  return {token: `${payload}.${sign(secret, payload)}`, session: {id, issuedAt: now}}
}

export function readSessionToken(
  secret: string,
  token: string | undefined,
  now: number,
  isRevoked: (id: string) => boolean = () => false,
): StaffSession | null {
  if (!token) return null
  const parts = token.split('.')
  if (parts.length !== 3) return null
  const [issued, id, signature] = parts as [string, string, string]
  if (!signedBy(secret, `${issued}.${id}`, signature)) return null
  const issuedAt = Number(issued)
  if (!Number.isSafeInteger(issuedAt) || issuedAt > now + 60_000) return null
  if (now - issuedAt >= SESSION_MAX_AGE_MS) return null
  if (isRevoked(id)) return null
  return {id, issuedAt}
}

/**
 * Locked sessions until they would have expired anyway. Kept as SHA-256 of the session id, never the id itself,
 * so a memory dump or log of this list holds nothing that passes for a session; expired entries are dropped.
 */
export function createRevocationList() {
  const revoked = new Map<string, number>()
  const key = (id: string) => createHash('sha256').update(id).digest('base64url')
  return {
    revoke(session: StaffSession, now: number) {
      for (const [hash, issuedAt] of revoked)
        if (now - issuedAt >= SESSION_MAX_AGE_MS) revoked.delete(hash)
      revoked.set(key(session.id), session.issuedAt)
    },
    isRevoked: (id: string) => revoked.has(key(id)),
    get size() {
      return revoked.size
    },
  }
}

/**
 * A known device: `<device id>.<HMAC>`, set after a correct password and kept for 180 days. It grants nothing but
 * skipping the login back-off (login-rate-limit.ts); the password is still checked. The `device.` prefix keeps
 * its signature from ever passing as a session's.
 */
export const DEVICE_COOKIE = 'staff_device'
export const DEVICE_MAX_AGE_S = 180 * 24 * 60 * 60

export function createDeviceToken(secret: string, id = randomBytes(16).toString('base64url')) {
  return `${id}.${sign(secret, `device.${id}`)}`
}

/** The device id of a validly signed device cookie, else undefined. */
export function readDeviceToken(secret: string, token: string | undefined): string | undefined {
  const [id, signature, ...rest] = (token ?? '').split('.')
  if (!id || !signature || rest.length > 0) return undefined
  return signedBy(secret, `device.${id}`, signature) ? id : undefined
}

import {createHmac, randomBytes, timingSafeEqual} from 'node:crypto'

/**
 * A staff session is a signed cookie: `<issued at ms>.<session id>.<HMAC-SHA256>`. It carries no Max-Age, so it
 * ends with the browser session, and the server refuses it after eight hours however long the browser lives. The
 * signature lets a server refuse a forged cookie without asking the lake; a validly signed one must still be a
 * live session there (staff-session-store.ts), so "Lock" on any server stops a copied cookie on all of them.
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

import {createHmac, randomBytes, timingSafeEqual} from 'node:crypto'

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
  const expected = Buffer.from(sign(secret, `${issued}.${id}`))
  const actual = Buffer.from(signature)
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null
  const issuedAt = Number(issued)
  if (!Number.isSafeInteger(issuedAt) || issuedAt > now + 60_000) return null
  if (now - issuedAt >= SESSION_MAX_AGE_MS) return null
  if (isRevoked(id)) return null
  return {id, issuedAt}
}

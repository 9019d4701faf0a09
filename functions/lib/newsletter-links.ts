import {createHmac, randomBytes, timingSafeEqual} from 'node:crypto'

/**
 * The newsletter's two links, signed with HMAC-SHA-256 under the request links' secret (every server and the
 * function share it): the link is the key, with no login and no cookie.
 *
 * - Confirm: `<sign-up hash>.<nonce>.<signature>`. The nonce is stored on the pending sign-up and removed once it is
 *   confirmed, unsubscribed or signed up anew, so an old or replayed link confirms nothing.
 * - Unsubscribe: `<sign-up hash>.<signature>`. It never expires (a newsletter from last year must still let its
 *   reader leave) and unsubscribing twice is unsubscribing once.
 *
 * The sign-up hash is the 40 hex digits of the document id (`newsletter-<hash>`), itself a hash of the address:
 * the link names nobody to someone who reads it.
 */

const SIGNUP_ID = /^newsletter-([0-9a-f]{40})$/
const CONFIRM = /^([0-9a-f]{40})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/
const UNSUBSCRIBE = /^([0-9a-f]{40})\.([A-Za-z0-9_-]{43})$/

const sign = (purpose: string, secret: string, payload: string) =>
  createHmac('sha256', `newsletter-${purpose}:${secret}`).update(payload).digest('base64url')

const same = (a: string, b: string) => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

const hashOf = (signupId: string) => {
  const match = SIGNUP_ID.exec(signupId)
  if (!match) throw new RangeError(`Not a newsletter sign-up id: ${signupId}`)
  return match[1]!
}

/** A fresh nonce for a pending sign-up's confirmation link. */
export const newConfirmNonce = () => randomBytes(16).toString('base64url')

export function confirmToken(secret: string, signupId: string, nonce: string): string {
  const payload = `${hashOf(signupId)}.${nonce}`
  return `${payload}.${sign('confirm', secret, payload)}`
}

export function unsubscribeToken(secret: string, signupId: string): string {
  const hash = hashOf(signupId)
  return `${hash}.${sign('unsubscribe', secret, hash)}`
}

/** The sign-up and nonce a confirmation link names, or null for anything not signed by us. */
export function checkConfirmToken(
  secret: string,
  token: string,
): {signupId: string; nonce: string} | null {
  const match = CONFIRM.exec(token)
  if (!match) return null
  const [, hash, nonce, signature] = match
  if (!same(sign('confirm', secret, `${hash}.${nonce}`), signature!)) return null
  return {signupId: `newsletter-${hash}`, nonce: nonce!}
}

/** The sign-up an unsubscribe link names, or null for anything not signed by us. */
export function checkUnsubscribeToken(secret: string, token: string): string | null {
  const match = UNSUBSCRIBE.exec(token)
  if (!match) return null
  const [, hash, signature] = match
  return same(sign('unsubscribe', secret, hash!), signature!) ? `newsletter-${hash}` : null
}

const base = (siteUrl: string) => siteUrl.replace(/\/+$/, '')

/** The page with the button that confirms (a scanner following the link confirms nothing). */
export const confirmPageUrl = (siteUrl: string, token: string) =>
  `${base(siteUrl)}/newsletter/confirm?token=${token}`

/** The page with the button that unsubscribes, linked from each mail's text. */
export const unsubscribePageUrl = (siteUrl: string, token: string) =>
  `${base(siteUrl)}/unsubscribe?token=${token}`

/** The RFC 8058 one-click address of the `List-Unsubscribe` header: a POST there unsubscribes at once. */
export const oneClickUnsubscribeUrl = (siteUrl: string, token: string) =>
  `${base(siteUrl)}/api/newsletter/unsubscribe?token=${token}`

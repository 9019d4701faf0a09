import {createHmac, timingSafeEqual} from 'node:crypto'

import {addDays, isIsoDate} from '@repo/schemas/iso-date.ts'

/**
 * The traveller's private link to their request (docs/decisions/013-signed-request-links.md): no login, so the link
 * itself is the key. It names the booking and an expiry, signed with HMAC-SHA-256 under a server secret; a changed
 * character anywhere makes it worthless, and it says nothing about the booking to someone who guesses at it (the id
 * inside is a random UUID).
 *
 *   /requests/<base64url booking id>.<expiry, base 36 seconds>.<base64url signature>
 */

/** A link works until this many days after the trip (or after it was made, for a trip in the past). */
export const REQUEST_LINK_DAYS_AFTER_TRIP = 60

export type RequestLinkCheck =
  {ok: true; bookingId: string; expiresAt: Date} | {ok: false; reason: 'invalid' | 'expired'}

const BOOKING_ID = /^[\w-]{1,128}$/
const TOKEN = /^([A-Za-z0-9_-]{1,200})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/

/**
 * What a link is for, in its key: a link made for one purpose (a waitlist offer, leaving the waitlist) never
 * opens another, though all are signed with the one secret.
 */
/** `check-in`: the ticket's QR code (check-in-ticket.ts), which a guide scans and which opens nothing else. */
export type LinkPurpose = 'request-link' | 'waitlist-offer' | 'waitlist-leave' | 'check-in'

const sign = (secret: string, payload: string, purpose: LinkPurpose) =>
  createHmac('sha256', `${purpose}:${secret}`).update(payload).digest('base64url')

/** When a link made now for a trip on `tripDate` stops working. */
export function requestLinkExpiry(tripDate: string, now: Date): Date {
  const today = now.toISOString().slice(0, 10)
  const from = isIsoDate(tripDate) && tripDate > today ? tripDate : today
  return new Date(`${addDays(from, REQUEST_LINK_DAYS_AFTER_TRIP)}T23:59:59Z`)
}

export function requestLinkToken(
  secret: string,
  bookingId: string,
  expiresAt: Date,
  purpose: LinkPurpose = 'request-link',
): string {
  if (!BOOKING_ID.test(bookingId)) throw new RangeError(`Not a booking id: ${bookingId}`)
  const id = Buffer.from(bookingId).toString('base64url')
  const expiry = Math.floor(expiresAt.getTime() / 1000).toString(36)
  return `${id}.${expiry}.${sign(secret, `${id}.${expiry}`, purpose)}`
}

export function requestLinkUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/requests/${token}`
}

/** Checks the signature first (in constant time), then the expiry: an altered link is never "expired". */
export function checkRequestLink(
  secret: string,
  token: string,
  now: Date,
  purpose: LinkPurpose = 'request-link',
): RequestLinkCheck {
  const match = TOKEN.exec(token)
  if (!match) return {ok: false, reason: 'invalid'}
  const [, id, expiry, signature] = match
  const expected = Buffer.from(sign(secret, `${id}.${expiry}`, purpose))
  const given = Buffer.from(signature!)
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return {ok: false, reason: 'invalid'}
  const bookingId = Buffer.from(id!, 'base64url').toString()
  if (!BOOKING_ID.test(bookingId)) return {ok: false, reason: 'invalid'}
  const expiresAt = new Date(parseInt(expiry!, 36) * 1000)
  if (expiresAt.getTime() <= now.getTime()) return {ok: false, reason: 'expired'}
  return {ok: true, bookingId, expiresAt}
}

import {createHmac} from 'node:crypto'

import {
  checkRequestLink,
  requestLinkExpiry,
  requestLinkToken,
  type RequestLinkCheck,
} from './request-link.ts'

/**
 * The traveller's private link to the review form (docs/decisions/091-review-links-and-ids.md): the request
 * link's format and checks, signed under a key of its own derived from the same secret, so a request link never
 * opens the review form nor the other way round, and no new secret has to be configured.
 *
 *   /reviews/<base64url booking id>.<expiry, base 36 seconds>.<base64url signature>
 */
const reviewSecret = (secret: string) => `review:${secret}`

export function reviewLinkUrl(
  siteUrl: string,
  secret: string,
  booking: {_id: string; date?: string | null},
  now: Date,
): string {
  const token = requestLinkToken(
    reviewSecret(secret),
    booking._id,
    requestLinkExpiry(booking.date ?? '', now),
  )
  return `${siteUrl.replace(/\/+$/, '')}/reviews/${token}`
}

export const checkReviewLink = (secret: string, token: string, now: Date): RequestLinkCheck =>
  checkRequestLink(reviewSecret(secret), token, now)

/**
 * The review's document id in the public content dataset, the same for every submission about one booking:
 * a keyed hash of the booking id, so the public document names no booking and nobody without the secret can
 * tell which booking a review belongs to, while the server finds it from the booking in one step.
 */
export function reviewDocumentId(secret: string, bookingId: string): string {
  const digest = createHmac('sha256', `review-id:${secret}`).update(bookingId).digest('hex')
  return `review-${digest.slice(0, 32)}`
}

/**
 * The once-per-booking lock beside the draft, in the same transaction: an id with a dot, which hosted Sanity and
 * the lake never show to anonymous readers, of a type no studio list shows. Unlike the draft, it stays when an
 * editor publishes (publishing deletes the draft), so a second review is refused after publication too.
 */
export const reviewLockId = (reviewId: string) => `submitted.${reviewId}`

import type {SanityClient} from '@sanity/client'
import {Hono, type Context} from 'hono'

import {isConflict} from '@repo/schemas/lake-errors.ts'
import {
  MAX_REVIEW_BODY_BYTES,
  REVIEW_FIELDS_MESSAGE,
  REVIEW_TYPE,
  defaultReviewName,
  reviewFormSchema,
  tripHasPassed,
  type ReviewInvitation,
} from '@repo/schemas/reviews.ts'
import type {
  ReviewBookingQueryResult,
  ReviewExperienceQueryResult,
} from '@repo/schemas/sanity.types'

import {clientAddress as socketClientAddress} from '../lib/client-address.ts'
import {json, notAllowed, problem, readJsonBody, validationProblem} from '../lib/http.ts'
import {isFromOwnSite, ownOrigins} from '../lib/own-origins.ts'
import {createRateLimiter, limitedRoute, type RateLimiter} from '../lib/rate-limit.ts'
import {checkReviewLink, reviewDocumentId, reviewLockId} from '../lib/review-link.ts'
import {reviewBookingQuery} from './queries/review-booking-query.ts'
import {reviewExperienceQuery} from './queries/review-experience-query.ts'

/**
 * The review form's API (docs/decisions/090-reviews-as-drafts.md): `GET /api/reviews/<token>` says what the link
 * opens, `POST` stores the review as a draft in the public content dataset, where nobody without a token reads
 * it until an editor publishes it. Every answer is `no-store`.
 */
export type ReviewRoutesDeps = {
  /** The public content dataset, with the server's write token. */
  content: SanityClient
  /** The private `bookings` dataset, with the server's write token. */
  bookings: SanityClient
  /** Signs and checks the links (`env.requestLinkSecret`), and keys the reviews' ids. */
  secret: string
  siteUrl: string
  now: () => Date
  onError?: (error: unknown) => void
}

export const REVIEW_LINK_MESSAGE =
  'This link does not open a review form. It may be incomplete, changed or too old.'
export const NOT_REVIEWABLE_MESSAGE =
  'Only a trip that has taken place can be reviewed: this booking has no confirmed trip in the past.'
export const ALREADY_REVIEWED_MESSAGE =
  'A review of this trip has already been sent. Thank you: there is one review per booking.'
export const REVIEW_SAVED_MESSAGE =
  'Thank you. Your review is with our team and appears on the site once they have read it.'
const CROSS_ORIGIN_MESSAGE = 'Requests from other sites are refused.'
const TRY_AGAIN_MESSAGE = 'We could not save this just now. Please try again in a moment.'

/** Per client address and minute: a link's signature cannot be guessed; the limits keep anyone from trying. */
export const REVIEW_LIMITS = {view: 30, submit: 10} as const

export type ReviewRoutesOptions = {
  limiters?: {view: RateLimiter; submit: RateLimiter}
  clientAddress?: (c: Context) => string
}

type ReviewBooking = NonNullable<ReviewBookingQueryResult>

export function createReviewRoutes(
  getDeps: () => ReviewRoutesDeps,
  options: ReviewRoutesOptions = {},
): Hono {
  const limiters = options.limiters ?? {
    view: createRateLimiter({limit: REVIEW_LIMITS.view, windowMs: 60_000}),
    submit: createRateLimiter({limit: REVIEW_LIMITS.submit, windowMs: 60_000}),
  }
  const addressOf = options.clientAddress ?? socketClientAddress
  const app = new Hono()

  const guarded = limitedRoute(getDeps, addressOf, 'reviews', TRY_AGAIN_MESSAGE)

  /**
   * The booking a link names when it may be reviewed, else the answer to give: one 404 for every link that
   * is forged, expired or names no booking; a 409 for a booking with no trip that took place (declined,
   * withdrawn, still to come), which only the holder of a genuine link can see.
   */
  const reviewable = async (
    deps: ReviewRoutesDeps,
    token: string,
  ): Promise<{booking: ReviewBooking; experience: NonNullable<ReviewExperienceQueryResult>} | Response> => {
    const check = checkReviewLink(deps.secret, token, deps.now())
    if (!check.ok) return problem(404, REVIEW_LINK_MESSAGE)
    const booking = await deps.bookings.fetch(reviewBookingQuery, {
      id: check.bookingId,
    })
    if (!booking) return problem(404, REVIEW_LINK_MESSAGE)
    if (booking.status !== 'confirmed' || !tripHasPassed(booking.date, deps.now()))
      return problem(409, NOT_REVIEWABLE_MESSAGE)
    const experience = booking.experience_id
      ? await deps.content.fetch(
          reviewExperienceQuery,
          {slug: booking.experience_id},
          {perspective: 'published'},
        )
      : null
    if (!experience) return problem(409, NOT_REVIEWABLE_MESSAGE)
    return {booking, experience}
  }

  app.all('/:token', (c) => {
    const method = c.req.method
    if (method === 'GET' || method === 'HEAD')
      return guarded(c, limiters.view, async (deps) => {
        const found = await reviewable(deps, c.req.param('token'))
        if (found instanceof Response) return found
        const {booking, experience} = found
        const title = booking.experience_title || experience.title || ''
        const lock = await deps.content.getDocument(
          reviewLockId(reviewDocumentId(deps.secret, booking._id)),
        )
        const invitation: ReviewInvitation = lock
          ? {state: 'reviewed', experience: title}
          : {
              state: 'open',
              experience: title,
              date: booking.date ?? '',
              displayName: defaultReviewName(booking.name),
            }
        return json(invitation)
      })
    if (method !== 'POST') return notAllowed('GET, HEAD, POST')
    return guarded(c, limiters.submit, async (deps) => {
      // CSRF: browsers always send Origin with a POST; one missing or from elsewhere is not the traveller's page.
      const own = isFromOwnSite(
        {origin: c.req.header('origin'), fetchSite: c.req.header('sec-fetch-site')},
        ownOrigins(deps.siteUrl),
        {requireOrigin: true},
      )
      if (!own) return problem(403, CROSS_ORIGIN_MESSAGE)
      const found = await reviewable(deps, c.req.param('token'))
      if (found instanceof Response) return found
      const body = await readJsonBody(c.req.raw, MAX_REVIEW_BODY_BYTES)
      if (!body.ok) return body.response
      const parsed = reviewFormSchema.safeParse(body.value)
      if (!parsed.success) return validationProblem(parsed.error, REVIEW_FIELDS_MESSAGE)
      const review = parsed.data
      const {booking, experience} = found
      const reviewId = reviewDocumentId(deps.secret, booking._id)
      const at = deps.now().toISOString()
      try {
        // One transaction: the lock (kept after publication) and the draft, both created only if new, so a
        // second review of the booking fails whole, however many arrive at once.
        await deps.content
          .transaction()
          .create({_id: reviewLockId(reviewId), _type: 'reviewSubmission', submittedAt: at})
          .create({
            _id: `drafts.${reviewId}`,
            _type: REVIEW_TYPE,
            experience: {_type: 'reference', _ref: experience._id},
            rating: review.rating,
            text: review.text,
            displayName: review.displayName,
            consentToPublishAt: at,
            submittedAt: at,
          })
          .commit({visibility: 'sync'})
      } catch (error) {
        if (isConflict(error)) return problem(409, ALREADY_REVIEWED_MESSAGE)
        throw error
      }
      // The way from the booking to its review, for staff, in the private dataset only; the id is also derivable.
      await deps.bookings
        .createIfNotExists({
          _id: `${booking._id}-review`,
          _type: 'bookingReview',
          booking_id: booking._id,
          review_id: reviewId,
          submitted_at: at,
        })
        .catch((error: unknown) => deps.onError?.(error))
      return json({message: REVIEW_SAVED_MESSAGE}, 201)
    })
  })

  return app
}

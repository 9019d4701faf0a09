import {Hono, type Context} from 'hono'
import {z} from 'zod'

import {clientAddress as socketClientAddress} from '../lib/client-address.ts'
import {
  notAllowed,
  problem,
  readJsonBody,
  readUrlEncodedBody,
  validationProblem,
} from '../lib/http.ts'
import {isFromOwnSite, ownOrigins} from '../lib/own-origins.ts'
import {createRateLimiter, limitedRoute, type RateLimiter} from '../lib/rate-limit.ts'
import {currentCalendarPart} from '../lib/booking-calendar.ts'
import {checkRequestLink} from '../lib/request-link.ts'
import {acceptProposal} from './accept-proposal.ts'
import {answerCancellation, withPlaces} from './departure-choice.ts'
import {departureChoiceSchema} from '@repo/schemas/departure-cancellation-schema.ts'
import {
  CROSS_ORIGIN_MESSAGE,
  INVALID_LINK_MESSAGE,
  linksOf,
  NOT_CONFIRMED_MESSAGE,
  REQUEST_REMOVED_MESSAGE,
  STALE_OPTION_MESSAGE,
  TRY_AGAIN_MESSAGE,
  type TravellerRequestDeps,
} from './request-deps.ts'
import {requestNewLink} from './request-new-link.ts'
import {readRequestTrip, requestBookingQuery, travellerView} from './request-view.ts'
import {withdrawRequest} from './withdraw-request.ts'

/** The bodies are a key or two: anything larger is not from the page. */
export const MAX_REQUEST_BODY_BYTES = 2 * 1024

/**
 * Per client address and minute. A link's signature has 256 bits, so guessing is hopeless anyway; the limit on
 * views keeps anyone from even trying at speed, and the one on new links keeps the form from mailing travellers
 * in bulk.
 */
export const REQUEST_LIMITS = {view: 30, action: 10, link: 5} as const

/** The limiters for `views` a minute (REQUEST_PAGE_RATE_LIMIT), the actions and new links in REQUEST_LIMITS' ratio. */
export const requestPageLimiters = (views: number = REQUEST_LIMITS.view) => ({
  view: createRateLimiter({limit: views, windowMs: 60_000}),
  action: createRateLimiter({
    limit: Math.ceil((views * REQUEST_LIMITS.action) / REQUEST_LIMITS.view),
    windowMs: 60_000,
  }),
  link: createRateLimiter({
    limit: Math.ceil((views * REQUEST_LIMITS.link) / REQUEST_LIMITS.view),
    windowMs: 60_000,
  }),
})

export type TravellerRequestRoutesOptions = {
  limiters?: {view: RateLimiter; action: RateLimiter; link: RateLimiter}
  /** Whose requests a limit counts; the socket's address (lib/client-address.ts) unless a test says otherwise. */
  clientAddress?: (c: Context) => string
}

const acceptSchema = z.strictObject(
  {option: z.string({error: STALE_OPTION_MESSAGE}).regex(/^[\w-]{1,64}$/, STALE_OPTION_MESSAGE)},
  {error: 'Send only the chosen date.'},
)
const withdrawSchema = z.strictObject({}, {error: 'Send nothing else with a withdrawal.'})

/**
 * Every answer says `Cache-Control: no-store` (lib/http.ts `json`): a request page holds personal data, and
 * a shared cache must never hand one traveller's answer to another.
 *
 * Expired links get the same 404 as forged ones. Only the holder of a once-valid link could see a different
 * answer, so saying "expired" would be safe, but it would tell them nothing more useful: the remedy (a new link
 * by reference and email) is the same, and one answer for every unusable link keeps that answer easy to prove
 * free of anything about a booking.
 */
export function createTravellerRequestRoutes(
  getDeps: () => TravellerRequestDeps,
  options: TravellerRequestRoutesOptions = {},
): Hono {
  const limiters = options.limiters ?? requestPageLimiters()
  const addressOf = options.clientAddress ?? socketClientAddress
  const app = new Hono()

  const guarded = limitedRoute(getDeps, addressOf, 'traveller-request', TRY_AGAIN_MESSAGE)

  /**
   * CSRF: a change must come from the site's own pages. Browsers always send Origin with a POST, so one missing
   * or from elsewhere is not the traveller acting on their page.
   */
  const fromOwnSite = (c: Context, deps: TravellerRequestDeps) =>
    isFromOwnSite(
      {origin: c.req.header('origin'), fetchSite: c.req.header('sec-fetch-site')},
      ownOrigins(deps.siteUrl),
      {requireOrigin: true},
    )

  const bookingIdOf = (deps: TravellerRequestDeps, token: string) => {
    const check = checkRequestLink(deps.secret, token, deps.now())
    return check.ok ? check.bookingId : null
  }
  const invalidLink = () => problem(404, INVALID_LINK_MESSAGE)

  const change =
    (
      schema: z.ZodType<Record<string, unknown>>,
      act: (
        deps: TravellerRequestDeps,
        id: string,
        body: Record<string, unknown>,
      ) => Promise<Response>,
    ) =>
    (c: Context) => {
      if (c.req.method !== 'POST') return notAllowed('POST')
      return guarded(c, limiters.action, async (deps) => {
        if (!fromOwnSite(c, deps)) return problem(403, CROSS_ORIGIN_MESSAGE)
        const id = bookingIdOf(deps, c.req.param('token') ?? '')
        if (!id) return invalidLink()
        const body = await readJsonBody(c.req.raw, MAX_REQUEST_BODY_BYTES)
        if (!body.ok) return body.response
        const parsed = schema.safeParse(body.value)
        if (!parsed.success) return validationProblem(parsed.error, STALE_OPTION_MESSAGE)
        return act(deps, id, parsed.data)
      })
    }

  app.all('/link', (c) => {
    if (c.req.method !== 'POST') return notAllowed('POST')
    return guarded(c, limiters.link, async (deps) => {
      if (!fromOwnSite(c, deps)) return problem(403, CROSS_ORIGIN_MESSAGE)
      const body = await readJsonBody(c.req.raw, MAX_REQUEST_BODY_BYTES)
      if (!body.ok) return body.response
      return requestNewLink(deps, body.value)
    })
  })

  /** The booking a link names, or null for a forged or expired link and for a booking deleted since (one answer). */
  const linkedBooking = async (deps: TravellerRequestDeps, token: string) => {
    const id = bookingIdOf(deps, token)
    return id ? deps.bookings.fetch(requestBookingQuery, {id}) : null
  }

  app.all('/:token', (c) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return notAllowed('GET, HEAD')
    return guarded(c, limiters.view, async (deps) => {
      const booking = await linkedBooking(deps, c.req.param('token'))
      if (!booking) return invalidLink()
      if (booking.anonymised) return problem(410, REQUEST_REMOVED_MESSAGE)
      const trip = await readRequestTrip(deps.content, booking)
      const view = await withPlaces(deps, booking, travellerView(booking, trip))
      return Response.json(view, {headers: {'Cache-Control': 'no-store'}})
    })
  })

  // The trip for the traveller's calendar: the same event the mails carried (booking-calendar.ts).
  app.all('/:token/calendar.ics', (c) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return notAllowed('GET, HEAD')
    return guarded(c, limiters.view, async (deps) => {
      const booking = await linkedBooking(deps, c.req.param('token'))
      if (!booking) return invalidLink()
      if (booking.anonymised) return problem(410, REQUEST_REMOVED_MESSAGE)
      const part = currentCalendarPart(booking, await deps.mailContent(), linksOf(deps))
      if (!part) return problem(409, NOT_CONFIRMED_MESSAGE)
      return new Response(part.content, {
        headers: {
          'Content-Type': `text/calendar; charset=utf-8; method=${part.method}`,
          'Content-Disposition': `attachment; filename="${booking.booking_ref.replace(/[^\w-]/g, '')}.ics"`,
          'Cache-Control': 'private, no-store',
          'X-Robots-Tag': 'noindex',
        },
      })
    })
  })

  app.all(
    '/:token/accept',
    change(acceptSchema, (deps, id, body) => acceptProposal(deps, id, body.option as string)),
  )
  /**
   * The answer to a cancelled departure: from the request page's form (works without JavaScript: the answer is a
   * redirect back to the page, which says what happened) or as JSON (the answer says it, with a 4xx on refusal).
   */
  app.all('/:token/departure', (c) => {
    if (c.req.method !== 'POST') return notAllowed('POST')
    return guarded(c, limiters.action, async (deps) => {
      if (!fromOwnSite(c, deps)) return problem(403, CROSS_ORIGIN_MESSAGE)
      const token = c.req.param('token') ?? ''
      const id = bookingIdOf(deps, token)
      if (!id) return invalidLink()
      const type = c.req.header('content-type') ?? ''
      const fromForm = /^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)
      const body = fromForm
        ? await readUrlEncodedBody(c.req.raw, MAX_REQUEST_BODY_BYTES)
        : await readJsonBody(c.req.raw, MAX_REQUEST_BODY_BYTES)
      if (!body.ok) return body.response
      const parsed = departureChoiceSchema.safeParse(body.value)
      if (!parsed.success)
        return validationProblem(
          parsed.error,
          'Choose one of the dates offered, or accept the cancellation.',
        )
      const answer = await answerCancellation(deps, id, parsed.data)
      if (fromForm) {
        const query = new URLSearchParams(
          answer.ok
            ? {answer: answer.outcome, ...(answer.date ? {date: answer.date} : {})}
            : {refused: answer.reason, ...(answer.date ? {date: answer.date} : {})},
        )
        if (!answer.ok && answer.reason === 'invalid') return invalidLink()
        return new Response(null, {
          status: 303,
          headers: {'Location': `/requests/${token}?${query}`, 'Cache-Control': 'no-store'},
        })
      }
      return answer.ok
        ? Response.json(answer, {headers: {'Cache-Control': 'no-store'}})
        : problem(answer.status, answer.message, answer.date ? {date: [answer.message]} : {})
    })
  })

  app.all(
    '/:token/withdraw',
    change(withdrawSchema, (deps, id) => withdrawRequest(deps, id)),
  )

  return app
}

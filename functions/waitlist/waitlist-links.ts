import {Hono, type Context} from 'hono'

import {formatTripWhen} from '@repo/schemas/format-date.ts'
import {formatGroupInWords} from '@repo/schemas/format-party.ts'
import {startTimeOn} from '@repo/schemas/trip-details.ts'
import {
  WAITLIST_LEFT,
  WAITLIST_LINK_ANSWERS,
  type WaitlistLinkAnswer,
  type WaitlistOfferView,
  type WaitlistTripView,
} from '@repo/schemas/waitlist-links.ts'

import {clientAddress as socketClientAddress} from '../lib/client-address.ts'
import {json, problemResponse} from '../lib/http.ts'
import {isFromOwnSite, ownOrigins} from '../lib/own-origins.ts'
import {createRateLimiter, type RateLimiter} from '../lib/rate-limit.ts'
import {checkRequestLink, type LinkPurpose} from '../lib/request-link.ts'
import {tripOf} from '../lib/trip-mail-values.ts'
import {leaveWaitlist, openOffer, takeOffer} from './take-offer.ts'
import {
  entryByIdQuery,
  holdUntilInWords,
  type WaitlistDeps,
  type WaitlistEntry,
} from './waitlist-deps.ts'

/**
 * What the waitlist's mailed links open (`/api/waitlist/offers/<token>`, `/api/waitlist/leave/<token>`), as data for
 * the site's pages of the same addresses without `/api` (web/src/app/routes/waitlist-offer.tsx, waitlist-leave.tsx),
 * which the server renders with it: readable with no JavaScript, on any phone, straight from the mail. A GET only
 * reads; the change is the page's form POST, which the site hands on here, so a mail scanner that follows links
 * takes nothing. The POST must come from the site's own page (Origin), as every form post does.
 */

export const WAITLIST_LINK_LIMITS = {view: 30, action: 10} as const

// The key is in the address: no cache keeps the answer, no search engine lists it.
const PRIVATE = {'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex, nofollow'}

const answer = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  json(body, status, {...PRIVATE, ...headers})

/** A link that gives no page: its status and words (schemas/src/waitlist-links.ts), in the problem shape. */
const refusal = (reason: WaitlistLinkAnswer, headers: Record<string, string> = {}) =>
  problemResponse(
    WAITLIST_LINK_ANSWERS[reason].status,
    WAITLIST_LINK_ANSWERS[reason].text,
    {reason},
    {...PRIVATE, ...headers},
  )

/** The trip in words, with when it starts as the request page and the mails say it (the experience's start time). */
async function tripView(deps: WaitlistDeps, entry: WaitlistEntry): Promise<WaitlistTripView> {
  const trip = tripOf(entry, await deps.mailContent())
  return {
    experience: entry.experience_title,
    date: entry.date,
    when: formatTripWhen(entry.date, {
      start: startTimeOn(entry.date, trip),
      preferred: entry.preferred_time,
    }),
    group: formatGroupInWords(entry.pax_adults, entry.pax_children),
  }
}

const offerView = async (deps: WaitlistDeps, entry: WaitlistEntry): Promise<WaitlistOfferView> => ({
  ...(await tripView(deps, entry)),
  holdUntil: holdUntilInWords(new Date(entry.hold_until!)),
})

export type WaitlistLinksOptions = {
  limiters?: {view: RateLimiter; action: RateLimiter}
  clientAddress?: (c: Context) => string
}

const notAllowed = () =>
  problemResponse(
    405,
    'Use GET to read this link, or POST from its page to act on it.',
    {},
    {...PRIVATE, Allow: 'GET, HEAD, POST'},
  )

export function createWaitlistLinks(
  getDeps: () => WaitlistDeps,
  options: WaitlistLinksOptions = {},
): Hono {
  const limiters = options.limiters ?? {
    view: createRateLimiter({limit: WAITLIST_LINK_LIMITS.view, windowMs: 60_000}),
    action: createRateLimiter({limit: WAITLIST_LINK_LIMITS.action, windowMs: 60_000}),
  }
  const addressOf = options.clientAddress ?? socketClientAddress
  const app = new Hono()

  const guarded = async (
    c: Context,
    purpose: LinkPurpose,
    run: (deps: WaitlistDeps, entryId: string) => Promise<Response>,
  ): Promise<Response> => {
    const method = c.req.method
    if (!['GET', 'HEAD', 'POST'].includes(method)) return notAllowed()
    const deps = getDeps()
    const limited = (method === 'POST' ? limiters.action : limiters.view).take(addressOf(c))
    if (!limited.ok) return refusal('busy', {'Retry-After': String(limited.retryAfterSeconds)})
    if (
      method === 'POST' &&
      !isFromOwnSite(
        {origin: c.req.header('origin'), fetchSite: c.req.header('sec-fetch-site')},
        ownOrigins(deps.siteUrl),
        {requireOrigin: true},
      )
    )
      return refusal('cross-site')
    const check = checkRequestLink(deps.secret, c.req.param('token') ?? '', deps.now(), purpose)
    // Forged and expired links get one answer: it tells nothing about anyone's entry.
    if (!check.ok)
      return refusal(
        purpose === 'waitlist-offer' && check.reason === 'expired' ? 'lapsed' : 'invalid',
      )
    try {
      return await run(deps, check.bookingId)
    } catch (error) {
      ;(deps.onError ?? ((e: unknown) => console.error('[waitlist]', e)))(error)
      return refusal('unavailable')
    }
  }

  app.all('/offers/:token', (c) =>
    guarded(c, 'waitlist-offer', async (deps, entryId) => {
      if (c.req.method !== 'POST') {
        const offer = await openOffer(deps, entryId, deps.now())
        return offer.ok ? answer(await offerView(deps, offer.entry)) : refusal(offer.reason)
      }
      const taken = await takeOffer(deps, entryId)
      if (!taken.ok) return refusal(taken.reason)
      // To the request page, as after the booking form: the traveller follows the request there.
      return answer({requestLink: taken.requestLink}, 303, {
        'Location': taken.requestLink,
        'Referrer-Policy': 'no-referrer',
      })
    }),
  )

  app.all('/leave/:token', (c) =>
    guarded(c, 'waitlist-leave', async (deps, entryId) => {
      if (c.req.method !== 'POST') {
        const entry = await deps.bookings.fetch(entryByIdQuery, {id: entryId})
        if (!entry) return refusal('not-listed')
        if (entry.state === 'booked') return refusal('taken')
        return answer(await tripView(deps, entry))
      }
      const left = await leaveWaitlist(deps, entryId)
      if (left === 'left' || left === 'gone') return answer({left: true, ...WAITLIST_LEFT})
      return refusal(left === 'booked' ? 'taken' : 'changed')
    }),
  )

  return app
}

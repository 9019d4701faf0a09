import {createHash} from 'node:crypto'

import {Hono, type Context} from 'hono'

import {formatDateInWords} from '@repo/schemas/format-date.ts'
import {formatGroupInWords} from '@repo/schemas/format-party.ts'
import {escapeHtml} from '@repo/schemas/mail-templates.ts'

import {timeInWords} from '../lib/booking-mail-values.ts'
import {clientAddress as socketClientAddress} from '../lib/client-address.ts'
import {isFromOwnSite, ownOrigins} from '../lib/own-origins.ts'
import {createRateLimiter, type RateLimiter} from '../lib/rate-limit.ts'
import {checkRequestLink, type LinkPurpose} from '../lib/request-link.ts'
import {leaveWaitlist, openOffer, takeOffer, type OfferRefusal} from './take-offer.ts'
import {
  entryByIdQuery,
  holdUntilInWords,
  type WaitlistDeps,
  type WaitlistEntry,
} from './waitlist-deps.ts'

/**
 * The offer page and the leave page (`/waitlist/offers/<token>`, `/waitlist/leave/<token>`), rendered here as plain
 * HTML: readable with no JavaScript, on any phone, straight from the mail. A GET only shows; the change is the
 * page's form POST, so a mail scanner that follows links takes nothing. The POST must come from the site's own
 * page (Origin), as every form post does (server/security.ts checks it first for every page route).
 */

export const WAITLIST_PAGE_LIMITS = {view: 30, action: 10} as const

const STYLE = `body{margin:0;font:17px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2a30;background:#f6f3ee}main{max-width:34rem;margin:0 auto;padding:2rem 1.25rem}h1{font-size:1.6rem;line-height:1.25;margin:0 0 1rem}dl{display:grid;grid-template-columns:max-content 1fr;gap:.35rem 1rem;margin:1.25rem 0;padding:1rem;background:#fff;border-radius:.5rem}dt{font-weight:600}dd{margin:0}button{font:inherit;font-weight:600;padding:.8rem 1.4rem;border:0;border-radius:.4rem;background:#0f5c4d;color:#fff;cursor:pointer;width:100%;max-width:22rem}button:focus-visible{outline:3px solid #e0a100;outline-offset:2px}.secondary{background:#fff;color:#0f5c4d;border:2px solid #0f5c4d}.note{color:#4a5860;font-size:.95rem}a{color:#0f5c4d}`
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`
const POLICY = `default-src 'none'; style-src ${STYLE_HASH}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`

function page(status: number, title: string, body: string): Response {
  const html = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}<p class="note"><a href="/">Back to the site</a></p></main></body></html>`
  return new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': POLICY,
      // The key is in the address: no cache keeps the page, no other site is told it, no search engine lists
      // it. Not `no-referrer`, as the request page has: under it a browser sends `Origin: null` with the page's
      // own form post, which the site refuses as cross-site.
      'Cache-Control': 'private, no-store',
      'Referrer-Policy': 'same-origin',
      'X-Robots-Tag': 'noindex, nofollow',
    },
  })
}

const REFUSALS: Record<OfferRefusal, {status: number; title: string; text: string}> = {
  invalid: {
    status: 404,
    title: 'This link does not work',
    text: 'It may be incomplete, changed or too old. If you are on a waitlist, the mail we sent when you joined has a link to leave it.',
  },
  lapsed: {
    status: 410,
    title: 'This offer has ended',
    text: 'The places were held for a limited time, and that time has passed; they have gone to the next person in line. You are welcome to choose another date on our site.',
  },
  taken: {
    status: 409,
    title: 'You have already asked for these places',
    text: 'Your booking request is made: the mail we sent you has the link to follow it.',
  },
  changed: {
    status: 409,
    title: 'This offer changed just now',
    text: 'Perhaps in another window. Open the link in your mail again to see where it stands.',
  },
}

const refusalPage = (reason: OfferRefusal) => {
  const {status, title, text} = REFUSALS[reason]
  return page(status, title, `<p>${escapeHtml(text)}</p>`)
}

const tripFacts = (entry: WaitlistEntry, extra: [string, string][] = []) =>
  `<dl>${(
    [
      ['Experience', entry.experience_title],
      ['Date', formatDateInWords(entry.date)],
      ['Time', timeInWords(entry.preferred_time)],
      ['Group', formatGroupInWords(entry.pax_adults, entry.pax_children)],
      ...extra,
    ] as [string, string][]
  )
    .map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('')}</dl>`

function offerPage(entry: WaitlistEntry): Response {
  const until = holdUntilInWords(new Date(entry.hold_until!))
  return page(
    200,
    'Places are free for you',
    `<p>We are holding these places for you until <strong>${escapeHtml(until)}</strong>.</p>${tripFacts(entry, [['Held until', until]])}<form method="post"><button type="submit">Ask for these places</button></form><p class="note">This sends a booking request, as our booking form does: no payment now. We confirm with the guides and write to you. If you do nothing, the places go to the next person in line after that time.</p>`,
  )
}

export type WaitlistPagesOptions = {
  limiters?: {view: RateLimiter; action: RateLimiter}
  clientAddress?: (c: Context) => string
}

const notAllowed = () =>
  new Response('Use GET to see this page, or its button to act on it.', {
    status: 405,
    headers: {'Allow': 'GET, HEAD, POST', 'Content-Type': 'text/plain; charset=utf-8'},
  })

export function createWaitlistPages(
  getDeps: () => WaitlistDeps,
  options: WaitlistPagesOptions = {},
): Hono {
  const limiters = options.limiters ?? {
    view: createRateLimiter({limit: WAITLIST_PAGE_LIMITS.view, windowMs: 60_000}),
    action: createRateLimiter({limit: WAITLIST_PAGE_LIMITS.action, windowMs: 60_000}),
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
    if (!limited.ok)
      return new Response('Too many requests. Please wait a minute and try again.', {
        status: 429,
        headers: {'Retry-After': String(limited.retryAfterSeconds), 'Content-Type': 'text/plain'},
      })
    if (
      method === 'POST' &&
      !isFromOwnSite(
        {origin: c.req.header('origin'), fetchSite: c.req.header('sec-fetch-site')},
        ownOrigins(deps.siteUrl),
        {requireOrigin: true},
      )
    )
      return page(
        403,
        'Requests from other sites are refused',
        '<p>Use the button on the page from your mail.</p>',
      )
    const check = checkRequestLink(deps.secret, c.req.param('token') ?? '', deps.now(), purpose)
    // Forged and expired links get one answer: it tells nothing about anyone's entry.
    if (!check.ok)
      return purpose === 'waitlist-offer' && check.reason === 'expired'
        ? refusalPage('lapsed')
        : refusalPage('invalid')
    try {
      return await run(deps, check.bookingId)
    } catch (error) {
      ;(deps.onError ?? ((e: unknown) => console.error('[waitlist]', e)))(error)
      return page(
        503,
        'Please try again in a moment',
        '<p>We could not read or save this just now.</p>',
      )
    }
  }

  app.all('/offers/:token', (c) =>
    guarded(c, 'waitlist-offer', async (deps, entryId) => {
      if (c.req.method !== 'POST') {
        const offer = await openOffer(deps, entryId, deps.now())
        return offer.ok ? offerPage(offer.entry) : refusalPage(offer.reason)
      }
      const taken = await takeOffer(deps, entryId)
      if (!taken.ok) return refusalPage(taken.reason)
      // To the request page, as after the booking form: the traveller follows the request there.
      return new Response(null, {
        status: 303,
        headers: {
          'Location': taken.requestLink,
          'Cache-Control': 'no-store',
          'Referrer-Policy': 'no-referrer',
        },
      })
    }),
  )

  app.all('/leave/:token', (c) =>
    guarded(c, 'waitlist-leave', async (deps, entryId) => {
      if (c.req.method !== 'POST') {
        const entry = await deps.bookings.fetch<WaitlistEntry | null>(entryByIdQuery, {id: entryId})
        if (!entry)
          return page(
            404,
            'You are not on this waitlist',
            '<p>You have left it already, or the date has passed.</p>',
          )
        if (entry.state === 'booked') return refusalPage('taken')
        return page(
          200,
          'Leave the waitlist?',
          `${tripFacts(entry)}<form method="post"><button type="submit" class="secondary">Leave the waitlist</button></form><p class="note">We delete your place in line and your details with it.</p>`,
        )
      }
      const left = await leaveWaitlist(deps, entryId)
      if (left === 'left' || left === 'gone')
        return page(
          200,
          'You have left the waitlist',
          '<p>We will not write to you about this date again.</p>',
        )
      return refusalPage(left === 'booked' ? 'taken' : 'changed')
    }),
  )

  return app
}

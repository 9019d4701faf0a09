// @vitest-environment node
import type {SanityClient} from '@sanity/client'
import {Hono} from 'hono'
import {describe, expect, it} from 'vitest'

import {
  createRateLimiter,
  RATE_LIMITED_MESSAGE,
  type RateLimiter,
} from '../functions/lib/rate-limit.ts'
import {requestLinkToken} from '../functions/lib/request-link.ts'
import {reviewLinkUrl} from '../functions/lib/review-link.ts'
import {createReviewRoutes, type ReviewRoutesDeps} from '../functions/submit-review/routes.ts'
import type {TravellerRequestDeps} from '../functions/traveller-request/request-deps.ts'
import type {RequestBooking} from '../functions/traveller-request/request-view.ts'
import {createTravellerRequestRoutes} from '../functions/traveller-request/routes.ts'
import {render} from '../web/src/entry-server'
import {fixtureFetcher} from '../web/src/test/render-app'
import {createSiteApp} from './create-site-app'

/**
 * The traveller's request page and review form, through the site app with the real SSR entry and the real request
 * and review routes: a client over its limit gets, on the page and on each of its forms posted without script, a
 * 429 that says when to ask again (`Retry-After`) and a page that says to wait in the API's words, and a refused
 * post changes nothing (the stores below record every write).
 */
const SITE = 'https://example.test'
const SECRET = 'request-link:traveller-429-test-secret-of-enough-length'
const NOW = new Date('2026-11-20T08:00:00Z')
const template =
  '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>'

/** A client over its limit at once: every take is refused, with 42 seconds left of a window that starts now. */
const exhausted = () => createRateLimiter({limit: 0, windowMs: 42_000})
const roomy = () => createRateLimiter({limit: 1000, windowMs: 60_000})

const booking: RequestBooking = {
  _id: 'booking-429',
  _rev: 'r1',
  booking_ref: 'CTX-LIM001',
  experience_id: 'sunset-cruise',
  experience_title: 'Sunset Cruise',
  date: '2026-11-28',
  preferred_time: 'morning',
  pax_adults: 2,
  pax_children: 0,
  pax_total: 2,
  name: 'Thandi Mokoena',
  email: 'thandi@example.com',
  status: 'new',
  status_history: [
    {
      _key: 'created',
      _type: 'statusChange',
      status: 'new',
      at: '2026-11-18T08:00:00Z',
      by: 'website',
    },
  ],
}
/** A trip that took place, whose review is asked for. */
const pastTrip = {
  _id: 'booking-review-429',
  status: 'confirmed',
  date: '2026-11-10',
  name: 'Thandi Mokoena',
  experience_id: 'sunset-cruise',
  experience_title: 'Sunset Cruise',
}

/**
 * A store that answers reads with the booking and records any write: a refused post must leave `writes` empty.
 * Writes fail unless `accepting` (a review that is to be stored).
 */
function store(stored: unknown, writes: string[], accepting = false) {
  const write =
    (name: string) =>
    (..._args: unknown[]) => {
      writes.push(name)
      if (!accepting) throw new Error(`${name} after a refused post`)
      const chain = {create: () => chain, commit: async () => ({})}
      return name === 'transaction' ? chain : Promise.resolve({})
    }
  return {
    fetch: async (_query: string, params: {id?: string; slug?: string}) =>
      params.slug === 'sunset-cruise'
        ? {_id: 'experience-sunset', title: 'Sunset Cruise', startTime: '18:30'}
        : stored,
    getDocument: async () => undefined,
    patch: write('patch'),
    transaction: write('transaction'),
    create: write('create'),
    createIfNotExists: write('createIfNotExists'),
    createOrReplace: write('createOrReplace'),
  } as unknown as SanityClient
}

function site({
  request = {view: roomy(), action: roomy(), link: roomy()},
  review = {view: roomy(), submit: roomy()},
  accepting = false,
}: {
  request?: {view: RateLimiter; action: RateLimiter; link: RateLimiter}
  review?: {view: RateLimiter; submit: RateLimiter}
  accepting?: boolean
}) {
  const writes: string[] = []
  const common = {secret: SECRET, siteUrl: SITE, now: () => NOW}
  const requestDeps = {
    ...common,
    today: () => '2026-11-20',
    content: store(null, writes),
    bookings: store(booking, writes),
    onError: (error: unknown) => {
      throw error
    },
  } as unknown as TravellerRequestDeps
  const reviewDeps: ReviewRoutesDeps = {
    ...common,
    content: store(null, writes, accepting),
    bookings: store(pastTrip, writes, accepting),
    onError: (error: unknown) => {
      throw error
    },
  }
  const clientAddress = () => '198.51.100.7'
  const api = new Hono()
    .route(
      '/requests',
      createTravellerRequestRoutes(() => requestDeps, {limiters: request, clientAddress}),
    )
    .route(
      '/reviews',
      createReviewRoutes(() => reviewDeps, {limiters: review, clientAddress}),
    )
  const app = createSiteApp({
    getRender: async () => render,
    getTemplate: async () => template,
    fetcher: fixtureFetcher,
    siteUrl: SITE,
    apiRoutes: api,
  })
  return {app, writes}
}

/** What a reader without JavaScript sees: the server's markup, React's text separators aside. */
async function bodyOf(response: Response) {
  const html = await response.text()
  return html
    .slice(html.indexOf('<div id="root">'), html.indexOf('__staticRouterHydrationData'))
    .replaceAll('<!-- -->', '')
    .replaceAll('&#x27;', "'")
}

/** A plain form post from the page itself, as a browser without script sends it. */
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: {
    'content-type': 'application/x-www-form-urlencoded',
    'origin': SITE,
    'sec-fetch-site': 'same-origin',
  },
  body: new URLSearchParams(fields).toString(),
})

function expectWaitPage(response: Response, body: string) {
  expect(response.status).toBe(429)
  expect(response.headers.get('retry-after')).toBe('42')
  expect(response.headers.get('cache-control')).toBe('private, no-store')
  expect(body).toContain(RATE_LIMITED_MESSAGE)
  expect(body).not.toMatch(/Loading|Opening the review form/)
}

const requestPage = `/requests/${requestLinkToken(SECRET, booking._id, new Date('2027-01-31T00:00:00Z'))}`
const reviewPage = new URL(reviewLinkUrl(SITE, SECRET, pastTrip, NOW)).pathname

describe('the request page for a client over its limit', () => {
  it('answers the page 429 with Retry-After, saying to wait, as the API does', async () => {
    const {app} = site({request: {view: exhausted(), action: roomy(), link: roomy()}})
    const page = await app.request(`${SITE}${requestPage}`)
    const body = await bodyOf(page)
    expectWaitPage(page, body)
    expect(body).toContain('Please try again in a moment')
    // The same address again, as a plain link: no script needed.
    expect(body).toContain(`href="${requestPage}"`)
    expect(body).not.toContain('CTX-LIM001')

    const api = await app.request(`${SITE}/api${requestPage}`)
    expect(api.status).toBe(429)
    expect(api.headers.get('retry-after')).toBe('42')
    expect(((await api.json()) as {detail: string}).detail).toBe(RATE_LIMITED_MESSAGE)
  })

  it('refuses each of its forms posted without script with a 429 page, and changes nothing', async () => {
    const {app, writes} = site({request: {view: roomy(), action: exhausted(), link: exhausted()}})
    const posts: Record<string, string>[] = [
      {form: 'departure-choice', choice: 'move', date: '2026-12-02'},
      {form: 'departure-choice', choice: 'accept'},
      {form: 'accept-proposal', option: 'option-1'},
      {form: 'new-link', reference: 'CTX-LIM001', email: 'thandi@example.com'},
    ]
    for (const fields of posts) {
      const page = await app.request(`${SITE}${requestPage}`, form(fields))
      const body = await bodyOf(page)
      expectWaitPage(page, body)
      expect(body, fields.form).toContain('Not saved')
    }
    expect(writes).toEqual([])

    // Not refused, the page says nothing of waiting.
    const view = await app.request(`${SITE}${requestPage}`)
    expect(view.status).toBe(200)
    expect(view.headers.get('retry-after')).toBeNull()
    expect(await bodyOf(view)).toContain('Your request <span class="reference">CTX-LIM001</span>')
  })
})

describe('the request page’s forms without script, within the limit', () => {
  it('are answered by the API they would call from the script: a date not offered is refused on the page', async () => {
    const {app, writes} = site({})
    const page = await app.request(
      `${SITE}${requestPage}`,
      form({form: 'accept-proposal', option: 'not-offered'}),
    )
    expect(page.status).toBe(409)
    expect(page.headers.get('retry-after')).toBeNull()
    const body = await bodyOf(page)
    expect(body).toContain('Your request <span class="reference">CTX-LIM001</span>')
    expect(body).toContain('Not saved')
    expect(writes).toEqual([])

    // Another site's form is refused before anything is read.
    const forged = await app.request(`${SITE}${requestPage}`, {
      ...form({form: 'accept-proposal', option: 'not-offered'}),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'origin': 'https://evil.example',
      },
    })
    expect(forged.status).toBe(403)

    // A post that names none of its forms (withdrawing needs the page's dialog) goes back to the page.
    const other = await app.request(`${SITE}${requestPage}`, form({note: 'hello'}))
    expect(other.status).toBe(303)
    expect(new URL(other.headers.get('location') ?? '', SITE).pathname).toBe(requestPage)
  })
})

describe('the review form without script, within the limit', () => {
  it('stores the review and thanks the traveller; a missing consent keeps what was typed and stores nothing', async () => {
    const text = 'The skipper found us a pod of dolphins on the way back to the quay.'
    const refused = site({})
    const unticked = await refused.app.request(
      `${SITE}${reviewPage}`,
      form({rating: '5', text, displayName: 'Thandi M.'}),
    )
    expect(unticked.status).toBe(400)
    const body = await bodyOf(unticked)
    expect(body).toContain(`>${text}</textarea>`)
    expect(body).toMatch(/<input type="radio" name="rating" checked="" value="5"\/>/)
    expect(refused.writes).toEqual([])

    const {app, writes} = site({accepting: true})
    const sent = await app.request(
      `${SITE}${reviewPage}`,
      form({rating: '5', text, displayName: 'Thandi M.', consent: 'on'}),
    )
    expect(sent.status).toBe(201)
    const thanked = await bodyOf(sent)
    expect(thanked).toContain('Thank you for your review')
    expect(thanked).toContain('Your review is with our team')
    expect(writes).toEqual(['transaction', 'createIfNotExists'])
  })
})

describe('the review form for a client over its limit', () => {
  it('answers the page 429 with Retry-After, saying to wait, as the API does', async () => {
    const {app} = site({review: {view: exhausted(), submit: roomy()}})
    const page = await app.request(`${SITE}${reviewPage}`)
    const body = await bodyOf(page)
    expectWaitPage(page, body)
    expect(body).toContain('Please try again in a moment')
    expect(body).not.toContain('This link does not open a review')

    const api = await app.request(`${SITE}/api${reviewPage}`)
    expect(api.status).toBe(429)
    expect(api.headers.get('retry-after')).toBe('42')
  })

  it('refuses the form posted without script with a 429 page that keeps what was typed, and stores nothing', async () => {
    const {app, writes} = site({review: {view: roomy(), submit: exhausted()}})
    const text = 'A calm evening on the water, and the guide knew every bird by name.'
    const page = await app.request(
      `${SITE}${reviewPage}`,
      form({rating: '4', text, displayName: 'Thandi M.', consent: 'on'}),
    )
    const body = await bodyOf(page)
    expectWaitPage(page, body)
    // The form again, as it was sent, to send once the wait is over.
    expect(body).toContain(`>${text}</textarea>`)
    expect(body).toMatch(/<input type="radio" name="rating" checked="" value="4"\/>/)
    expect(body).toMatch(/<input type="checkbox"[^>]* name="consent" checked=""\/>/)
    expect(body).not.toContain('Thank you for your review')
    expect(writes).toEqual([])

    const view = await app.request(`${SITE}${reviewPage}`)
    expect(view.status).toBe(200)
    expect(view.headers.get('retry-after')).toBeNull()
    expect(await bodyOf(view)).toContain('Review your trip')
  })
})

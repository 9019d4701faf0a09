// @vitest-environment node
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type {SanityClient} from '@sanity/client'
import {Hono} from 'hono'
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'

import {startTestLake, type TestLake} from '../lake/src/testing/start-test-lake.ts'
import {sha256} from '../functions/lib/http.ts'
import {loadMailContent} from '../functions/lib/mail-content.ts'
import {createRateLimiter, type RateLimiter} from '../functions/lib/rate-limit.ts'
import {requestLinkToken} from '../functions/lib/request-link.ts'
import {
  PRIVACY_REQUEST_TYPE,
  type PrivacyRequestDeps,
} from '../functions/privacy-requests/handler.ts'
import {createPrivacyRequestRoutes} from '../functions/privacy-requests/index.ts'
import type {WaitlistDeps} from '../functions/waitlist/waitlist-deps.ts'
import {createWaitlistLinks} from '../functions/waitlist/waitlist-links.ts'
import {render} from '../web/src/entry-server'
import {fixtureFetcher} from '../web/src/test/render-app'
import type {GroqFetcher} from '../web/src/lib/sanity-fetch'
import {createSiteApp} from './create-site-app'

/**
 * The pages a waitlist mail's links and a privacy request's links open, through the site app with the real SSR
 * entry and the real functions over the real lake: rendered on the server inside the site's shell, with the brand
 * from site settings, readable and usable without any script, refused with the API's status, never cached.
 */
const SITE = 'https://example.test'
const SECRET = 'request-link:link-pages-test-secret-of-enough-length'
const NOW = new Date('2026-11-26T08:00:00Z')
const template =
  '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>'

let lake: TestLake
let bookings: SanityClient
let dataDir: string
let brand = 'Cape Curated'

/** The site's content reads from fixtures, with site settings naming the brand this test chose. */
const fetcher: GroqFetcher = async (query, params, signal) =>
  query.includes('_type == "siteSettings"')
    ? {siteName: brand, email: 'hello@example.test', socialLinks: []}
    : fixtureFetcher(query, params, signal)

beforeAll(async () => {
  lake = await startTestLake()
  bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'link-pages-'))
})
afterAll(async () => {
  await lake.stop()
  fs.rmSync(dataDir, {recursive: true, force: true})
})
beforeEach(() => {
  brand = 'Cape Curated'
})

/** A client over its limit at once: every take is refused, with 42 seconds left of a window that starts now. */
const exhausted = () => createRateLimiter({limit: 0, windowMs: 42_000})
const roomy = () => createRateLimiter({limit: 1000, windowMs: 60_000})

function site({
  waitlistLimiters,
  privacyLinkLimiters,
}: {
  waitlistLimiters?: {view: RateLimiter; action: RateLimiter}
  privacyLinkLimiters?: {view: RateLimiter; action: RateLimiter}
} = {}) {
  const content = lake.client({token: lake.secrets.writeToken})
  const waitlistDeps = {
    content,
    bookings,
    // The experiences' start times, as the mails read them.
    mailContent: () => loadMailContent(content),
    // A booking request's own mails are the booking form's business, tested there.
    notify: {mails: () => [], stored: () => undefined},
    secret: SECRET,
    siteUrl: SITE,
    now: () => NOW,
    onError: (error: unknown) => {
      throw error
    },
  } as unknown as WaitlistDeps
  const privacyDeps: PrivacyRequestDeps = {
    bookings,
    dataDir,
    siteUrl: SITE,
    secret: SECRET,
    rateLimiter: createRateLimiter({limit: 1000, windowMs: 60_000}),
    mailContent: () => loadMailContent(content),
    now: () => NOW,
  }
  const api = new Hono()
    .route(
      '/waitlist',
      createWaitlistLinks(() => waitlistDeps, {
        clientAddress: () => '198.51.100.7',
        ...(waitlistLimiters ? {limiters: waitlistLimiters} : {}),
      }),
    )
    .route(
      '/privacy-requests',
      createPrivacyRequestRoutes(
        () => privacyDeps,
        () => '198.51.100.7',
        privacyLinkLimiters ? {linkLimiters: privacyLinkLimiters} : {},
      ),
    )
  return createSiteApp({
    getRender: async () => render,
    getTemplate: async () => template,
    fetcher,
    siteUrl: SITE,
    apiRoutes: api,
  })
}

/** What a reader without JavaScript sees: the server's markup, React's text separators aside. */
async function bodyOf(response: Response) {
  const html = await response.text()
  return html
    .slice(html.indexOf('<div id="root">'), html.indexOf('__staticRouterHydrationData'))
    .replaceAll('<!-- -->', '')
}

const form = (
  headers: Record<string, string> = {'origin': SITE, 'sec-fetch-site': 'same-origin'},
) => ({
  method: 'POST',
  headers: {'content-type': 'application/x-www-form-urlencoded', ...headers},
  body: '',
})

function expectPrivateHeaders(response: Response) {
  expect(response.headers.get('cache-control')).toBe('private, no-store')
  expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow')
  expect(response.headers.get('referrer-policy')).toBe('same-origin')
  const policy = response.headers.get('content-security-policy') ?? ''
  expect(policy).toContain("form-action 'self'")
  expect(policy).not.toContain("'unsafe-inline' 'unsafe-eval'")
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/)
}

async function waitingEntry(id: string, state: 'waiting' | 'offered', holdUntil?: string) {
  await bookings.createOrReplace({
    _id: id,
    _type: 'waitlistEntry',
    state,
    experience_id: 'sunset-cruise',
    experience_title: 'Sunset Cruise',
    date: '2026-12-10',
    preferred_time: '',
    pax_adults: 2,
    pax_children: 0,
    pax_total: 2,
    name: 'Thandi Mokoena',
    email: 'thandi@example.test',
    joined_at: '2026-11-20T08:00:00Z',
    ...(holdUntil ? {offered_at: '2026-11-26T07:00:00Z', hold_until: holdUntil} : {}),
  })
}

describe('the waitlist’s pages from the server', () => {
  it('shows the offer in the site’s shell, with the brand from site settings, and takes it by a plain form post', async () => {
    const hold = '2026-11-27T08:00:00Z'
    await waitingEntry('waitlist-offer-ssr', 'offered', hold)
    const token = requestLinkToken(SECRET, 'waitlist-offer-ssr', new Date(hold), 'waitlist-offer')
    const app = site()

    brand = 'Brand From Settings One'
    const view = await app.request(`${SITE}/waitlist/offers/${token}`)
    expect(view.status).toBe(200)
    expectPrivateHeaders(view)
    const body = await bodyOf(view)
    expect(body).toContain('Places are free for you')
    expect(body).toContain('Sunset Cruise')
    expect(body).toContain('Thursday 10 December 2026')
    expect(body).toContain('27 November 2026, 10:00 SAST')
    // A plain form that posts to the page itself: no script needed to send it.
    expect(body).toMatch(
      /<form [^>]*method="post"><button type="submit"[^>]*>Ask for these places<\/button>/,
    )
    expect(body).not.toMatch(/<form [^>]*action=/)
    // The site's shell: its navigation and footer, named as site settings say.
    expect(body).toContain('Brand From Settings One')
    expect(body).toMatch(/<nav[^>]*>/)
    expect(body).toContain('<footer')
    expect(body).toContain('<main id="main"')
    expect(body).not.toMatch(/Opening your offer/)

    // Another brand in site settings: the same page carries it.
    brand = 'Brand From Settings Two'
    const again = await bodyOf(await app.request(`${SITE}/waitlist/offers/${token}`))
    expect(again).toContain('Brand From Settings Two')
    expect(again).not.toContain('Brand From Settings One')

    // Another site's form is refused before anything is read.
    expect(
      (
        await app.request(
          `${SITE}/waitlist/offers/${token}`,
          form({origin: 'https://evil.example'}),
        )
      ).status,
    ).toBe(403)

    // The button: a booking request, then its page.
    const taken = await app.request(`${SITE}/waitlist/offers/${token}`, form())
    expect(taken.status).toBe(303)
    expect(taken.headers.get('location')).toMatch(new RegExp(`^${SITE}/requests/`))
    expect(taken.headers.get('cache-control')).toBe('private, no-store')
    expect(
      await bookings.fetch(
        'count(*[_type == "booking" && waitlist_entry == "waitlist-offer-ssr"])',
      ),
    ).toBe(1)

    // Sent again (Back, then the button): refused with its status, on a page that says why.
    const replay = await app.request(`${SITE}/waitlist/offers/${token}`, form())
    expect(replay.status).toBe(409)
    // A refusal that is not a limit says nothing of when to ask again.
    expect(replay.headers.get('retry-after')).toBeNull()
    const replayBody = await bodyOf(replay)
    expect(replayBody).toContain('You have already asked for these places')
    expect(replayBody).toContain('Brand From Settings Two')
    expect(
      await bookings.fetch(
        'count(*[_type == "booking" && waitlist_entry == "waitlist-offer-ssr"])',
      ),
    ).toBe(1)
  })

  it('refuses forged and lapsed links with their statuses, in the site’s shell', async () => {
    const hold = '2026-11-26T07:30:00Z'
    await waitingEntry('waitlist-lapsed-ssr', 'offered', hold)
    const app = site()
    const lapsed = await app.request(
      `${SITE}/waitlist/offers/${requestLinkToken(SECRET, 'waitlist-lapsed-ssr', new Date('2026-11-27T00:00:00Z'), 'waitlist-offer')}`,
    )
    expect(lapsed.status).toBe(410)
    expectPrivateHeaders(lapsed)
    const lapsedBody = await bodyOf(lapsed)
    expect(lapsedBody).toContain('This offer has ended')
    expect(lapsedBody).toContain('Cape Curated')
    expect(lapsedBody).not.toContain('Ask for these places')

    const forged = await app.request(`${SITE}/waitlist/offers/not-a-token`)
    expect(forged.status).toBe(404)
    expect(await bodyOf(forged)).toContain('This link does not work')
  })

  it('answers a client over its limit with a 429 page that carries Retry-After, on a read and on a post', async () => {
    await waitingEntry('waitlist-limited-ssr', 'offered', '2026-11-27T08:00:00Z')
    const offer = `/waitlist/offers/${requestLinkToken(SECRET, 'waitlist-limited-ssr', new Date('2026-11-27T08:00:00Z'), 'waitlist-offer')}`
    const leave = `/waitlist/leave/${requestLinkToken(SECRET, 'waitlist-limited-ssr', new Date('2026-12-17T23:59:59Z'), 'waitlist-leave')}`

    // Reading: the page without scripts, and the API a hydrated page reads, say the same.
    const reading = site({waitlistLimiters: {view: exhausted(), action: roomy()}})
    for (const path of [offer, leave]) {
      const page = await reading.request(`${SITE}${path}`)
      expect(page.status).toBe(429)
      expect(page.headers.get('retry-after')).toBe('42')
      expectPrivateHeaders(page)
      const body = await bodyOf(page)
      expect(body).toContain('Too many requests')
      expect(body).toContain('Please wait a minute and try again.')
      const api = await reading.request(`${SITE}/api${path}`)
      expect(api.status).toBe(429)
      expect(api.headers.get('retry-after')).toBe('42')
    }

    // Posting (the page's button, with or without scripts: a plain form post either way): refused, nothing taken.
    const posting = site({waitlistLimiters: {view: roomy(), action: exhausted()}})
    for (const path of [offer, leave]) {
      const page = await posting.request(`${SITE}${path}`, form())
      expect(page.status).toBe(429)
      expect(page.headers.get('retry-after')).toBe('42')
      expectPrivateHeaders(page)
      expect(await bodyOf(page)).toContain('Please wait a minute and try again.')
    }
    expect(await bookings.getDocument('waitlist-limited-ssr')).toMatchObject({state: 'offered'})
    expect(
      await bookings.fetch(
        'count(*[_type == "booking" && waitlist_entry == "waitlist-limited-ssr"])',
      ),
    ).toBe(0)

    // A page that is not refused says nothing of waiting.
    const view = await posting.request(`${SITE}${offer}`)
    expect(view.status).toBe(200)
    expect(view.headers.get('retry-after')).toBeNull()
  })

  it('says when the trip starts in one line, as the request page and the mails do: the start time, never “Any time” beside it', async () => {
    // The experience starts at 17:30: the offer's page names the day with that start, once.
    await lake.client({token: lake.secrets.writeToken}).createOrReplace({
      _id: 'experience-sunset-cruise',
      _type: 'experience',
      title: 'Sunset Cruise',
      slug: {_type: 'slug', current: 'sunset-cruise'},
      startTime: '17:30',
    })
    const hold = '2026-11-27T08:00:00Z'
    await waitingEntry('waitlist-offer-when-ssr', 'offered', hold)
    const token = requestLinkToken(
      SECRET,
      'waitlist-offer-when-ssr',
      new Date(hold),
      'waitlist-offer',
    )
    const body = await bodyOf(await site().request(`${SITE}/waitlist/offers/${token}`))
    expect(body).toContain('<dt>When</dt><dd>Thursday 10 December 2026, 17:30 SAST</dd>')
    expect(body).not.toContain('<dt>Time</dt>')
    expect(body).not.toContain('<dt>Date</dt>')
    expect(body).not.toContain('Any time')
  })

  it('leaves the line by a plain form post and says so; the link then says the traveller is not on it', async () => {
    await waitingEntry('waitlist-leave-ssr', 'waiting')
    const token = requestLinkToken(
      SECRET,
      'waitlist-leave-ssr',
      new Date('2026-12-17T23:59:59Z'),
      'waitlist-leave',
    )
    const app = site()
    const view = await app.request(`${SITE}/waitlist/leave/${token}`)
    expect(view.status).toBe(200)
    expectPrivateHeaders(view)
    const body = await bodyOf(view)
    expect(body).toContain('Leave the waitlist?')
    expect(body).toContain('Sunset Cruise')
    expect(body).toContain('>Leave the waitlist</button>')

    const left = await app.request(`${SITE}/waitlist/leave/${token}`, form())
    expect(left.status).toBe(200)
    expectPrivateHeaders(left)
    expect(await bodyOf(left)).toContain('You have left the waitlist')
    expect(await bookings.getDocument('waitlist-leave-ssr')).toBeUndefined()

    const gone = await app.request(`${SITE}/waitlist/leave/${token}`)
    expect(gone.status).toBe(404)
    expect(await bodyOf(gone)).toContain('You are not on this waitlist')
  })
})

describe('a privacy request’s pages from the server', () => {
  async function unconfirmed(id: string, kind: 'access' | 'erasure', email: string) {
    const token = `${id.replace(/\W/g, '').padEnd(43, 'x')}`.slice(0, 43)
    await bookings.createOrReplace({
      _id: `${PRIVACY_REQUEST_TYPE}.${id}`,
      _type: PRIVACY_REQUEST_TYPE,
      kind,
      email,
      address_hash: 'hash',
      status: 'unconfirmed',
      created_at: '2026-11-26T07:00:00Z',
      confirm_token_hash: sha256(token),
      confirm_expires_at: '2026-11-27T07:00:00Z',
    })
    return token
  }

  it('confirms a copy by a plain form post, once, and shows the copy in the site’s shell', async () => {
    const email = 'ayanda.ssr@example.test'
    await bookings.createOrReplace({
      _id: 'booking-privacy-ssr',
      _type: 'booking',
      booking_ref: 'CTE-PRIVSSR',
      experience_title: 'Sunset Cruise',
      date: '2026-12-10',
      name: 'Ayanda',
      email,
      notes: 'A vegetarian lunch, please',
      created_at: '2026-11-20T08:00:00Z',
    })
    const token = await unconfirmed('access-ssr', 'access', email)
    const app = site()
    brand = 'Brand For Privacy'
    const view = await app.request(`${SITE}/privacy/requests/confirm/${token}`)
    expect(view.status).toBe(200)
    expectPrivateHeaders(view)
    const body = await bodyOf(view)
    expect(body).toContain('Confirm your request')
    expect(body).toContain('A copy of my information')
    expect(body).toContain('>Confirm my request</button>')
    expect(body).toContain('Brand For Privacy')
    // Nothing about the address before it is confirmed.
    expect(body).not.toContain(email)

    const confirmed = await app.request(`${SITE}/privacy/requests/confirm/${token}`, form())
    expect(confirmed.status).toBe(303)
    const download = confirmed.headers.get('location')!
    expect(download).toMatch(/^\/privacy\/requests\/download\/[\w-]{43}$/)
    expect((await app.request(`${SITE}/privacy/requests/confirm/${token}`, form())).status).toBe(
      404,
    )

    const copy = await app.request(`${SITE}${download}`)
    expect(copy.status).toBe(200)
    expectPrivateHeaders(copy)
    const copyBody = await bodyOf(copy)
    expect(copyBody).toContain('Your information')
    expect(copyBody).toContain(email)
    expect(copyBody).toContain('CTE-PRIVSSR')
    expect(copyBody).toContain('A vegetarian lunch, please')
    expect(copyBody).toContain('10 December 2026')
    expect(copyBody).toContain('20 November 2026, 10:00 SAST')
    expect(copyBody).toContain('Your requests (1)')
    expect(copyBody).toContain('Newsletter sign-ups (0)')
    expect(copyBody).toContain('Brand For Privacy')
    expect(copyBody).toContain(`href="${download}.json"`)

    const file = await app.request(`${SITE}${download}.json`)
    expect(file.status).toBe(200)
    expect(file.headers.get('content-disposition')).toContain('my-information.json')
    expect(file.headers.get('cache-control')).toBe('private, no-store')
    expect(
      ((await file.json()) as {requests: {booking_ref: string}[]}).requests[0]!.booking_ref,
    ).toBe('CTE-PRIVSSR')
  })

  it('answers a client over its limit with a 429 page that carries Retry-After, on a read and on a post', async () => {
    const token = await unconfirmed('erasure-limited-ssr', 'erasure', 'lerato.ssr@example.test')
    const confirm = `/privacy/requests/confirm/${token}`
    const download = `/privacy/requests/download/${'B'.repeat(43)}`

    const reading = site({privacyLinkLimiters: {view: exhausted(), action: roomy()}})
    for (const path of [confirm, download]) {
      const page = await reading.request(`${SITE}${path}`)
      expect(page.status).toBe(429)
      expect(page.headers.get('retry-after')).toBe('42')
      expectPrivateHeaders(page)
      const body = await bodyOf(page)
      expect(body).toContain('Please try again in a moment')
      expect(body).toContain('Too many requests. Please wait a minute and try again.')
      // What a hydrated page reads, and the copy as a file, say the same.
      for (const api of [
        `${SITE}/api/privacy-requests${path.slice('/privacy/requests'.length)}`,
        `${SITE}${download}.json`,
      ]) {
        const answer = await reading.request(api)
        expect(answer.status).toBe(429)
        expect(answer.headers.get('retry-after')).toBe('42')
      }
    }

    const posting = site({privacyLinkLimiters: {view: roomy(), action: exhausted()}})
    const refused = await posting.request(`${SITE}${confirm}`, form())
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('42')
    expectPrivateHeaders(refused)
    expect(await bodyOf(refused)).toContain('Please wait a minute and try again.')
    // Nothing was confirmed: the link still opens its page.
    expect(await bookings.getDocument(`${PRIVACY_REQUEST_TYPE}.erasure-limited-ssr`)).toMatchObject(
      {status: 'unconfirmed'},
    )
    const view = await posting.request(`${SITE}${confirm}`)
    expect(view.status).toBe(200)
    expect(view.headers.get('retry-after')).toBeNull()
  })

  it('confirms an erasure on the page itself, and refuses a spent or forged link with a 404 page', async () => {
    const token = await unconfirmed('erasure-ssr', 'erasure', 'sipho.ssr@example.test')
    const app = site()
    const confirmed = await app.request(`${SITE}/privacy/requests/confirm/${token}`, form())
    expect(confirmed.status).toBe(200)
    expectPrivateHeaders(confirmed)
    const body = await bodyOf(confirmed)
    expect(body).toContain('Thank you: your request is confirmed')
    expect(body).toContain('Delete my information')

    const spent = await app.request(`${SITE}/privacy/requests/confirm/${token}`)
    expect(spent.status).toBe(404)
    expect(await bodyOf(spent)).toContain('This link no longer works')
    const forged = await app.request(`${SITE}/privacy/requests/download/${'A'.repeat(43)}`)
    expect(forged.status).toBe(404)
    expect(await bodyOf(forged)).toContain('This link no longer works')
    expect(
      (await app.request(`${SITE}/privacy/requests/download/${'A'.repeat(43)}.json`)).status,
    ).toBe(404)
  })
})

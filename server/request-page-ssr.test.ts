// @vitest-environment node
import type {SanityClient} from '@sanity/client'
import {Hono} from 'hono'
import {describe, expect, it} from 'vitest'

import {requestLinkToken} from '../functions/lib/request-link.ts'
import type {TravellerRequestDeps} from '../functions/traveller-request/request-deps.ts'
import {createTravellerRequestRoutes} from '../functions/traveller-request/routes.ts'
import type {RequestBooking} from '../functions/traveller-request/request-view.ts'
import {render} from '../web/src/entry-server'
import {fixtureFetcher} from '../web/src/test/render-app'
import {createSiteApp} from './create-site-app'

const SITE = 'https://example.test'
const SECRET = 'request-link:ssr-test-secret-of-enough-length'
const NOW = new Date('2026-11-20T08:00:00Z')
const template =
  '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>'

const booking: RequestBooking = {
  _id: 'booking-ssr',
  _rev: 'r1',
  booking_ref: 'CTX-SSR001',
  experience_id: 'sunset-cruise',
  experience_title: 'Sunset Cruise',
  date: '2026-11-28',
  preferred_time: 'morning',
  pax_adults: 2,
  pax_children: 0,
  pax_total: 2,
  name: 'Thandi Mokoena',
  email: 'thandi@example.com',
  status: 'confirmed',
  status_history: [
    // 22:30 UTC: already the next day in Cape Town.
    {
      _key: 'created',
      _type: 'statusChange',
      status: 'new',
      at: '2026-11-18T22:30:00Z',
      by: 'website',
    },
    {
      _key: 'confirmed',
      _type: 'statusChange',
      status: 'confirmed',
      at: '2026-11-19T07:00:00Z',
      by: 'staff',
    },
  ],
}

/** The real request routes over a bookings dataset of one, in the site app with the real SSR entry. */
function site(stored: RequestBooking | null) {
  const reads: string[] = []
  const deps = {
    content: {
      fetch: async (_query: string, params: {slug: string}) =>
        params.slug === 'sunset-cruise'
          ? {
              meetingPoint: {
                name: 'Quay 5 ticket kiosk',
                address: 'V&A Waterfront, Cape Town',
                location: {lat: -33.905, lng: 18.419},
              },
              startTime: '18:30',
            }
          : null,
    } as unknown as SanityClient,
    bookings: {
      fetch: async (_query: string, params: {id: string}) => {
        reads.push(params.id)
        return stored && params.id === stored._id ? stored : null
      },
    } as unknown as SanityClient,
    secret: SECRET,
    siteUrl: SITE,
    now: () => NOW,
    onError: (error: unknown) => {
      throw error
    },
  } as unknown as TravellerRequestDeps
  const api = new Hono().route(
    '/requests',
    createTravellerRequestRoutes(() => deps, {clientAddress: () => '198.51.100.7'}),
  )
  const app = createSiteApp({
    getRender: async () => render,
    getTemplate: async () => template,
    fetcher: fixtureFetcher,
    siteUrl: SITE,
    apiRoutes: api,
  })
  return {app, reads}
}

const tokenFor = (id: string) => requestLinkToken(SECRET, id, new Date('2027-01-31T00:00:00Z'))

describe('the traveller’s request page from the server', () => {
  it(`arrives with the request in it, uncached (process TZ ${process.env.TZ ?? 'unset'})`, async () => {
    const {app, reads} = site(booking)
    const response = await app.request(`${SITE}/requests/${tokenFor(booking._id)}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const html = await response.text()
    // React's text separators aside, what a reader without JavaScript sees.
    const body = html
      .slice(html.indexOf('<div id="root">'), html.indexOf('__staticRouterHydrationData'))
      .replaceAll('<!-- -->', '')
    // The reference as one word, never broken at its hyphen on a phone.
    expect(body).toContain('Your request <span class="reference">CTX-SSR001</span>')
    expect(body).toContain('Sunset Cruise')
    expect(body).toContain('Confirmed')
    expect(body).toContain('Saturday 28 November 2026, 18:30 SAST')
    expect(body).toContain('Quay 5 ticket kiosk, V&amp;A Waterfront, Cape Town')
    // The history on Cape Town's clock, whatever the server's zone.
    expect(body).toContain('19 November 2026, 00:30 SAST')
    expect(body).not.toMatch(/Loading/i)
    // Read once, through the API's own link check, and only the booking the link names.
    expect(reads).toEqual([booking._id])
  })

  it('says a forged link does not work, with the form for a new one, and reads nothing', async () => {
    const {app, reads} = site(booking)
    const forged = tokenFor(booking._id).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))
    const html = await (await app.request(`${SITE}/requests/${forged}`)).text()
    expect(html).toContain('This link does not work')
    expect(html).not.toContain('Sunset Cruise')
    // What the reader sees (the page's catalogue, sent with its data, has the word "Loading" for later).
    const body = html.slice(
      html.indexOf('<div id="root">'),
      html.indexOf('__staticRouterHydrationData'),
    )
    expect(body).not.toMatch(/Loading/i)
    expect(reads).toEqual([])
  })
})

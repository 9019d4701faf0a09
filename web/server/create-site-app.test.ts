// @vitest-environment node
import {describe, expect, it} from 'vitest'

import {apiRoutes, MAX_API_BODY_BYTES} from '../../functions/api-routes.ts'
import {createSiteApp} from './create-site-app.ts'

// The site server's own edges, as a hostile client meets them.
const app = createSiteApp({
  getRender: async () => async () => ({kind: 'html', status: 200, head: '', html: '<p>page</p>', state: '', modules: []}),
  getTemplate: async () => '<!doctype html><head><!--app-head--></head><body><!--app-html--><!--app-state--></body>',
  fetcher: async () => null,
  siteUrl: 'http://localhost:3000',
  apiRoutes,
  onError: () => {},
})

describe('the page form fallback', () => {
  it('sends a form posted before hydration back to its page, never to another site', async () => {
    expect((await app.request('/book/lions-head?date=2027-01-05', {method: 'POST'})).headers.get('location')).toBe(
      '/book/lions-head?date=2027-01-05',
    )
    for (const path of ['//evil.example/x', '///evil.example/x', '/\\evil.example/x', '/\\/evil.example', '//evil.example']) {
      const response = await app.request(`http://localhost:3000${path}`, {method: 'POST'})
      expect(response.status, path).toBe(303)
      const location = response.headers.get('location') ?? ''
      expect(location, path).toMatch(/^\/[^/\\]/)
      // Resolved against the site, the redirect stays on the site.
      expect(new URL(location, 'http://localhost:3000').origin, path).toBe('http://localhost:3000')
    }
  })
})

describe('body limits', () => {
  it('refuses an oversized body to any function while reading it, whatever Content-Length says', async () => {
    const huge = new ReadableStream<Uint8Array>({
      start(controller) {
        // Far over the limit, in chunks, with no Content-Length: the limit must stop the read.
        for (let i = 0; i < 64; i++) controller.enqueue(new Uint8Array(16 * 1024).fill(97))
        controller.close()
      },
    })
    for (const path of ['/api/staff/session', '/api/booking-requests', '/api/itinerary-requests', '/api/newsletter-signups', '/api/events']) {
      const response = await app.request(`http://localhost:3000${path}`, {
        method: 'POST',
        headers: {'content-type': 'application/json', origin: 'http://localhost:3000'},
        body: path === '/api/staff/session' ? huge : new Uint8Array(MAX_API_BODY_BYTES + 1).fill(32),
        duplex: 'half',
      } as RequestInit)
      expect(response.status, path).toBe(413)
      expect(await response.json(), path).toMatchObject({message: 'The request is too large.'})
    }
  })
})

// @vitest-environment node
import {Hono} from 'hono'
import {describe, expect, it} from 'vitest'

import {createSiteApp} from './create-site-app'
import {render} from '../web/src/entry-server'
import {fixtureFetcher} from '../web/src/test/render-app'

const template =
  '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>'

function siteApp(apiRoutes?: Hono) {
  return createSiteApp({
    getRender: async () => render,
    getTemplate: async () => template,
    fetcher: fixtureFetcher,
    siteUrl: 'https://example.test',
    apiRoutes,
    pageModules: (modules) => modules.map((m) => `<!--preload ${m}-->`).join(''),
  })
}

describe('server rendering through the site app', () => {
  it('serves a page as HTML with its content, head tags and dehydrated data', async () => {
    const response = await siteApp().request('/experiences/lions-head-sunset-hike')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain("<title>Lion's Head Sunset Hike | ")
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/experiences\/lions-head-sunset-hike"/)
    expect(html).toContain('<meta property="og:title"')
    expect(html).toContain('"@type":"TouristTrip"')
    expect(html).toContain('"priceCurrency":"ZAR"')
    expect(html).toContain('"@type":"Organization"')
    expect(html).toContain('From ZAR 450 per person')
    expect(html).toContain('window.__RQ_STATE__=')
    expect(html).toContain('<!--preload src/app/routes/experience.tsx-->')
    // Without scripts, "Book Now" is a link to the booking page and the menu a disclosure of the same links.
    expect(html).toMatch(
      /<noscript><a href="\/book\/lions-head-sunset-hike" class="button button--primary">Book Now<\/a><\/noscript>/,
    )
    expect(html).toMatch(
      /<noscript><details class="site-nav__menu-fallback">.*href="\/about".*<\/details><\/noscript>/s,
    )
  })

  it('answers unknown paths and missing content with the not-found page and status 404', async () => {
    for (const path of ['/no-such-page', '/experiences/no-such-experience']) {
      const response = await siteApp().request(path)
      expect(response.status).toBe(404)
      expect(await response.text()).toContain('Oops! Page not found')
    }
  })

  it('redirects the old About addresses with the query string and replaces /experiences/custom', async () => {
    const about = await siteApp().request('/about-us?ref=mail')
    expect(about.status).toBe(301)
    expect(about.headers.get('location')).toBe('/about?ref=mail')
    const custom = await siteApp().request('/experiences/custom')
    expect(custom.headers.get('location')).toBe('/experiences?category=bespoke')
  })

  it('sends a form posted before hydration back to its page, and never answers it as an API', async () => {
    const response = await siteApp().request(
      'https://example.test/book/lions-head-sunset-hike?date=2030-01-05&pax=2,0',
      {
        method: 'POST',
        // The configured site's origin: the request's own Host proves nothing (DNS rebinding).
        headers: {origin: 'https://example.test'},
        body: new URLSearchParams({name: 'Thandi', email: 'thandi@example.com'}),
      },
    )
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(
      '/book/lions-head-sunset-hike?date=2030-01-05&pax=2,0',
    )
    expect((await siteApp().request('/api/nothing-here', {method: 'POST'})).status).toBe(404)
  })

  it('compresses pages and sends basic security headers', async () => {
    const response = await siteApp().request('/', {headers: {'Accept-Encoding': 'gzip'}})
    expect(response.headers.get('content-encoding')).toBe('gzip')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
  })

  it('marks internal pages noindex', async () => {
    const html = await (await siteApp().request('/admin/bookings')).text()
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"')
  })

  it('has no audit or image-review pages: anyone could open them', async () => {
    for (const path of [
      '/audit-copy-enGB',
      '/audit-routing-ux',
      '/audit-story-links',
      '/image-review',
    ])
      expect((await siteApp().request(path)).status, path).toBe(404)
  })

  it('serves robots.txt and a sitemap built from the content', async () => {
    const robots = await (await siteApp().request('/robots.txt')).text()
    expect(robots).toContain('Sitemap: https://example.test/sitemap.xml')
    const sitemap = await siteApp().request('/sitemap.xml')
    expect(sitemap.headers.get('content-type')).toContain('application/xml')
    expect(await sitemap.text()).toContain('<loc>https://example.test/experiences</loc>')
  })

  it('mounts the API routes it is given and answers other /api paths with 404', async () => {
    const api = new Hono().post('/events', (c) => c.body(null, 204))
    const app = siteApp(api)
    expect((await app.request('/api/events', {method: 'POST'})).status).toBe(204)
    expect((await app.request('/api/nothing')).status).toBe(404)
  })
})

// @vitest-environment node
import {createHash} from 'node:crypto'

import {Hono} from 'hono'
import {describe, expect, it, vi} from 'vitest'

import {problemBody} from '@repo/schemas/problem.ts'

import {render} from '../web/src/entry-server'
import {fixtureFetcher} from '../web/src/test/render-app'
import {createSiteApp, type SiteAppOptions} from './create-site-app'
import {readServerEnv} from './env'

const SITE = 'https://example.test'
const template =
  '<html><head><style>body{}</style><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--><script type="module">import("/assets/entry.js")</script></body></html>'

const api = new Hono()
  .post('/staff/session', async (c) => c.json({read: (await c.req.text()).length}))
  .post('/newsletter/unsubscribe', async (c) => c.json({read: (await c.req.text()).length}))
  .post('/newsletter/confirm', async (c) => c.json({read: (await c.req.text()).length}))
  .post('/events', async (c) => c.json({read: (await c.req.text()).length}))
  .delete('/staff/session', (c) => c.body(null, 204))

function siteApp(frameAncestors?: string[], options: Partial<SiteAppOptions> = {}) {
  return createSiteApp({
    getRender: async () => render,
    getTemplate: async () => template,
    fetcher: fixtureFetcher,
    siteUrl: SITE,
    siteConfig: {
      projectId: 'local',
      dataset: 'production',
      apiHost: 'https://lake.example.test',
      apiVersion: '2025-02-19',
      siteUrl: SITE,
    },
    apiRoutes: api,
    frameAncestors,
    ...options,
  })
}

const formPost = (body: BodyInit, headers: Record<string, string> = {}) => ({
  method: 'POST',
  body,
  headers: {origin: SITE, ...headers},
})

/** A body that never ends unless the reader stops, counting what was pulled from it. */
function endlessBody() {
  const chunk = new Uint8Array(64 * 1024).fill(97)
  const pulled = {bytes: 0}
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled.bytes += chunk.byteLength
      if (pulled.bytes > 50 * 1024 * 1024) controller.close()
      else controller.enqueue(chunk)
    },
  })
  return {stream, pulled}
}

describe('the pre-hydration form fallback', () => {
  it.each([
    '//evil.example/x',
    '///evil.example/x',
    '/\\evil.example/x',
    '/\\/evil.example/x',
    '/%2F%2Fevil.example/x',
    '/%5C%5Cevil.example/x',
    '/%09/evil.example/x',
    '/x%0d%0aSet-Cookie:%20a=b',
  ])('sends %s back to a path on this site, never to another host', async (path) => {
    const response = await siteApp().request(
      `${SITE}${path}`,
      formPost(new URLSearchParams({name: 'Thandi'})),
    )
    expect(response.status).toBe(303)
    const location = response.headers.get('location')!
    expect(location).toMatch(/^\/(?![/\\])/)
    expect(location).not.toMatch(/[\r\n\t]/)
    expect(new URL(location, SITE).origin).toBe(SITE)
  })

  it('keeps the page and its query for a same-origin form post', async () => {
    const response = await siteApp().request(
      `${SITE}/book/x?date=2030-01-05`,
      formPost(new URLSearchParams({name: 'Thandi'}), {'sec-fetch-site': 'same-origin'}),
    )
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/book/x?date=2030-01-05')
  })

  it('refuses form posts from another site, without an origin, or not sent as a form', async () => {
    const app = siteApp()
    const form = () => new URLSearchParams({name: 'x'})
    const crossSite = await app.request(
      `${SITE}/book/x`,
      formPost(form(), {origin: 'https://evil.test'}),
    )
    expect(crossSite.status).toBe(403)
    expect(((await crossSite.json()) as {detail: string}).detail).toMatch(/other sites/)
    const fetchSite = await app.request(
      `${SITE}/book/x`,
      formPost(form(), {'sec-fetch-site': 'cross-site'}),
    )
    expect(fetchSite.status).toBe(403)
    expect((await app.request(`${SITE}/book/x`, {method: 'POST', body: form()})).status).toBe(403)
    const plain = await app.request(
      `${SITE}/book/x`,
      formPost('name=x', {'content-type': 'text/plain'}),
    )
    expect(plain.status).toBe(415)
  })
})

describe('the API', () => {
  const jsonPost = (body: BodyInit, headers: Record<string, string> = {}) =>
    formPost(body, {'content-type': 'application/json', ...headers})

  it('stops reading a body past the limit, whatever Content-Length says', async () => {
    const {stream, pulled} = endlessBody()
    const response = await siteApp().request(`${SITE}/api/staff/session`, {
      ...jsonPost(stream),
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual(
      problemBody(
        413,
        'The request is too large: this address takes at most 1 KB. Nothing was saved.',
        {fieldErrors: {}},
      ),
    )
    expect(pulled.bytes).toBeLessThan(256 * 1024)
  })

  it('tells a page’s form post over the limit so in words, and the API in its problem shape', async () => {
    const app = siteApp()
    const page = await app.request(
      `${SITE}/book/x`,
      formPost(`name=${'x'.repeat(17 * 1024)}`, {'sec-fetch-site': 'same-origin'}),
    )
    expect(page.status).toBe(413)
    expect(page.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(page.headers.get('connection')).toBe('close')
    expect(await page.text()).toBe(
      'The form is too large: this page takes at most 16 KB. Nothing was saved; go back, shorten what you wrote and send it again.',
    )
    const api = await app.request(`${SITE}/api/events`, jsonPost('x'.repeat(17 * 1024)))
    expect(api.headers.get('connection')).toBe('close')
    expect(api.headers.get('content-type')).toBe('application/problem+json')
    expect(await api.json()).toEqual(
      problemBody(
        413,
        'The request is too large: this address takes at most 16 KB. Nothing was saved.',
        {fieldErrors: {}},
      ),
    )
  })

  it('refuses a declared oversize body at once and accepts one within the limit', async () => {
    const app = siteApp()
    const big = await app.request(`${SITE}/api/events`, jsonPost('x'.repeat(17 * 1024)))
    expect(big.status).toBe(413)
    const login = await app.request(`${SITE}/api/staff/session`, jsonPost('x'.repeat(2 * 1024)))
    expect(login.status).toBe(413)
    const ok = await app.request(`${SITE}/api/events`, jsonPost('{"event":"x"}'))
    expect(ok.status).toBe(200)
  })

  it('takes JSON only, and only from this site', async () => {
    const app = siteApp()
    const plain = await app.request(
      `${SITE}/api/events`,
      formPost('{"event":"x"}', {'content-type': 'text/plain'}),
    )
    expect(plain.status).toBe(415)
    expect(((await plain.json()) as {detail: string}).detail).toMatch(/application\/json/)
    const form = await app.request(`${SITE}/api/events`, formPost(new URLSearchParams({a: 'b'})))
    expect(form.status).toBe(415)
    const crossSite = await app.request(
      `${SITE}/api/events`,
      jsonPost('{}', {origin: 'https://evil.test'}),
    )
    expect(crossSite.status).toBe(403)
    const nullOrigin = await app.request(`${SITE}/api/events`, jsonPost('{}', {origin: 'null'}))
    expect(nullOrigin.status).toBe(403)
  })

  it('takes the newsletter links’ plain form posts, and the one-click unsubscribe from anywhere (RFC 8058)', async () => {
    const app = siteApp()
    const oneClick = (headers: Record<string, string>) =>
      app.request(`${SITE}/api/newsletter/unsubscribe?token=t`, {
        method: 'POST',
        body: 'List-Unsubscribe=One-Click',
        headers: {'content-type': 'application/x-www-form-urlencoded', ...headers},
      })
    // A mail provider's server: no Origin, no Sec-Fetch-Site; a webmail page: another site's origin.
    expect((await oneClick({})).status).toBe(200)
    expect(
      (await oneClick({'origin': 'https://mail.example.net', 'sec-fetch-site': 'cross-site'}))
        .status,
    ).toBe(200)
    const multipart = new FormData()
    multipart.set('List-Unsubscribe', 'One-Click')
    expect(
      (
        await app.request(`${SITE}/api/newsletter/unsubscribe?token=t`, {
          method: 'POST',
          body: multipart,
        })
      ).status,
    ).toBe(200)
    // Still no text/plain, and still under the body limit.
    expect((await oneClick({'content-type': 'text/plain'})).status).toBe(415)
    const big = await app.request(`${SITE}/api/newsletter/unsubscribe?token=t`, {
      method: 'POST',
      body: 'x'.repeat(17 * 1024),
      headers: {'content-type': 'application/x-www-form-urlencoded'},
    })
    expect(big.status).toBe(413)
    // The confirmation page's form is taken from this site only; no other API route takes a form.
    const confirm = (origin: string) =>
      app.request(
        `${SITE}/api/newsletter/confirm`,
        formPost(new URLSearchParams({token: 't'}), {origin}),
      )
    expect((await confirm(SITE)).status).toBe(200)
    expect((await confirm('https://evil.test')).status).toBe(403)
    const elsewhere = await app.request(
      `${SITE}/api/staff/session`,
      formPost(new URLSearchParams({password: 'x'})),
    )
    expect(elsewhere.status).toBe(415)
  })

  it('refuses a page on another domain that resolves to this server (DNS rebinding)', async () => {
    const app = siteApp()
    // The rebound page's requests carry its own name in Host and Origin, and the browser calls them same-origin.
    for (const path of ['/api/events', '/api/staff/session', '/api/booking-requests', '/book']) {
      const rebound = await app.request(`http://rebind.evil.test${path}`, {
        method: 'POST',
        body: '{"event":"x"}',
        headers: {
          'content-type': 'application/json',
          'origin': 'http://rebind.evil.test',
          'sec-fetch-site': 'same-origin',
        },
      })
      expect(rebound.status, path).toBe(403)
      expect(await rebound.json()).toEqual(
        problemBody(403, 'Requests from other sites are refused.', {fieldErrors: {}}),
      )
    }
    const own = await app.request(
      `${SITE}/api/events`,
      jsonPost('{}', {'sec-fetch-site': 'same-origin'}),
    )
    expect(own.status).toBe(200)
  })

  it('lets an empty DELETE through as Node delivers it: a body stream, no Content-Type', async () => {
    const empty = new ReadableStream<Uint8Array>({start: (controller) => controller.close()})
    const response = await siteApp().request(`${SITE}/api/staff/session`, {
      method: 'DELETE',
      body: empty,
      duplex: 'half',
      headers: {'origin': SITE, 'sec-fetch-site': 'same-origin'},
    } as RequestInit)
    expect(response.status).toBe(204)
  })

  it('sends security headers on every answer', async () => {
    for (const response of [
      await siteApp().request(`${SITE}/api/nothing`),
      await siteApp().request(`${SITE}/api/events`, jsonPost('{}')),
    ]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      )
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin')
      expect(response.headers.get('referrer-policy')).toBe('no-referrer')
      expect(response.headers.get('x-frame-options')).toBe('DENY')
      expect(response.headers.get('cache-control')).toBe('no-store')
    }
  })
})

describe('the pages’ Content-Security-Policy', () => {
  const policyOf = (response: Response) =>
    Object.fromEntries(
      response.headers
        .get('content-security-policy')!
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    ) as Record<string, string[]>

  const sha256 = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`

  it('allows only the page’s own inline scripts and stylesheet, by hash, and nothing from other hosts', async () => {
    const response = await siteApp().request(`${SITE}/experiences/lions-head-sunset-hike`)
    expect(response.status).toBe(200)
    const policy = policyOf(response)
    const html = await response.text()
    // No nonce anywhere: the same page and policy serve every visitor, from any cache.
    expect(html).not.toMatch(/nonce=/)
    expect(policy['style-src-attr']).toEqual(["'unsafe-inline'"])
    const inlineScripts = [
      ...html.matchAll(
        /<script(?![^>]*(?:src=|application\/(?:ld\+)?json))[^>]*>([\s\S]*?)<\/script>/g,
      ),
    ]
    const code = inlineScripts.map((match) => match[1]!)
    expect(code.some((c) => c.startsWith('window.__SITE_CONFIG__='))).toBe(true)
    expect(code.some((c) => c.startsWith('window.__RQ_STATE__='))).toBe(true)
    expect(code.some((c) => c.startsWith('window.__staticRouterHydrationData'))).toBe(true)
    expect(code.some((c) => c.startsWith('import('))).toBe(true)
    expect(policy['script-src']).toEqual(["'self'", ...code.map(sha256)])
    expect(policy['style-src']).toEqual(["'self'", sha256('body{}')])
    // Rendered content (here JSON-LD) is data, never listed.
    const jsonLd = /<script type="application\/ld\+json" data-seo>([\s\S]*?)<\/script>/.exec(
      html,
    )![1]!
    expect(policy['script-src']).not.toContain(sha256(jsonLd))
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'https://lake.example.test'])
    expect(policy['connect-src']).toEqual(["'self'", 'https://lake.example.test'])
    expect(policy['object-src']).toEqual(["'none'"])
    expect(policy['base-uri']).toEqual(["'none'"])
    expect(policy['form-action']).toEqual(["'self'"])
    expect(policy['frame-ancestors']).toEqual(["'none'"])
    expect(response.headers.get('x-frame-options')).toBe('DENY')

    // Rendered afresh, by another server: the same page but for the data's timestamps (which tell the browser
    // how old the data is); nothing in it depends on the visitor.
    const again = await siteApp().request(`${SITE}/experiences/lions-head-sunset-hike`)
    const undated = (page: string) => page.replace(/"(dehydratedAt|dataUpdatedAt)":\d+/g, '')
    expect(undated(await again.text())).toBe(undated(html))
  })

  it('lets only the configured origins frame the pages', async () => {
    const response = await siteApp(['https://studio.example.test']).request(`${SITE}/`)
    expect(policyOf(response)['frame-ancestors']).toEqual(['https://studio.example.test'])
    expect(response.headers.get('x-frame-options')).toBeNull()
  })
})

describe('FRAME_ANCESTORS', () => {
  it('reads space-separated origins, defaults to none, and refuses anything but URLs', () => {
    expect(readServerEnv({}).frameAncestors).toEqual([])
    expect(
      readServerEnv({
        FRAME_ANCESTORS: ' https://studio.example.test/studio  http://127.0.0.1:3333 ',
      }).frameAncestors,
    ).toEqual(['https://studio.example.test', 'http://127.0.0.1:3333'])
    expect(() => readServerEnv({FRAME_ANCESTORS: "'self' *"})).toThrow(/FRAME_ANCESTORS/)
    expect(() => readServerEnv({FRAME_ANCESTORS: 'javascript:alert(1)'})).toThrow(/FRAME_ANCESTORS/)
  })
})

describe('malformed requests', () => {
  it.each([
    '/%',
    '/%E0%A4%A',
    '/experiences/%',
    '/stories/%ff',
    '/%00',
    '/sitemap.xml/%',
    '/assets/%',
  ])('GET %s is a 4xx page, never a 5xx, and nothing is logged', async (path) => {
    const warn = vi.spyOn(console, 'warn')
    const error = vi.spyOn(console, 'error')
    const response = await siteApp().request(`${SITE}${path}`)
    const said = [...warn.mock.calls, ...error.mock.calls]
    warn.mockRestore()
    error.mockRestore()
    expect(response.status).toBe(404)
    expect(said).toEqual([])
  })

  it('a visitor hanging up mid-request is answered quietly; any other failure is logged', async () => {
    const logged: unknown[] = []
    const failing = new Hono()
      .get('/hang-up', () => {
        throw Object.assign(new Error('aborted'), {code: 'ECONNRESET'})
      })
      .get('/broken', () => {
        throw new Error('a real bug')
      })
    const app = siteApp(undefined, {apiRoutes: failing, onError: (e) => logged.push(e)})
    expect((await app.request(`${SITE}/api/hang-up`)).status).toBe(400)
    expect(logged).toEqual([])
    expect((await app.request(`${SITE}/api/broken`)).status).toBe(500)
    expect(logged).toEqual([new Error('a real bug')])
  })

  it('a broken multipart form post is sent back to its page, not parsed into a 5xx', async () => {
    const response = await siteApp().request(
      `${SITE}/book/x`,
      formPost('--x\r\nbroken', {'content-type': 'multipart/form-data; boundary=y'}),
    )
    expect(response.status).toBe(303)
  })
})

// @vitest-environment node
import {Hono} from 'hono'
import {describe, expect, it} from 'vitest'

import {render} from '../web/src/entry-server'
import {fixtureFetcher} from '../web/src/test/render-app'
import {createSiteApp} from './create-site-app'

const SITE = 'https://example.test'
const template =
  '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>'

/** Stands in for functions/octo: answers what reached it. */
const octo = new Hono()
  .post('/bookings', async (c) => c.json({read: (await c.req.text()).length}))
  .all('*', (c) => c.json({error: 'BAD_REQUEST', errorMessage: 'No such OCTO endpoint.'}, 400))

const app = createSiteApp({
  getRender: async () => render,
  getTemplate: async () => template,
  fetcher: fixtureFetcher,
  siteUrl: SITE,
  apiRoutes: new Hono(),
  octoRoutes: octo,
})

describe('the OCTO API on the site server', () => {
  it('takes resellers’ server-to-server writes, which no browser sends', async () => {
    // A reseller's server sends no Origin, or its own: the site's same-origin rule for /api is not OCTO's.
    for (const headers of [{}, {origin: 'https://reseller.example'}] as Record<string, string>[]) {
      const response = await app.request('/octo/bookings', {
        method: 'POST',
        headers: {'content-type': 'application/json', ...headers},
        body: '{"productId":"x"}',
      })
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({read: 17})
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
    }
  })

  it('answers an unknown OCTO address itself, never with a page', async () => {
    const response = await app.request('/octo/nothing-here')
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  })
})

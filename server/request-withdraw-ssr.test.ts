// @vitest-environment node
import {Hono} from 'hono'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {createRateLimiter} from '../functions/lib/rate-limit.ts'
import {createTravellerRequestRoutes} from '../functions/traveller-request/routes.ts'
import {
  SITE,
  startRequestFixture,
  type RequestFixture,
} from '../functions/traveller-request/testing/request-fixture.ts'
import {render} from '../web/src/entry-server'
import {fixtureFetcher} from '../web/src/test/render-app'
import {createSiteApp} from './create-site-app'

/**
 * Withdrawing a request without script: the page's "Withdraw my request" is a form, answered by a confirmation
 * step (as the dialog asks with script), whose "Yes" withdraws it; through the site app with the real SSR entry,
 * the real request routes and a real lake.
 */
const template =
  '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>'

let f: RequestFixture
let app: Hono

beforeAll(async () => {
  f = await startRequestFixture()
  const roomy = () => createRateLimiter({limit: 10_000, windowMs: 60_000})
  const api = new Hono().route(
    '/requests',
    createTravellerRequestRoutes(() => f.deps, {
      clientAddress: () => '198.51.100.9',
      limiters: {view: roomy(), action: roomy(), link: roomy()},
    }),
  )
  app = createSiteApp({
    getRender: async () => render,
    getTemplate: async () => template,
    fetcher: fixtureFetcher,
    siteUrl: SITE,
    apiRoutes: api,
  }) as unknown as Hono
})
afterAll(async () => {
  await f?.stop()
})

/** What a reader without JavaScript sees: the server's markup, React's text separators aside. */
async function bodyOf(response: Response) {
  const html = await response.text()
  return html
    .slice(html.indexOf('<div id="root">'), html.indexOf('__staticRouterHydrationData'))
    .replaceAll('<!-- -->', '')
}

const post = (token: string, form: string) =>
  app.request(`${SITE}/requests/${token}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'origin': SITE,
      'sec-fetch-site': 'same-origin',
    },
    body: new URLSearchParams({form}).toString(),
  })

const statusOf = async (id: string) =>
  (await f.bookings.fetch<{status: string}>('*[_id == $id][0]{status}', {id})).status

describe('withdrawing a request without script', () => {
  it('is a form; posted, the page asks to confirm and changes nothing; confirmed, the request is withdrawn', async () => {
    const {booking, token} = await f.seedBooking()
    const page = await bodyOf(await app.request(`${SITE}/requests/${token}`))
    const ask = /<form method="post">[\s\S]*?<\/form>/.exec(
      page.slice(page.indexOf('Change of plans?')),
    )?.[0]
    expect(ask).toContain('name="form" value="withdraw-ask"')
    expect(ask).toMatch(/<button type="submit"[^>]*>Withdraw my request<\/button>/)

    const asked = await post(token, 'withdraw-ask')
    expect(asked.status).toBe(200)
    const step = await bodyOf(asked)
    expect(step).toContain('Withdraw your request?')
    expect(step).toContain('name="form" value="withdraw"')
    expect(step).toContain('>Yes, withdraw it</button>')
    expect(step).toContain(`href="/requests/${token}">Keep my request</a>`)
    expect(await statusOf(booking._id)).toBe('contacted')

    const done = await post(token, 'withdraw')
    expect(done.status).toBe(200)
    expect(await bodyOf(done)).toContain('Your request is withdrawn. We have let the team know.')
    expect(await statusOf(booking._id)).toBe('closed')
  })
})

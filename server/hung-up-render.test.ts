// @vitest-environment node
import {describe, expect, it} from 'vitest'

import {createSiteApp} from './create-site-app'
import {render} from '../web/src/entry-server'
import {fixtureFetcher} from '../web/src/test/render-app'
import type {GroqFetcher} from '../web/src/lib/sanity-fetch'

const template =
  '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>'

// The first `npm start` printed "TypeError: Cannot read properties of undefined (reading 'result')" three times from
// React Router: `waitForUrl` gives up on a request after 2 s, and the first render of a cold page takes longer. A page
// whose loader is still reading when its request is aborted makes React Router's static handler fail on its own
// aborted result. Nobody is left to answer then: the server logs nothing and answers as to any client that hung up.
describe('a page request the client abandons while its content is read', () => {
  it('is dropped quietly, without an error logged', async () => {
    let release!: () => void
    const reading = new Promise<void>((resolve) => (release = resolve))
    const slow: GroqFetcher = async (query, params, signal) => {
      await reading
      return fixtureFetcher(query, params, signal)
    }
    const logged: unknown[] = []
    const app = createSiteApp({
      getRender: async () => render,
      getTemplate: async () => template,
      fetcher: slow,
      siteUrl: 'https://example.test',
      onError: (error) => logged.push(error),
    })
    const client = new AbortController()
    const answer = app.request(
      new Request('https://example.test/experiences/lions-head-sunset-hike', {
        signal: client.signal,
      }),
    )
    // The loader is waiting on the content; the client gives up, then the content arrives.
    await new Promise((resolve) => setTimeout(resolve, 100))
    client.abort()
    release()
    const response = await answer
    expect(logged).toEqual([])
    expect(response.status).toBe(400)

    // The same page, not abandoned, renders as ever.
    const whole = await app.request('https://example.test/experiences/lions-head-sunset-hike')
    expect(whole.status).toBe(200)
    expect(logged).toEqual([])
  })
})

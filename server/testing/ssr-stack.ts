import type {IdentifiedSanityDocumentStub, SanityClient} from '@sanity/client'
import {Hono} from 'hono'

import {addDays, todayInCapeTown} from '@repo/schemas/iso-date.ts'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {clientAddress} from '../../functions/lib/client-address.ts'
import {getAvailability} from '../../functions/get-availability/handler.ts'
import {createRateLimiter} from '../../functions/lib/rate-limit.ts'
import {render} from '../../web/src/entry-server'
import type {GroqFetcher} from '../../web/src/lib/sanity-fetch'
import {createSiteApp} from '../create-site-app'

/** The site's address in server-rendering tests, and the page shell the server fills. */
export const SSR_SITE = 'https://example.test'
const TEMPLATE =
  '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>'

/** A date `days` ahead of today in Cape Town: the booking page checks dates against the real clock. */
export const daysAhead = (days: number) => addDays(todayInCapeTown(), days)

export type SsrStack = {
  lake: TestLake
  app: Hono
  content: SanityClient
  bookings: SanityClient
  stop: () => Promise<void>
}

/**
 * The site app with the real SSR entry over a real lake: `content` published, `bookings` stored, the real
 * availability function at `/api/availability`, and whatever API routes `routes` adds (the join form, the
 * waitlist's links) on the same lake.
 */
export async function startSsrStack(options: {
  content: IdentifiedSanityDocumentStub[]
  bookings?: IdentifiedSanityDocumentStub[]
  routes?: (api: Hono, clients: {content: SanityClient; bookings: SanityClient}) => void
}): Promise<SsrStack> {
  const lake = await startTestLake()
  const content = lake.client({token: lake.secrets.writeToken})
  const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
  await content
    .transaction(options.content.map((doc) => ({createOrReplace: doc})))
    .commit({visibility: 'sync'})
  if (options.bookings?.length)
    await bookings
      .transaction(options.bookings.map((doc) => ({createOrReplace: doc})))
      .commit({visibility: 'sync'})
  const limiter = createRateLimiter({limit: 1000, windowMs: 60_000})
  const api = new Hono().all('/availability', (c) =>
    getAvailability(
      c.req.raw,
      {clientAddress: clientAddress(c)},
      {
        content,
        bookings,
        rateLimiter: limiter,
        onError: (error) => {
          throw error
        },
      },
    ),
  )
  options.routes?.(api, {content, bookings})
  // The site's content from the same lake: the experience and its rules as the page reads them.
  const fetcher: GroqFetcher = (query, params) => content.fetch(query, params ?? {})
  const app = createSiteApp({
    getRender: async () => render,
    getTemplate: async () => TEMPLATE,
    fetcher,
    siteUrl: SSR_SITE,
    apiRoutes: api,
  }) as unknown as Hono
  return {lake, app, content, bookings, stop: () => lake.stop()}
}

/** What a reader without JavaScript sees: the server's markup of the page, React's text separators aside. */
export async function serverMarkup(response: Response) {
  const html = await response.text()
  return html
    .slice(html.indexOf('<div id="root">'), html.indexOf('__staticRouterHydrationData'))
    .replaceAll('<!-- -->', '')
    .replaceAll('&#x27;', "'")
}

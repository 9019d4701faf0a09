import {env, expect, test, waitForHydration} from '../fixtures.ts'

// A page the server kept carries the reads it was rendered with. However long ago that was, hydrating it reads
// nothing again and so downloads no Sanity client: on a slow phone that was 34 KB brotli and a dozen reads before
// the page was quiet (docs/decisions/130-kept-pages-hydrate-without-reading-again.md).

/** Longer than the five seconds the site's reads stay fresh (web/src/lib/query-client.ts). */
const LONGER_THAN_FRESH_MS = 6_000

const PATHS = ['/', '/experiences', '/stories/cape-jazz-scene']

// One visitor has the server render and keep each page; then one wait, past freshness, serves all three.
test.beforeAll(async ({browser}) => {
  test.setTimeout(60_000)
  const first = await browser.newPage()
  for (const path of PATHS) {
    await first.goto(`${env.siteUrl}${path}`)
    await waitForHydration(first)
  }
  await first.close()
  await new Promise((resolve) => setTimeout(resolve, LONGER_THAN_FRESH_MS))
})

for (const path of PATHS) {
  test(`${path} kept by the server hydrates without reading its content again`, async ({
    browser,
  }) => {
    test.slow()
    // The next visitor, with nothing cached, gets the kept page.
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.addInitScript(() => window.localStorage.setItem('analytics-consent', 'denied'))
    const requests: string[] = []
    page.on('request', (request) => requests.push(request.url()))
    await page.goto(`${env.siteUrl}${path}`, {waitUntil: 'networkidle'})
    await waitForHydration(page)
    await page.waitForLoadState('networkidle')
    await expect(page.getByRole('main')).toBeVisible()

    expect(requests.filter((url) => new URL(url).pathname.includes('/data/query/'))).toEqual([])
    expect(requests.filter((url) => /\/assets\/sanity-client-[\w-]+\.js$/.test(url))).toEqual([])
    await context.close()
  })
}

import {expect, test} from '../fixtures.ts'
import {declineAnalytics, openPage} from './site.ts'

test('analytics: events reach dataLayer always, the events endpoint only after consent', async ({
  page,
}) => {
  const beacons: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/events') beacons.push(request.postData() ?? '')
  })
  const dataLayerEvents = () =>
    page.evaluate(() =>
      ((window as {dataLayer?: {event: string}[]}).dataLayer ?? []).map((entry) => entry.event),
    )

  await openPage(page, '/stories/old-biscuit-mill')
  const consent = page.getByRole('region', {name: 'Analytics consent'})
  await expect(consent).toBeVisible()
  const cta = page.locator('main a[data-scroll-preserve]')
  await cta.click()
  await expect(page).toHaveURL('/experiences/bo-kaap-food-walk')
  expect(await dataLayerEvents()).toContain('story_book_clicked')
  expect(beacons).toEqual([])

  await consent.getByRole('button', {name: 'Allow'}).click()
  await expect(consent).toBeHidden()
  await page.goBack()
  await expect(page).toHaveURL('/stories/old-biscuit-mill')
  const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/events')
  await cta.click()
  // A beacon's Blob body is not readable from the request here; that it is sent at all is what consent changes.
  expect((await sent).method()).toBe('POST')
})

test('scroll manager: top on a new page, kept on /experiences, manual restoration', async ({
  page,
}) => {
  await declineAnalytics(page)
  await openPage(page, '/about')
  expect(await page.evaluate(() => window.history.scrollRestoration)).toBe('manual')
  await page.evaluate(() => window.scrollTo(0, 600))
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
  await page.getByRole('contentinfo').getByRole('link', {name: 'Local Stories'}).click()
  await expect(page).toHaveURL('/stories')
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)

  await openPage(page, '/experiences')
  const filter = page
    .getByRole('list', {name: 'Filter by category'})
    .getByRole('link', {name: 'Scenic', exact: true})
  await filter.scrollIntoViewIfNeeded()
  await page.evaluate(() => window.scrollBy(0, 200))
  const before = await page.evaluate(() => window.scrollY)
  expect(before).toBeGreaterThan(0)
  // Keyboard path through the filters: Enter on a focused filter applies it.
  await filter.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/category=scenic/)
  await expect(filter).toHaveAttribute('aria-current', 'true')
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
})

import {expect, test} from '../fixtures.ts'
import {declineAnalytics, openPage} from './site.ts'

// "An optional inline booking-request wizard appears below when toggled, with a
// 'Continue Browsing' button." Continue Browsing puts the wizard away and leaves the traveller where they were
// in the listing, with the listing as they left it: same filter, same URL, no reload, focus on the toggle.

test('the inline wizard toggles open below the listing, and Continue Browsing returns to the listing', async ({
  page,
}) => {
  await declineAnalytics(page)
  await openPage(page, '/experiences?category=scenic')
  // A page that reloads loses this marker.
  await page.evaluate(() => ((window as unknown as {__samePage: boolean}).__samePage = true))
  const toggle = page.getByRole('button', {name: 'Request a booking', exact: true})
  const wizard = page.getByRole('region', {name: 'Request a booking'})
  const scenic = page
    .getByRole('list', {name: 'Filter by category'})
    .getByRole('link', {name: 'Scenic', exact: true})
  const cruise = page.getByRole('article', {name: 'Sunset Cruise'})

  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(wizard).toHaveCount(0)

  // The toggle opens and closes it.
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(wizard).toBeVisible()
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(wizard).toHaveCount(0)

  await toggle.click()
  await expect(wizard.getByRole('heading', {name: /Step 1 of 3/})).toBeVisible()
  // Below the listing, not over it: it follows the last card in the page.
  const cardsEnd = await page
    .getByRole('region', {name: 'Experiences'})
    .getByRole('article')
    .last()
    .evaluate((card) => card.getBoundingClientRect().bottom + window.scrollY)
  const wizardTop = await wizard.evaluate((el) => el.getBoundingClientRect().top + window.scrollY)
  expect(wizardTop).toBeGreaterThan(cardsEnd)
  await wizard.getByLabel('Name *').fill('Thandi')

  const continueBrowsing = wizard.getByRole('button', {name: 'Continue Browsing'})
  await continueBrowsing.scrollIntoViewIfNeeded()
  await continueBrowsing.click()

  await expect(wizard).toHaveCount(0)
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  // Focus goes back to the toggle, so keyboard and screen-reader users carry on from the listing.
  await expect(toggle).toBeFocused()
  await expect(toggle).toBeInViewport()
  // Same page and listing: no navigation, the filter still applied, the cards still there.
  await expect(page).toHaveURL(/\/experiences\?category=scenic$/)
  expect(await page.evaluate(() => (window as unknown as {__samePage?: boolean}).__samePage)).toBe(
    true,
  )
  await expect(scenic).toHaveAttribute('aria-current', 'true')
  await expect(cruise).toBeVisible()
  await expect(page.getByRole('article', {name: 'Cape Winelands Tour'})).toHaveCount(0)

  // And browsing goes on: the next card's details open as before.
  await page.getByRole('button', {name: /^Learn more about Sunset Cruise/}).click()
  await expect(page.getByRole('dialog', {name: 'Sunset Cruise'})).toBeVisible()
  await expect(page).toHaveURL(/[?&]exp=sunset-cruise$/)
})

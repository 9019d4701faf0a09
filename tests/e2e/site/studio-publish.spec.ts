import type {Locator} from '@playwright/test'

import {expect, lakeClient, studioSignInLink, test} from '../fixtures.ts'
import {declineAnalytics} from './site.ts'

// What an editor publishes in the real studio is on the public site within five seconds, with no
// rebuild. The home page's hero heading is edited through the studio's form, then read on the site.

const HOME_ID = 'homePage'

/** Clicks a structure item until the pane it opens shows `next` (a click before the router is ready is lost). */
async function clickThrough(item: Locator, next: Locator) {
  await expect(async () => {
    await item.click({timeout: 2_000})
    await expect(next).toBeVisible({timeout: 3_000})
  }).toPass({timeout: 30_000})
}

test('a heading published in the studio shows on the site within five seconds', async ({
  page,
  context,
  lake,
}) => {
  test.slow()
  const published = lakeClient({perspective: 'published', token: false})
  // Start from the published page: drop a draft an interrupted earlier run may have left behind.
  await lake.delete(`drafts.${HOME_ID}`)
  const original = (await lake.getDocument<{heroHeading: string}>(HOME_ID))?.heroHeading
  if (!original) throw new Error('The seeded home page has no hero heading')
  const changed = `Cape Town, close up ${Date.now().toString(36)}`

  const site = await context.newPage()
  await declineAnalytics(site)
  const heroHeading = site.getByRole('main').getByRole('heading', {level: 1})
  await site.goto('/')
  await expect(heroHeading).toHaveText(original)

  try {
    // Sign in with the link `npm start` printed; it leads to the studio.
    await page.goto(studioSignInLink())
    await expect(page).toHaveURL(/\/studio\/content\/structure/)
    const headingInput = page.getByTestId('field-heroHeading').getByTestId('string-input')
    await clickThrough(page.getByRole('link', {name: 'Home page'}).first(), headingInput)
    await expect(headingInput).toHaveValue(original)
    await headingInput.fill(changed)
    await expect
      .poll(async () => (await lake.getDocument(`drafts.${HOME_ID}`))?.heroHeading, {
        timeout: 30_000,
      })
      .toBe(changed)

    const publish = page.getByTestId('action-publish')
    await expect(publish).toBeEnabled({timeout: 30_000})
    // A click the studio is not ready for is lost, and the button is also disabled while the draft syncs: click
    // until the lake says it took (publishing removes the draft), timing from the click that took.
    let publishedAt = 0
    await expect(async () => {
      if (await publish.isEnabled()) {
        publishedAt = Date.now()
        await publish.click({timeout: 2_000})
      }
      await expect
        .poll(() => lake.getDocument(`drafts.${HOME_ID}`), {timeout: 3_000})
        .toBeUndefined()
    }).toPass({timeout: 30_000})
    // The site has not been rebuilt or restarted: the next visit renders the new heading.
    await expect(async () => {
      await site.goto('/')
      await expect(heroHeading).toHaveText(changed, {timeout: 500})
    }).toPass({timeout: 5_000, intervals: [250]})
    expect(Date.now() - publishedAt).toBeLessThan(5_000)
    expect((await published.getDocument(HOME_ID))?.heroHeading).toBe(changed)
    await expect(page.getByTestId('pane-footer-document-status')).toContainText(/published/i)
  } finally {
    await lake
      .transaction()
      .delete(`drafts.${HOME_ID}`)
      .patch(HOME_ID, (p) => p.set({heroHeading: original}))
      .commit()
  }
  // Restored for the tests after this one.
  await expect(async () => {
    await site.goto('/')
    await expect(heroHeading).toHaveText(original, {timeout: 500})
  }).toPass({timeout: 10_000})
})

import type {Locator} from '@playwright/test'

import {expect, test} from '../fixtures.ts'
import {openPage} from './site.ts'

/**
 * Issue 42: the consent question covered the home page's "Find Options" on a phone's first load. On a 390 × 844
 * phone the button must be the thing a tap at its centre lands on, while the question shows and after it is
 * answered.
 */
test.use({viewport: {width: 390, height: 844}, isMobile: true, hasTouch: true, deviceScaleFactor: 3})

/** What a tap at the centre of `locator` lands on: the element itself (or inside it), or what covers it. */
const atCentre = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
    if (!hit) return 'nothing'
    if (hit === element || element.contains(hit)) return 'itself'
    return hit.closest('section[aria-label]')?.getAttribute('aria-label') ?? hit.outerHTML.slice(0, 80)
  })

/** Whether the element is inside the window as it is now (to the pixel: a phone's boxes fall between pixels). */
const inView = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect()
    return box.top >= -1 && box.bottom <= window.innerHeight + 1
  })

test('on a phone, the consent question never covers the home page’s Find Options', async ({page}) => {
  await openPage(page, '/')
  const banner = page.getByRole('region', {name: 'Analytics consent'})
  await expect(banner).toBeVisible()
  const find = page
    .getByRole('form', {name: /visiting/i})
    .getByRole('button', {name: 'Find Options'})

  // On first load, where the visitor meets it without scrolling, if it is in the window at all.
  if (await inView(find)) expect(await atCentre(find)).toBe('itself')
  // Brought into view as the page scrolls to a control (a tab to it, a link to the form): clear of the question.
  await find.evaluate((element) => element.scrollIntoView({block: 'nearest'}))
  expect(await inView(find)).toBe(true)
  expect(await atCentre(find)).toBe('itself')
  // And scrolled so it sits at the bottom of the window, as a thumb leaves it: the page ends with room to lift it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await find.evaluate((element) => element.scrollIntoView({block: 'end'}))
  expect(await atCentre(find)).toBe('itself')

  // The question answered, it is gone and the button is still the thing a tap lands on.
  await banner.getByRole('button', {name: 'Decline'}).click()
  await expect(banner).toBeHidden()
  await find.evaluate((element) => element.scrollIntoView({block: 'nearest'}))
  expect(await atCentre(find)).toBe('itself')
  // A real tap reaches it: the search leaves the home page for the listing.
  await find.tap()
  await expect(page).toHaveURL(/\/experiences\?/)
})

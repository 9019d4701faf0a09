import AxeBuilder from '@axe-core/playwright'

import {lakeClient, test, expect} from '../fixtures.ts'
import {bookingDoc, removeAll, row, runToken, seed, unlock} from './admin-helpers.ts'

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

const bookings = lakeClient({dataset: 'bookings'})
const token = runToken()
const one = bookingDoc(token, {pickup_location: 'V&A Waterfront', notes: 'Wheelchair access'})

test.beforeAll(async () => {
  await seed(bookings, [one])
})

test.afterAll(async () => {
  await removeAll(bookings, token)
})

async function axe(page: import('@playwright/test').Page, label: string) {
  const {violations} = await new AxeBuilder({page}).withTags(WCAG_22_AA).analyze()
  return violations.map(
    (v) =>
      `${label}: ${v.id} ${v.help} → ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  )
}

test('on a phone: the gate, the list as cards, a status change and the details dialog, with no axe violations', async ({
  page,
}) => {
  await page.setViewportSize({width: 360, height: 780})
  await page.goto('/admin/bookings')
  await expect(page.getByRole('heading', {name: 'Admin Access Required'})).toBeVisible()
  const failures = await axe(page, 'gate')
  await unlock(page)
  await page.getByRole('searchbox', {name: 'Search'}).fill(token)
  const card = row(page, one.booking_ref)
  await expect(card).toBeVisible()
  // No sideways scrolling: the page fits the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  failures.push(...(await axe(page, 'dashboard')))

  await card
    .getByRole('combobox', {name: new RegExp(`Status of ${one.booking_ref}`)})
    .selectOption('confirmed')
  await expect(
    page.getByRole('status').filter({hasText: 'Status updated successfully'}),
  ).toBeVisible()
  await card.getByRole('button', {name: `View details of ${one.booking_ref}`}).click()
  const dialog = page.getByRole('dialog', {name: `Booking Details - ${one.booking_ref}`})
  await expect(dialog.getByRole('heading', {name: 'Pickup Location'})).toBeVisible()
  await expect(dialog.getByRole('heading', {name: 'Special Requests'})).toBeVisible()
  failures.push(...(await axe(page, 'details dialog')))
  // Focus stays inside the dialog when tabbing past its last control.
  for (let i = 0; i < 12; i++) await page.keyboard.press('Tab')
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true)
  expect(failures).toEqual([])
})

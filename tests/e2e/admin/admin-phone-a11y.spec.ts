import AxeBuilder from '@axe-core/playwright'

import {lakeClient, test, expect} from '../fixtures.ts'
import {bookingDoc, removeAll, row, runToken, seed, unlock} from './admin-helpers.ts'

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

const bookings = lakeClient({dataset: 'bookings'})
const token = runToken()
const one = bookingDoc(token, {
  pickup_location: 'V&A Waterfront',
  notes: 'Wheelchair access',
  email: `a.very.long.address.${token}@an-example-company.example`,
  staff_notes: 'Collect from the side gate',
  staff_notes_by: 'Sam Staff',
  staff_notes_at: '2026-11-20T08:30:00Z',
})

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
  await page.keyboard.press('Escape')
  expect(failures).toEqual([])
})

test('on a phone (390 px): one compact view menu, and each person on a manifest a card with every column in view', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({width: 390, height: 844})
  await unlock(page)
  // The views are one menu, not nine buttons filling the first screen.
  const views = page.getByRole('navigation', {name: 'Dashboard views'})
  await expect(views.getByRole('button', {name: 'Departures'})).toBeHidden()
  await views.getByLabel('Show').selectOption({label: 'Departures'})
  await page.getByLabel('From', {exact: true}).fill(one.date)
  await page.getByLabel('To', {exact: true}).fill(one.date)
  const manifest = page.getByRole('article').filter({hasText: one.name})
  await expect(manifest).toBeVisible()
  const person = manifest.getByRole('row').filter({hasText: one.name})
  // Every column is on screen, labelled, and nothing runs past the right edge.
  for (const text of ['+27 21 555 0100', 'Wheelchair access', 'Collect from the side gate']) {
    const cell = person.getByText(text)
    await cell.scrollIntoViewIfNeeded()
    await expect(cell).toBeInViewport({ratio: 1})
    const box = (await cell.boundingBox())!
    expect(box.x + box.width, text).toBeLessThanOrEqual(390)
  }
  await expect(person).toContainText('Sam Staff, 20 November 2026')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await manifest.screenshot({path: testInfo.outputPath('manifest-phone.png')})
  await page.screenshot({path: testInfo.outputPath('departures-phone.png'), fullPage: false})
  expect(await axe(page, 'departures on a phone')).toEqual([])
})

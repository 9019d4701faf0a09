import AxeBuilder from '@axe-core/playwright'

import {departureLockId} from '@repo/schemas/capacity.ts'
import {todayInCapeTown} from '@repo/schemas/iso-date.ts'

import {hashPassword} from '../../../functions/staff/admin-password.ts'
import {lakeClient, test, expect} from '../fixtures.ts'
import {bookingDoc, removeAll, runToken, seed, unlock} from './admin-helpers.ts'

/**
 * The guide's phone on the day (issue 46): the guide opens Today on a 390 px phone, checks a traveller in by a tap,
 * the manager's dashboard shows it without a reload, and a second tap says "already checked in" and changes nothing.
 */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']
const bookings = lakeClient({dataset: 'bookings'})
const token = runToken()
const PASSWORD = `guide-password-${token}`
const today = todayInCapeTown()
const experience = `guide-day-${token}`
const guide = {
  _id: `staffMember.e2e-${token}-guide`,
  _type: 'staffMember',
  name: `Sipho ${token}`,
  email: `guide.${token}@team.example`,
  role: 'guide',
  state: 'active',
  password: hashPassword(PASSWORD),
  createdAt: new Date().toISOString(),
}
const traveller = bookingDoc(token, {
  status: 'confirmed',
  experience_id: experience,
  date: today,
  notes: 'Celebrating a birthday',
  staff_notes: 'Collect from the side gate',
  staff_notes_by: 'Sam Staff',
  staff_notes_at: '2026-11-20T08:30:00Z',
})
const other = bookingDoc(token, {status: 'confirmed', experience_id: experience, date: today})

test.beforeAll(async () => {
  await seed(bookings, [
    guide,
    traveller,
    other,
    {
      _id: departureLockId(experience, today),
      _type: 'departure',
      experience_id: experience,
      date: today,
      guide_ids: [guide._id],
    },
  ])
})

test.afterAll(async () => {
  await removeAll(bookings, token)
  await bookings.delete(guide._id)
  await bookings.delete(departureLockId(experience, today))
})

test('the guide checks a traveller in on the phone; the manager sees it live; a second tap changes nothing', async ({
  page,
  browser,
}, testInfo) => {
  const manager = await (await browser.newContext({viewport: {width: 1366, height: 900}})).newPage()
  await unlock(manager)
  await manager.getByRole('button', {name: 'Departures'}).click()
  const managerRow = manager.locator(`.manifest tr[data-booking-ref="${traveller.booking_ref}"]`)
  await expect(managerRow).toBeVisible()
  await expect(managerRow.getByRole('cell').last()).toHaveText('')

  await page.setViewportSize({width: 390, height: 844})
  await unlock(page, {email: guide.email, password: PASSWORD})
  // On a phone the views are one compact menu; a guide's opens on Today.
  await expect(page.getByRole('combobox', {name: 'Show'})).toHaveValue('today')
  const card = page.locator(`[data-booking-ref="${traveller.booking_ref}"]`)
  await expect(card.getByText('Celebrating a birthday')).toBeVisible()
  await expect(card.getByRole('link', {name: `Call ${traveller.name}`})).toHaveAttribute(
    'href',
    'tel:+27215550100',
  )
  await expect(page.getByTestId('headcount')).toHaveText('Headcount: 0 of 6 people checked in')
  // Nothing off-screen on the phone, and nothing axe finds.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  const {violations} = await new AxeBuilder({page}).withTags(WCAG_22_AA).analyze()
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([])
  await page.screenshot({path: testInfo.outputPath('today-390.png'), fullPage: true})

  await card.getByRole('button', {name: `Check in ${traveller.name} (3 people)`}).click()
  await expect(
    page.getByRole('status').filter({hasText: `Checked in: ${traveller.name}`}),
  ).toBeVisible()
  await expect(page.getByTestId('headcount')).toHaveText('Headcount: 3 of 6 people checked in')
  await expect(card.getByText(`Checked in by ${guide.name}`)).toBeVisible()

  // The manager's departures view, open all along, shows it from the live updates: no reload.
  await expect(managerRow.getByRole('cell').last()).toContainText(`Checked in${guide.name}`)
  const stored = (await bookings.getDocument(traveller._id))?.attendance as {at: string; by: string}
  expect(stored.by).toBe(guide.name)

  await card.getByRole('button', {name: `Check in ${traveller.name} (3 people)`}).click()
  await expect(
    page.getByRole('status').filter({hasText: `${traveller.name} is already checked in`}),
  ).toBeVisible()
  expect((await bookings.getDocument(traveller._id))?.attendance).toEqual(stored)
  await page.screenshot({path: testInfo.outputPath('today-390-checked-in.png'), fullPage: true})
  await page.setViewportSize({width: 1366, height: 900})
  await page.screenshot({path: testInfo.outputPath('today-1366.png'), fullPage: true})
  await manager.context().close()
})

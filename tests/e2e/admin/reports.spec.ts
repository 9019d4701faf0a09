import fs from 'node:fs'

import AxeBuilder from '@axe-core/playwright'

import {hashPassword} from '../../../functions/staff/admin-password.ts'
import {lakeClient, test, expect} from '../fixtures.ts'
import {bookingDoc, removeAll, runToken, seed, unlock} from './admin-helpers.ts'

/**
 * The owner's Reports (docs/decisions/210-reports-figures-in-one-module.md): an owner chooses one experience and a
 * month, reads a chart and downloads its CSV; staff and guides neither see the page nor get its figures.
 */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

const bookings = lakeClient({dataset: 'bookings'})
const token = runToken()
const PASSWORD = `reports-password-${token}`

// February 2026 in Cape Town, for the Bo-Kaap Food Walk (R320 a person): three requests, one of them made at 23:30
// on Saturday 28 February (21:30 UTC), the range's last minutes; one at 00:30 on 1 February (22:30 UTC on 31 January).
const walk = {experience_id: 'bo-kaap-food-walk', experience_title: 'Bo-Kaap Food Walk'}
const requests = [
  bookingDoc(token, {
    ...walk,
    status: 'confirmed',
    created_at: '2026-01-31T22:30:00.000Z',
    date: '2026-03-10',
    pax_total: 2,
  }),
  bookingDoc(token, {
    ...walk,
    status: 'declined',
    created_at: '2026-02-10T08:00:00.000Z',
    date: '2026-03-12',
    pax_total: 4,
  }),
  bookingDoc(token, {
    ...walk,
    created_at: '2026-02-28T21:30:00.000Z',
    date: '2026-03-20',
    pax_total: 1,
  }),
  // 00:30 on 1 March in Cape Town: after the month.
  bookingDoc(token, {
    ...walk,
    created_at: '2026-02-28T22:30:00.000Z',
    date: '2026-03-21',
    pax_total: 3,
  }),
]

const person = (role: string) => ({
  _id: `staffMember.e2e-${token}-${role}`,
  _type: 'staffMember',
  name: `${role === 'staff' ? 'Thandi' : 'Sipho'} ${token}`,
  email: `${role}.${token}@team.example`,
  role,
  state: 'active',
  password: hashPassword(PASSWORD),
  createdAt: new Date().toISOString(),
})
const staffMember = person('staff')
const guide = person('guide')

test.beforeAll(async () => {
  await seed(bookings, [...requests, staffMember, guide])
})

test.afterAll(async () => {
  await removeAll(bookings, token)
  await bookings.delete({
    query: '*[_type == "staffMember" && _id match $prefix]',
    params: {prefix: `staffMember.e2e-${token}-*`},
  })
})

async function axe(page: import('@playwright/test').Page) {
  const {violations} = await new AxeBuilder({page}).withTags(WCAG_22_AA).analyze()
  return violations.map(
    (v) =>
      `${v.id} ${v.help} → ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  )
}

async function openFebruaryWalk(page: import('@playwright/test').Page) {
  await unlock(page)
  await page
    .getByRole('navigation', {name: 'Dashboard views'})
    .getByRole('button', {name: 'Reports'})
    .click()
  const reports = page.getByRole('region', {name: 'Reports'})
  await expect(reports.getByText('The product takes no payment')).toBeVisible()
  await reports.getByLabel('From', {exact: true}).fill('2026-02-01')
  await reports.getByLabel('To', {exact: true}).fill('2026-02-28')
  await reports.getByLabel('Experience', {exact: true}).selectOption({label: 'Bo-Kaap Food Walk'})
  await expect(
    reports.getByText(
      'Bo-Kaap Food Walk, Sun 1 Feb 2026 to Sat 28 Feb 2026, against Sun 4 Jan 2026 to Sat 31 Jan 2026.',
    ),
  ).toBeVisible()
  return reports
}

test('an owner reads one experience’s month and downloads a chart’s CSV of the figures drawn', async ({
  page,
}, testInfo) => {
  const reports = await openFebruaryWalk(page)
  const outcomes = reports.getByRole('figure', {name: 'What became of the requests'})
  await expect(
    outcomes.getByText('1 of 3 requests made this period is confirmed today'),
  ).toBeVisible()
  await outcomes.getByText('Show the figures as a table').click()
  await expect(outcomes.getByRole('row', {name: 'Requested 3 0'})).toBeVisible()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    outcomes.getByRole('button', {name: 'Download CSV: What became of the requests'}).click(),
  ])
  expect(download.suggestedFilename()).toBe(
    'outcomes-2026-02-01-to-2026-02-28-bo-kaap-food-walk.csv',
  )
  const csv = fs.readFileSync((await download.path())!, 'utf8')
  expect(csv).toBe(
    '\uFEFFOutcome,This period,Previous period\r\n' +
      'Requested,3,0\r\n' +
      'Confirmed,1,0\r\n' +
      'Confirmed and came (checked in),0,0\r\n' +
      'Confirmed but did not come (no-show),0,0\r\n' +
      'Declined by the team,1,0\r\n' +
      'Withdrawn by the traveller,0,0\r\n' +
      'Departure cancelled (weather or conditions),0,0\r\n' +
      'Closed by the team,0,0\r\n' +
      'Still open,1,0\r\n',
  )

  // Without the comparison, the previous period leaves the bars, the table and the CSV alike.
  await reports.getByLabel('Compare with the previous period').uncheck()
  const value = reports.getByRole('figure', {name: 'Value against the previous period, in rand'})
  const [valueCsv] = await Promise.all([
    page.waitForEvent('download'),
    value.getByRole('button', {name: /Download CSV/}).click(),
  ])
  expect(fs.readFileSync((await valueCsv.path())!, 'utf8')).toBe(
    '\uFEFFValue,This period (ZAR)\r\nRequested,2240\r\nConfirmed,640\r\nLost,1280\r\n',
  )
  await reports.getByLabel('Compare with the previous period').check()

  expect(await axe(page)).toEqual([])

  await page.setViewportSize({width: 1366, height: 900})
  await page.screenshot({path: testInfo.outputPath('reports-desktop-1366.png'), fullPage: true})
  await page.setViewportSize({width: 390, height: 844})
  // No sideways scrolling on a phone: the charts draw to the card's width.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(390)
  expect(await axe(page)).toEqual([])
  await page.screenshot({path: testInfo.outputPath('reports-phone-390.png'), fullPage: true})
})

// Each sees the views of their role (staff the departures, a guide the day's Today), and no Reports.
for (const [member, view] of [
  [staffMember, 'Departures'],
  [guide, 'Today'],
] as const) {
  test(`a ${member.role} sees no Reports link and the figures are refused (403)`, async ({
    page,
  }) => {
    await unlock(page, {email: member.email, password: PASSWORD})
    await expect(page.getByText(`Signed in as ${member.name}`)).toBeVisible()
    await expect(page.getByRole('button', {name: view})).toBeVisible()
    await expect(page.getByRole('button', {name: 'Reports'})).toHaveCount(0)
    await expect(page.getByRole('option', {name: 'Reports'})).toHaveCount(0)
    const answer = await page.request.get('/api/staff/reports?from=2026-02-01&to=2026-02-28')
    expect(answer.status()).toBe(403)
  })
}

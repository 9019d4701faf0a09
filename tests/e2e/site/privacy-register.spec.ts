import AxeBuilder from '@axe-core/playwright'

import {unlock} from '../admin/admin-helpers.ts'
import {expect, lakeClient, test} from '../fixtures.ts'

/**
 * The privacy page states what the retention job does, and the managers' incident register records who changed
 * what; both readable on a phone and a desktop, with no axe violations (WCAG 2.2 AA).
 */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']
const SIZES = [
  {width: 1280, height: 800},
  {width: 360, height: 740},
]

test('the privacy page names the information officer and the periods the job applies', async ({
  page,
}) => {
  await page.goto('/privacy')
  await expect(page.getByText('Information officer', {exact: true})).toBeVisible()
  // The seed's notice, as editors publish it.
  await expect(page.getByText('Naledi Dlamini')).toBeVisible()
  const periods = page.getByRole('table')
  await expect(periods.getByRole('row', {name: /Booking requests/})).toContainText(
    '12 months after the trip date',
  )
  await expect(
    periods.getByRole('row', {name: /Newsletter sign-ups never confirmed/}),
  ).toContainText('7 days after the sign-up')
  const failures: string[] = []
  for (const path of [
    '/privacy',
    '/unsubscribe?token=abc.def',
    '/newsletter/confirm?result=confirmed',
  ]) {
    for (const size of SIZES) {
      await page.setViewportSize(size)
      await page.goto(path)
      const {violations} = await new AxeBuilder({page}).withTags(WCAG_22_AA).analyze()
      failures.push(...violations.map((v) => `${path} at ${size.width}px: ${v.id} ${v.help}`))
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        size.width,
      )
    }
  }
  expect(failures).toEqual([])
})

test('a manager records an incident and changes it; the register names who did each', async ({
  page,
}) => {
  const marker = `Laptop ${Date.now()}`
  const bookings = lakeClient({dataset: 'bookings'})
  try {
    await unlock(page)
    await page.getByRole('button', {name: 'Privacy register'}).click()
    await page.getByRole('button', {name: 'Record an incident'}).click()
    const form = page.getByRole('form', {name: 'Record an incident'})
    // The shared schema refuses an empty entry before anything is sent.
    await form.getByRole('button', {name: 'Record the incident'}).click()
    await expect(form.getByText('Say what happened.')).toBeVisible()
    await form.getByLabel('When it happened').fill('2026-11-18')
    await form
      .getByLabel('What happened', {exact: true})
      .fill(`${marker} with an export was stolen from a car.`)
    await form.getByLabel('When it was discovered').fill('2026-11-19')
    await form.getByRole('radio', {name: /^High/}).check()
    await form.getByRole('checkbox', {name: /^Travellers’ contact details/}).check()
    await form.getByLabel('Who was affected').fill('Travellers with trips in December.')
    await form.getByLabel('How many people were affected').fill('40')
    await form.getByLabel('What was done about it').fill('Sessions ended, passwords changed.')
    await form.getByRole('button', {name: 'Record the incident'}).click()
    const entry = page.getByRole('listitem').filter({hasText: marker})
    await expect(entry).toContainText('Recorded by Owner')
    await expect(entry).toContainText('Open')
    await expect(entry).toContainText('High: serious harm likely')
    await expect(entry).toContainText('Sessions ended, passwords changed.')
    await expect(entry).toContainText('Information Regulator told')
    await expect(entry).toContainText('Not yet')

    await entry.getByRole('button', {name: 'Change'}).click()
    const change = page.getByRole('form', {name: 'Change the incident'})
    await change.getByLabel('Information Regulator told on').fill('2026-11-19')
    await change.getByLabel('Open or closed').selectOption('closed')
    await change.getByLabel('Closed on').fill('2026-11-25')
    await change.getByRole('button', {name: 'Save the change'}).click()
    await expect(entry).toContainText('19 November 2026')
    await expect(entry).toContainText('Closed 25 November 2026')
    await expect(entry.getByRole('listitem')).toHaveCount(2)
    await expect(entry.getByRole('listitem').nth(1)).toContainText('Changed by Owner')

    const failures: string[] = []
    for (const size of SIZES) {
      await page.setViewportSize(size)
      await expect(entry).toBeVisible()
      const {violations} = await new AxeBuilder({page}).withTags(WCAG_22_AA).analyze()
      failures.push(...violations.map((v) => `register at ${size.width}px: ${v.id} ${v.help}`))
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        size.width,
      )
    }
    expect(failures).toEqual([])
  } finally {
    await bookings.delete({
      query: '*[_type == "securityIncident" && description match $marker]',
      params: {marker: `"${marker}"`},
    })
  }
})

import AxeBuilder from '@axe-core/playwright'

import {addDays, todayInCapeTown} from '@repo/schemas/iso-date.ts'

import {lakeClient, test, expect} from '../fixtures.ts'
import {mailsTo} from '../mail.ts'
import {row, runToken, unlock} from './admin-helpers.ts'

// The booking desk (functions/staff/booking-desk.ts): staff book a guest on the phone, change the group size, and
// the traveller's mails arrive over real SMTP; the dialog at a phone's and a desktop's size, with no axe violations.
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']
const bookings = lakeClient({dataset: 'bookings'})
const token = runToken()
const email = `desk.${token}@example.com`
const name = `Desk Guest ${token}`
const tripDate = addDays(todayInCapeTown(), 40 + (Date.now() % 30))

test.afterAll(async () => {
  const ids = await bookings.fetch<string[]>('*[_type == "booking" && email == $email]._id', {email})
  await bookings.delete({query: '*[_type == "outboxMail" && about in $ids]', params: {ids}})
  await bookings.delete({query: '*[_type == "booking" && email == $email]', params: {email}})
})

async function axe(page: import('@playwright/test').Page) {
  const {violations} = await new AxeBuilder({page}).withTags(WCAG_22_AA).analyze()
  return violations.map((v) => `${v.id} ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

test('staff book a phone guest, change the group size and message the departure; the traveller is mailed each time', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({width: 1366, height: 900})
  await unlock(page)
  const open = page.getByRole('button', {name: 'New booking (phone or desk)'})
  await open.click()
  const dialog = page.getByRole('dialog', {name: 'New booking for a phone or walk-in guest'})
  await expect(dialog.getByLabel('Experience', {exact: true})).toContainText('Sunset Cruise')
  await page.screenshot({path: testInfo.outputPath('booking-desk-1366.png')})
  expect(await axe(page)).toEqual([])

  // Without the guest's consent nothing is sent: the box says what to do.
  await dialog.getByLabel('Experience', {exact: true}).selectOption('sunset-cruise')
  await dialog.getByLabel('Date', {exact: true}).fill(tripDate)
  await dialog.getByLabel('Adults', {exact: true}).fill('2')
  await dialog.getByLabel('Guest’s name').fill(name)
  await dialog.getByLabel('Email address').fill(email)
  await dialog.getByLabel('Phone', {exact: true}).fill('+27 82 555 0199')
  await dialog.getByLabel('Language', {exact: true}).fill('de')
  await dialog.getByRole('button', {name: 'Book and confirm'}).click()
  await expect(dialog.getByText('Read the privacy policy to the guest')).toBeVisible()

  await dialog.getByLabel(/The guest agreed to the privacy policy/).check()
  await dialog.getByRole('button', {name: 'Book and confirm'}).click()
  await expect(dialog).toBeHidden()
  // The dialog gives the focus back to the button that opened it.
  await expect(open).toBeFocused()
  const toast = page.getByRole('status').filter({hasText: /Booked CT/})
  await expect(toast).toBeVisible()
  const reference = /Booked (CTE-[A-Z0-9]{4}-[A-Z0-9]{4})/.exec((await toast.textContent()) ?? '')![1]!

  await expect.poll(async () => (await mailsTo(email)).length, {timeout: 30_000}).toBe(1)
  const [confirmation] = await mailsTo(email)
  expect(confirmation!.subject).toContain('Confirmed: Sunset Cruise')
  expect(confirmation!.text).toContain('2 adults')

  await page.getByRole('searchbox', {name: 'Search'}).fill(token)
  await row(page, reference).getByRole('button', {name: `View details of ${reference}`}).click()
  const details = page.getByRole('dialog', {name: `Booking Details - ${reference}`})
  await expect(details.getByRole('region', {name: 'Booking'})).toContainText('The booking desk')
  await expect(details.getByRole('region', {name: 'Booking'})).toContainText('de')
  await details.getByRole('button', {name: 'Change the date or group size'}).click()
  const change = details.getByRole('form', {name: 'Change the date or group'})
  await change.getByLabel('Adults', {exact: true}).fill('3')
  await change.getByRole('button', {name: 'Save the change'}).click()
  await expect(page.getByRole('status').filter({hasText: 'Booking changed'})).toBeVisible()
  await expect(details.getByRole('region', {name: 'Status history'})).toContainText(
    'Date or group changed by the team',
  )

  await expect.poll(async () => (await mailsTo(email)).length, {timeout: 30_000}).toBe(2)
  const changed = (await mailsTo(email)).find((mail) => mail.subject.startsWith('Changed:'))
  expect(changed?.text).toContain('3 adults')

  await page.keyboard.press('Escape')

  // A message to everyone on the departure, from the Departures view: the third mail, recorded in the history.
  await page.getByRole('button', {name: 'Departures', exact: true}).click()
  await page.getByLabel('From', {exact: true}).fill(tripDate)
  await page.getByLabel('To', {exact: true}).fill(tripDate)
  await page.getByRole('button', {name: /^Message travellers… on Sunset Cruise/}).first().click()
  const messageDialog = page.getByRole('dialog', {name: /^Message everyone on Sunset Cruise/})
  await messageDialog.getByLabel('Message', {exact: true}).fill('The meeting point moved to Quay 6.')
  await messageDialog.getByRole('button', {name: 'Send to everyone on it'}).click()
  await expect(page.getByRole('status').filter({hasText: 'Message sent'})).toBeVisible()
  await expect
    .poll(async () => (await mailsTo(email)).some((mail) => mail.text.includes('Quay 6')), {
      timeout: 30_000,
    })
    .toBe(true)
  await page.getByRole('button', {name: 'Bookings', exact: true}).click()

  // The notifications are dismissed, so the phone's screenshot shows the form.
  const dismiss = page.getByRole('button', {name: 'Dismiss notification'})
  while ((await dismiss.count()) > 0) await dismiss.first().click()
  await page.setViewportSize({width: 390, height: 844})
  await open.click()
  await expect(dialog).toBeVisible()
  await page.screenshot({path: testInfo.outputPath('booking-desk-390.png')})
  expect(await axe(page)).toEqual([])
})

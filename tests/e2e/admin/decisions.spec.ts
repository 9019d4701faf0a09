import {formatDateInWords} from '@repo/schemas/format-date.ts'
import {addDays, todayInCapeTown} from '@repo/schemas/iso-date.ts'

import {lakeClient, test, expect} from '../fixtures.ts'
import {mailsContaining, mailsTo} from '../mail.ts'
import {bookingDoc, removeAll, row, runToken, seed, unlock} from './admin-helpers.ts'

// Staff decide a request in one action from the details dialog, see the traveller's mail before it goes,
// and the mail (the editors' template, dates in words, the private link) arrives once over real SMTP.
const bookings = lakeClient({dataset: 'bookings'})
const token = runToken()
const tripDate = addDays(todayInCapeTown(), 20)
// Received two days ago: the outbox's sweep, which queues the mails of the last day's bookings again, leaves them be.
const received = new Date(Date.now() - 2 * 86_400_000).toISOString()
const proposed = bookingDoc(token, {date: tripDate, created_at: received})
const declined = bookingDoc(token, {date: tripDate, created_at: received})

test.beforeAll(async () => {
  await seed(bookings, [proposed, declined])
})

test.afterAll(async () => {
  await bookings.delete({
    query: '*[_type == "outboxMail" && about in $ids]',
    params: {ids: [proposed._id, declined._id]},
  })
  await removeAll(bookings, token)
})

async function openDetails(page: import('@playwright/test').Page, reference: string) {
  await page.getByRole('searchbox', {name: 'Search'}).fill(token)
  await row(page, reference)
    .getByRole('button', {name: `View details of ${reference}`})
    .click()
  return page.getByRole('dialog', {name: `Booking Details - ${reference}`})
}

test('staff propose two dates; the traveller accepts one from the mail’s link; staff see it live', async ({
  page,
  browser,
}) => {
  await unlock(page)
  const dialog = await openDetails(page, proposed.booking_ref)
  await dialog.getByRole('button', {name: 'Propose other dates'}).click()
  const form = dialog.getByRole('form', {name: 'Propose other dates'})
  const first = form.getByLabel('First date')
  const second = form.getByLabel('Second date (optional)')
  await first.selectOption({index: 3})
  await second.selectOption({index: 6})
  const chosen = await Promise.all(
    [first, second].map(async (select) =>
      (await select.locator('option:checked').textContent())!.replace(/ \(\d+ places? left\)$/, ''),
    ),
  )
  // The booking's own departure is never offered as another date.
  expect(await first.locator('option').allTextContents()).not.toContainEqual(
    expect.stringContaining(formatDateInWords(tripDate)),
  )
  await form.getByLabel('Note to the traveller (optional)').fill('Both have a calm sea forecast.')
  await form.getByRole('button', {name: 'Preview mail'}).click()

  const preview = form.getByRole('region', {name: `Mail to ${proposed.email}`})
  await expect(preview).toContainText(`Other dates for ${proposed.experience_title}`)
  for (const option of chosen) await expect(preview).toContainText(`- ${option}`)
  await expect(preview).toContainText('Both have a calm sea forecast.')
  expect(await mailsTo(proposed.email)).toHaveLength(0)

  await preview.getByRole('button', {name: 'Send: Propose other dates'}).click()
  await expect(page.getByRole('status').filter({hasText: 'Dates proposed'})).toBeVisible()
  const history = dialog.getByRole('region', {name: 'Status history'})
  await expect(history).toContainText('Other dates proposed')
  for (const option of chosen) await expect(history).toContainText(option)
  await expect(dialog.getByRole('region', {name: 'Booking'})).toContainText('Contacted')

  await expect.poll(async () => (await mailsTo(proposed.email)).length, {timeout: 20_000}).toBe(1)
  const [mail] = await mailsTo(proposed.email)
  expect(mail!.subject).toBe(
    `Other dates for ${proposed.experience_title} (${proposed.booking_ref})`,
  )
  for (const option of chosen) expect(mail!.text).toContain(`- ${option}`)
  expect(mail!.text).toMatch(/\/requests\/[\w-]+\.[0-9a-z]+\.[\w-]{43}/)
  expect(mail!.html).toContain('lang="en-GB"')

  // The traveller, in a browser of their own, opens the link in the mail and accepts the second date.
  const link = /https?:\/\/\S+\/requests\/\S+/.exec(mail!.text)![0]
  const travellerContext = await browser.newContext()
  const traveller = await travellerContext.newPage()
  await traveller.goto(link)
  await expect(
    traveller.getByRole('heading', {name: `Your request ${proposed.booking_ref}`}),
  ).toBeVisible()
  const choice = traveller.getByRole('form', {name: 'Other dates we can offer'})
  await choice.getByLabel(chosen[1]!).check()
  await choice.getByRole('button', {name: 'Accept this date'}).click()
  await expect(traveller.getByText('Proposed date accepted').first()).toBeVisible()
  await travellerContext.close()

  // Staff see it without reloading: the dashboard follows the lake's changes.
  await expect(dialog.getByRole('region', {name: 'Booking'})).toContainText('Confirmed', {
    timeout: 15_000,
  })
  await expect(history).toContainText('Proposed date accepted')
  const stored = await bookings.getDocument(proposed._id)
  expect(stored!.status).toBe('confirmed')
  expect(formatDateInWords(stored!.date)).toBe(chosen[1]!.split(', ').slice(0, 1).join())
  await expect
    .poll(
      async () =>
        (await mailsContaining(`accepted`)).filter((m) => m.subject.includes(proposed.booking_ref))
          .length,
      {
        timeout: 20_000,
      },
    )
    .toBe(1)
  // Every mail once: the proposal and, the date accepted, the confirmation; a later pass sends nothing more.
  await page.waitForTimeout(6_000)
  expect((await mailsTo(proposed.email)).map((mail) => mail.subject.split(':')[0])).toEqual([
    `Other dates for ${proposed.experience_title} (${proposed.booking_ref})`,
    'Confirmed',
  ])
  expect(
    (await mailsContaining(proposed.booking_ref)).filter((m) => m.subject.includes('accepted')),
  ).toHaveLength(1)
})

test('staff decline with a reason: the reason is required, then mailed, and the status is Declined', async ({
  page,
}) => {
  await unlock(page)
  // The row's Reply opens the details with focus on the decisions.
  await page.getByRole('searchbox', {name: 'Search'}).fill(token)
  await row(page, declined.booking_ref)
    .getByRole('button', {name: `Reply to ${declined.booking_ref}`})
    .click()
  const dialog = page.getByRole('dialog', {name: `Booking Details - ${declined.booking_ref}`})
  await expect(dialog.getByRole('button', {name: 'Confirm', exact: true})).toBeFocused()
  await dialog.getByRole('button', {name: 'Decline'}).click()
  const form = dialog.getByRole('form', {name: 'Decline'})
  const reason = form.getByLabel('Reason (goes into the mail)')
  await form.getByRole('button', {name: 'Preview mail'}).click()
  // The browser's own required-field check stops an empty reason before any request.
  expect(await reason.evaluate((el: HTMLTextAreaElement) => el.validity.valueMissing)).toBe(true)
  await reason.fill('The boat is chartered for a wedding that evening.')
  await form.getByRole('button', {name: 'Preview mail'}).click()
  await form
    .getByRole('region', {name: `Mail to ${declined.email}`})
    .getByRole('button', {name: 'Send: Decline'})
    .click()
  await expect(page.getByRole('status').filter({hasText: 'Request declined'})).toBeVisible()
  await expect(dialog.getByRole('region', {name: 'Booking'})).toContainText('Declined')
  await expect.poll(async () => (await mailsTo(declined.email)).length, {timeout: 20_000}).toBe(1)
  const [mail] = await mailsTo(declined.email)
  expect(mail!.text).toContain('The boat is chartered for a wedding that evening.')
  await expect(row(page, declined.booking_ref)).toContainText('Declined')
})

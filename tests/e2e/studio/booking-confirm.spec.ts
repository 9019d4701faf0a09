/**
 * Confirming in the studio's bookings workspace obeys a departure's places as the dashboard does: Confirm
 * within them; beyond them the numbers and "Confirm anyway" (noted in the history); and choosing Confirmed in the
 * form, then Publish, asks the same question rather than overbooking.
 */
import type {Locator, Page} from '@playwright/test'

import {addDays} from '../../../schemas/src/iso-date.ts'
import {bookingDoc, runToken, seed} from '../admin/admin-helpers.ts'
import {quietDate} from '../booking/quiet-date.ts'
import {expect, lakeClient, studioSignInLink, test} from '../fixtures.ts'

const SLUG = 'cape-point-penguins'
const token = runToken()
const bookings = lakeClient({dataset: 'bookings'})

const party = (name: string, pax: number, date: string, status = 'new') =>
  bookingDoc(token, {
    experience_id: SLUG,
    experience_title: `Cape Point ${token}`,
    preferred_time: '',
    date,
    status,
    pax_adults: pax,
    pax_children: 0,
    pax_total: pax,
    name: `${name} ${token}`,
  })

test.afterAll(async () => {
  await bookings.delete({
    query: '*[_type == "booking" && (_id match $prefix || _id match $draft)]',
    params: {prefix: `e2e-admin-${token}-*`, draft: `drafts.e2e-admin-${token}-*`},
  })
})

async function openBooking(page: Page, studioUrl: string, id: string) {
  await page.goto(studioSignInLink())
  await expect(page).toHaveURL(/\/studio\/content/)
  await page.goto(`${studioUrl}/bookings/intent/edit/id=${id};type=booking/`)
  await expect(page.getByTestId('document-pane')).toBeVisible()
  // The stored status is on the form: the document has loaded.
  await expect(page.getByTestId('field-status').getByRole('radio', {name: 'New'})).toBeChecked()
}

/**
 * Confirm, until the question shows: a click in the moment the pane settles after opening is retried rather than
 * failing the test; asking again changes nothing (beyond the places nothing is stored).
 */
async function confirmUntilAsked(page: Page, ask: Locator) {
  await expect(async () => {
    await page.getByRole('button', {name: 'Confirm', exact: true}).click({timeout: 2_000})
    await expect(ask).toBeVisible({timeout: 3_000})
  }).toPass({timeout: 30_000})
}

const statusOf = async (id: string) => (await bookings.getDocument(id))?.status

test('staff confirm in the studio within the places, and beyond them only after "Confirm anyway"', async ({
  page,
  studioUrl,
}) => {
  test.slow()
  const date = await quietDate(SLUG)
  const full = party('Full', 8, date, 'confirmed')
  const late = party('Late', 2, date)
  const roomy = party('Roomy', 2, addDays(date, 2))
  await seed(bookings, [full, late, roomy])

  // Room on the day: Confirm confirms, and the history says who, from the studio.
  await openBooking(page, studioUrl, roomy._id)
  await page.getByRole('button', {name: 'Confirm', exact: true}).click()
  await expect.poll(() => statusOf(roomy._id)).toBe('confirmed')
  const roomyHistory = (await bookings.getDocument(roomy._id))!.status_history as {by?: string}[]
  expect(roomyHistory.at(-1)!.by).toMatch(/\(studio\)$/)

  // A full departure: the numbers first; Cancel changes nothing.
  await openBooking(page, studioUrl, late._id)
  const ask = page.getByRole('dialog', {name: 'This departure is full'})
  await confirmUntilAsked(page, ask)
  await expect(ask).toContainText('Capacity8 places')
  await expect(ask).toContainText('Taken (confirmed)8 places')
  await expect(ask).toContainText('Left0 places')
  await expect(ask).toContainText('This booking2 places')
  await ask.getByRole('button', {name: 'Cancel'}).click()
  await expect(ask).toBeHidden()
  expect(await statusOf(late._id)).toBe('new')

  await confirmUntilAsked(page, ask)
  await ask.getByRole('button', {name: 'Confirm anyway'}).click()
  await expect.poll(() => statusOf(late._id)).toBe('confirmed')
  const history = (await bookings.getDocument(late._id))!.status_history as {note?: string}[]
  expect(history.at(-1)!.note).toBe(
    'Confirmed anyway: 10 of 8 places (2 for this booking, 0 were left)',
  )
})

test('choosing Confirmed in the form and publishing asks about the places first', async ({
  page,
  studioUrl,
}) => {
  test.slow()
  const date = await quietDate(SLUG)
  const full = party('Full', 8, date, 'confirmed')
  const extra = party('Extra', 1, date)
  await seed(bookings, [full, extra])

  await openBooking(page, studioUrl, extra._id)
  await page.getByTestId('field-status').getByRole('radio', {name: 'Confirmed'}).check()
  const publish = page.getByRole('button', {name: 'Publish and confirm'})
  await expect(publish).toBeEnabled({timeout: 30_000})
  await publish.click()
  const ask = page.getByRole('dialog', {name: 'This departure is full'})
  await expect(ask).toBeVisible()
  await expect(ask).toContainText('This booking1 place')
  await ask.getByRole('button', {name: 'Cancel'}).click()
  // Nothing published: the stored booking is still a request, the draft keeps the editor's choice.
  expect(await statusOf(extra._id)).toBe('new')
  expect((await bookings.getDocument(`drafts.${extra._id}`))?.status).toBe('confirmed')

  await publish.click()
  await ask.getByRole('button', {name: 'Confirm anyway'}).click()
  await expect.poll(() => statusOf(extra._id)).toBe('confirmed')
  await expect.poll(() => bookings.getDocument(`drafts.${extra._id}`)).toBeUndefined()
  const history = (await bookings.getDocument(extra._id))!.status_history as {note?: string}[]
  expect(history.at(-1)!.note).toBe(
    'Confirmed anyway: 9 of 8 places (1 for this booking, 0 were left)',
  )
})

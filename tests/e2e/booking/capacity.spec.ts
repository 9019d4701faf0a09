/**
 * Places per departure (docs/decisions/007-places-per-departure.md), end to end in Chromium: staff fill a departure
 * through confirmations, the booking page refuses a request for it on submit, confirming beyond it asks first, the
 * public dialog shows the date full with alternatives, and the departures view and its manifest list the right
 * people.
 */
import type {Locator} from '@playwright/test'

import {addDays} from '../../../schemas/src/iso-date.ts'
import {formatShortDate} from '@repo/schemas/format-date.ts'
import {bookingDoc, row, runToken, seed, unlock} from '../admin/admin-helpers.ts'
import {expect, lakeClient, test, waitForHydration} from '../fixtures.ts'
import {quietDate} from './quiet-date.ts'
import {sendBookingRequest} from './traveller-forms.ts'

const SLUG = 'cape-point-penguins'
const token = runToken()
const bookings = lakeClient({dataset: 'bookings'})

test.describe.configure({mode: 'serial'})

let date = ''
const party = (name: string, pax: number) => {
  const extra = {
    pickup_location: `${name} Guest House, Simon's Town`,
    notes: `${name} brings binoculars`,
  }
  return {
    ...bookingDoc(token, {
      experience_id: SLUG,
      experience_title: `Cape Point ${token}`,
      preferred_time: '',
      pax_adults: pax,
      pax_children: 0,
      pax_total: pax,
      name: `${name} ${token}`,
      phone: `+27 82 000 ${String(pax).padStart(4, '0')}`,
      ...extra,
    }),
    ...extra,
  }
}
const alpha = party('Alpha', 4)
const bravo = party('Bravo', 4)
const charlie = party('Charlie', 2)

test.beforeAll(async () => {
  date = await quietDate(SLUG)
  for (const doc of [alpha, bravo, charlie]) doc.date = date
  await seed(bookings, [alpha, bravo, charlie])
})

test.afterAll(async () => {
  await bookings.delete({
    query:
      '*[(_type == "booking" && _id match $prefix) || (_type == "booking" && email match $email)]',
    params: {prefix: `e2e-admin-${token}-*`, email: `*${token}*`},
  })
})

/**
 * The nearest dates with room, as a traveller reads them: the day before and the day after the full date among them,
 * listed in date order (not by distance).
 */
async function expectNearestInDateOrder(dates: Locator) {
  const around = [-3, -2, -1, 1, 2, 3].map((days) => formatShortDate(addDays(date, days)))
  const positions = (await dates.allTextContents()).map((text) =>
    around.findIndex((day) => text.startsWith(day)),
  )
  expect(positions).not.toContain(-1)
  expect(positions).toContain(around.indexOf(formatShortDate(addDays(date, -1))))
  expect(positions).toContain(around.indexOf(formatShortDate(addDays(date, 1))))
  expect(positions).toEqual([...positions].sort((a, b) => a - b))
}

test('staff fill a departure; the booking page refuses on submit; beyond the places asks first', async ({
  page,
  browser,
}) => {
  await unlock(page)
  await page.getByRole('searchbox', {name: 'Search'}).fill(token)
  const statusOf = (ref: string) =>
    row(page, ref).getByRole('combobox', {name: new RegExp(`Status of ${ref}`)})
  await statusOf(alpha.booking_ref).selectOption('confirmed')
  await expect.poll(async () => (await bookings.getDocument(alpha._id))?.status).toBe('confirmed')

  // A traveller opens the booking page while four places are left, and fills the form.
  const traveller = await browser.newPage()
  await traveller.goto(`/book/${SLUG}?date=${date}&pax=2,0`)
  await waitForHydration(traveller)
  await expect(traveller.getByLabel('Full name')).toBeVisible()

  // Meanwhile staff confirm the next four: the departure is full.
  await statusOf(bravo.booking_ref).selectOption('confirmed')
  await expect.poll(async () => (await bookings.getDocument(bravo._id))?.status).toBe('confirmed')

  // The function re-checks on submit: refused with the message and the nearest dates, nothing stored.
  const email = `late.${token}@example.com`
  await expect(sendBookingRequest(traveller, {name: `Late ${token}`, email})).rejects.toThrow()
  // Said once, with the nearest dates (not also by the form's own field error or the page).
  const refusal = traveller.getByText('Fully booked on this date – please choose another.')
  await expect(refusal).toBeVisible()
  await expect(refusal).toHaveCount(1)
  const alternatives = traveller.getByRole('link', {name: /places left/})
  await expect(alternatives).toHaveCount(3)
  await expectNearestInDateOrder(alternatives)
  expect(await bookings.fetch('count(*[_type == "booking" && email == $email])', {email})).toBe(0)

  // Reloaded, the booking page itself says so before the form.
  await traveller.goto(`/book/${SLUG}?date=${date}&pax=2,0`)
  await waitForHydration(traveller)
  await expect(traveller.getByRole('heading', {name: 'Please choose another date'})).toBeVisible()
  // No booking form: the full date's waitlist instead (tests/e2e/waitlist/).
  await expect(traveller.getByRole('button', {name: 'Send booking request'})).toHaveCount(0)
  await expect(traveller.getByRole('form', {name: 'Join the waitlist for this date'})).toBeVisible()
  // Once, beside the date with the nearest dates, not again in the card above it.
  await expect(traveller.getByRole('button', {name: /places left/})).toHaveCount(3)
  await expect(refusal).toHaveCount(1)
  await expect(traveller.getByRole('alert').filter({hasText: 'Fully booked'})).toHaveCount(1)
  await traveller.close()

  // Confirming Charlie would make ten of eight: the numbers, and Cancel changes nothing.
  await statusOf(charlie.booking_ref).selectOption('confirmed')
  const ask = page.getByRole('dialog', {name: 'This departure is full'})
  await expect(ask).toBeVisible()
  await expect(ask).toContainText('Capacity8 places')
  await expect(ask).toContainText('Taken (confirmed)8 places')
  await expect(ask).toContainText('Left0 places')
  await expect(ask).toContainText('This booking2 places')
  await ask.getByRole('button', {name: 'Cancel'}).click()
  await expect(ask).toBeHidden()
  expect((await bookings.getDocument(charlie._id))?.status).toBe('new')

  await statusOf(charlie.booking_ref).selectOption('confirmed')
  await ask.getByRole('button', {name: 'Confirm anyway'}).click()
  await expect(ask).toBeHidden()
  await expect.poll(async () => (await bookings.getDocument(charlie._id))?.status).toBe('confirmed')
  const history = (await bookings.getDocument(charlie._id))!.status_history as {note?: string}[]
  expect(history.at(-1)!.note).toBe(
    'Confirmed anyway: 10 of 8 places (2 for this booking, 0 were left)',
  )
})

test('the public dialog shows the date full and offers the nearest dates with room', async ({
  page,
}) => {
  await page.goto(`/experiences?exp=${SLUG}`)
  await page.getByRole('dialog').getByRole('button', {name: 'Book this experience'}).click()
  const dialog = page.getByRole('dialog', {name: 'Book this experience'})
  await dialog.getByLabel('Date').fill(date)
  await expect(dialog.getByText('Fully booked on this date – please choose another.')).toBeVisible()
  await expect(dialog.getByRole('button', {name: 'Continue'})).toBeDisabled()
  const choices = dialog.getByRole('button', {name: /places left/})
  await expect(choices).toHaveCount(3)
  await expectNearestInDateOrder(choices)
  await dialog
    .getByRole('button', {name: `${formatShortDate(addDays(date, 1))} · 8 places left`})
    .click()
  await expect(dialog.getByLabel('Date')).toHaveValue(addDays(date, 1))
  await expect(dialog.getByText('Fully booked on this date – please choose another.')).toHaveCount(
    0,
  )
  await expect(dialog.getByRole('button', {name: 'Continue'})).toBeEnabled()
})

test('the departures view and the printable manifest list the people on the departure', async ({
  page,
}) => {
  await page.addInitScript(() => {
    window.print = () => {}
  })
  await unlock(page)
  await page.getByRole('button', {name: 'Departures'}).click()
  await page.getByLabel('From', {exact: true}).fill(date)
  await page.getByLabel('To', {exact: true}).fill(date)
  const manifest = page.getByRole('article', {
    name: new RegExp(`Cape Point.*${formatShortDate(date)}`),
  })
  await expect(manifest).toBeVisible()
  await expect(manifest).toContainText('Capacity8')
  await expect(manifest).toContainText('Confirmed10 (over capacity)')
  for (const doc of [alpha, bravo, charlie]) {
    const line = manifest.getByRole('row', {name: new RegExp(doc.name)})
    await expect(line).toContainText(String(doc.pax_total))
    await expect(line).toContainText(doc.pickup_location)
    await expect(line).toContainText(doc.phone)
    await expect(line).toContainText(doc.notes)
  }
  await expect(manifest.getByRole('row')).toHaveCount(4)

  await manifest.getByRole('button', {name: /Print manifest/}).click()
  await page.emulateMedia({media: 'print'})
  await expect(manifest.getByRole('row', {name: new RegExp(alpha.name)})).toBeVisible()
  await expect(page.getByRole('heading', {name: 'Booking Management'})).toBeHidden()
  await page.emulateMedia({media: 'screen'})

  const csv = await page.request.get(`/api/staff/departures.csv?from=${date}&to=${date}`)
  expect(csv.status()).toBe(200)
  const text = await csv.text()
  for (const doc of [alpha, bravo, charlie]) expect(text).toContain(doc.name)

  // The next day nobody has booked: listed only with the choice, with all its places; the CSV follows the choice.
  const nextDay = addDays(date, 1)
  await page.getByLabel('To', {exact: true}).fill(nextDay)
  const empty = page.getByRole('article', {
    name: new RegExp(`Cape Point.*${formatShortDate(nextDay)}`),
  })
  await expect(manifest).toBeVisible()
  await expect(empty).toHaveCount(0)
  const includeEmpty = page.getByRole('checkbox', {name: 'Include departures with no bookings'})
  await includeEmpty.check()
  await expect(empty).toBeVisible()
  await expect(empty).toContainText('Capacity8')
  await expect(empty).toContainText('Left8')
  await expect(empty).toContainText('No bookings yet.')
  await expect(manifest.getByRole('row')).toHaveCount(4)
  const csvLink = page.getByRole('link', {name: 'Download CSV'})
  await expect(csvLink).toHaveAttribute('href', /empty=1/)
  const withEmpty = await page.request.get((await csvLink.getAttribute('href'))!)
  expect(withEmpty.status()).toBe(200)
  const rows = (await withEmpty.text()).split('\r\n')
  expect(
    rows.some((line) => line.startsWith(`${nextDay},Cape Point`) && line.includes(',8,0,0,8,')),
  ).toBe(true)
  await includeEmpty.uncheck()
  await expect(empty).toHaveCount(0)
  await expect(csvLink).not.toHaveAttribute('href', /empty=1/)
})

test('the availability endpoint, through the site server: counts only, GET only, bad input refused', async ({
  request,
}) => {
  const ok = await request.get(
    `/api/availability?experience=${SLUG}&from=${addDays(date, -2)}&to=${addDays(date, 2)}`,
  )
  expect(ok.status()).toBe(200)
  const text = await ok.text()
  expect(JSON.parse(text)).toEqual({
    experience: SLUG,
    from: addDays(date, -2),
    to: addDays(date, 2),
    unlimited: false,
    departures: [{date, slot: '', taken: 10}],
  })
  for (const secret of [alpha.name, alpha.phone, alpha.email, alpha.booking_ref]) {
    expect(text).not.toContain(secret)
  }
  const posted = await request.post(
    `/api/availability?experience=${SLUG}&from=${date}&to=${date}`,
    {
      data: {date},
    },
  )
  expect(posted.status()).toBe(405)
  expect(posted.headers()['allow']).toBe('GET, HEAD')
  for (const query of [
    `experience=${SLUG}&from=${date}`,
    `experience=${SLUG}&from=${date}&to=${addDays(date, 200)}`,
    `experience=%E2%80%AE${SLUG}&from=${date}&to=${date}`,
    `experience=${SLUG}&experience=other&from=${date}&to=${date}`,
  ]) {
    const refused = await request.get(`/api/availability?${query}`)
    expect(refused.status(), query).toBe(400)
    expect(((await refused.json()) as {detail: string}).detail).toMatch(/\w/)
  }
})

import fs from 'node:fs'

import {lakeClient, test, expect} from '../fixtures.ts'
import {bookingDoc, removeAll, row, runToken, seed, unlock} from './admin-helpers.ts'

const bookings = lakeClient({dataset: 'bookings'})
const token = runToken()

const anna = bookingDoc(token, {
  name: `Anna ${token} Müller`,
  email: `ANNA.${token}@Example.de`,
  experience_title: `Cape Winelands ${token}`,
  pickup_location: 'Hotel <b>Bold</b>, Sea Point',
  notes: '<script>window.__pwned = true</script> Vegetarian',
  marketing_opt_in: true,
  how_heard_about_us: 'Google',
})
const ben = bookingDoc(token, {status: 'contacted'})
const chloe = bookingDoc(token, {
  status: 'confirmed',
  experience_title: `Cape Winelands ${token}`,
  phone: '',
  country: '',
  preferred_time: '',
})
const evil = bookingDoc(token, {name: `=HYPERLINK("http://evil.test","${token}")`})

test.beforeAll(async () => {
  await seed(bookings, [anna, ben, chloe, evil])
})

test.afterAll(async () => {
  await removeAll(bookings, token)
})

test('a wrong password keeps the gate; the right one opens the dashboard', async ({page}) => {
  await page.goto('/admin/bookings')
  await expect(page.getByRole('heading', {name: 'Admin Access Required'})).toBeVisible()
  await page.getByLabel('Password').fill('definitely-not-it')
  await page.getByRole('button', {name: 'Access Dashboard'}).click()
  await expect(page.getByRole('alert')).toContainText('Error')
  await expect(page.getByRole('alert')).toContainText('Wrong email or password')
  await expect(page.getByRole('heading', {name: 'Admin Access Required'})).toBeVisible()
  expect((await page.request.get('/api/staff/bookings')).status()).toBe(401)

  await unlock(page)
  await expect(page.getByRole('status').filter({hasText: 'Access granted'})).toBeVisible()
  for (const tile of ['Total Bookings', 'New', 'Contacted', 'Confirmed', 'Total Pax']) {
    await expect(
      page.getByRole('list', {name: 'Summary'}).getByText(tile, {exact: true}),
    ).toBeVisible()
  }
  await page.getByRole('button', {name: 'Sign out'}).click()
  await expect(page.getByRole('heading', {name: 'Admin Access Required'})).toBeVisible()
  expect((await page.request.get('/api/staff/bookings')).status()).toBe(401)
})

test('search, status and experience filters, alone and combined', async ({page}) => {
  await unlock(page)
  const search = page.getByRole('searchbox', {name: 'Search'})
  const rows = page.locator('tbody tr')

  await search.fill(token.toUpperCase())
  await expect(rows).toHaveCount(4)
  await expect(rows.first()).toContainText(evil.booking_ref)

  await search.fill(`anna.${token}@example`)
  await expect(rows).toHaveCount(1)
  await expect(row(page, anna.booking_ref)).toBeVisible()

  await search.fill(token)
  await page.getByLabel('Status', {exact: true}).selectOption('contacted')
  await expect(rows).toHaveCount(1)
  await expect(row(page, ben.booking_ref)).toBeVisible()

  await page.getByLabel('Status', {exact: true}).selectOption('')
  await page.getByLabel('Experience', {exact: true}).selectOption(`Cape Winelands ${token}`)
  await expect(rows).toHaveCount(2)

  await page.getByLabel('Status', {exact: true}).selectOption('confirmed')
  await expect(rows).toHaveCount(1)
  await expect(row(page, chloe.booking_ref)).toBeVisible()

  await search.fill(`Anna ${token}`)
  await expect(page.getByText('No bookings found matching your filters.')).toBeVisible()
})

test('inline status change, details dialog, mail draft and Mark as Contacted', async ({page}) => {
  await unlock(page)
  await page.getByRole('searchbox', {name: 'Search'}).fill(token)
  const annaRow = row(page, anna.booking_ref)
  await expect(annaRow).toContainText('15 Jan 2027')
  await expect(annaRow).toContainText(`Anna ${token} Müller`)

  await annaRow
    .getByRole('combobox', {name: new RegExp(`Status of ${anna.booking_ref}`)})
    .selectOption('declined')
  await expect(
    page.getByRole('status').filter({hasText: 'Status updated successfully'}),
  ).toBeVisible()
  await expect.poll(async () => (await bookings.getDocument(anna._id))?.status).toBe('declined')
  // Back to new: "Mark as Contacted" is offered only to a request nobody has answered.
  await annaRow
    .getByRole('combobox', {name: new RegExp(`Status of ${anna.booking_ref}`)})
    .selectOption('new')
  await expect.poll(async () => (await bookings.getDocument(anna._id))?.status).toBe('new')

  const view = annaRow.getByRole('button', {name: `View details of ${anna.booking_ref}`})
  await view.click()
  const dialog = page.getByRole('dialog', {name: `Booking Details - ${anna.booking_ref}`})
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('15 January 2027')
  await expect(dialog).toContainText('Sunset')
  await expect(dialog.getByRole('heading', {name: 'Pickup Location'})).toBeVisible()
  await expect(dialog).toContainText('Hotel <b>Bold</b>, Sea Point')
  await expect(dialog).toContainText('<script>window.__pwned = true</script> Vegetarian')
  expect(await page.evaluate(() => (window as {__pwned?: boolean}).__pwned)).toBeUndefined()
  await expect(dialog).toContainText('Yes')
  const mail = dialog.getByRole('link', {name: 'Reply via Email'})
  const href = (await mail.getAttribute('href'))!
  expect(decodeURIComponent(href)).toBe(
    `mailto:${anna.email}?subject=Re: Your booking request ${anna.booking_ref}`,
  )

  await dialog.getByRole('button', {name: 'Mark as Contacted'}).click()
  await expect(
    page.getByRole('status').filter({hasText: 'Status updated successfully'}).first(),
  ).toBeVisible()
  await expect.poll(async () => (await bookings.getDocument(anna._id))?.status).toBe('contacted')
  const history = (await bookings.getDocument(anna._id))?.status_history as {
    status: string
    at: string
  }[]
  expect(history.map((h) => h.status)).toEqual(['declined', 'new', 'contacted'])
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(view).toBeFocused()

  await row(page, chloe.booking_ref)
    .getByRole('button', {name: /View details/})
    .click()
  const chloeDialog = page.getByRole('dialog', {name: `Booking Details - ${chloe.booking_ref}`})
  await expect(chloeDialog.getByText('Not provided')).toHaveCount(3)
  await expect(chloeDialog.getByText('Not specified')).toBeVisible()
  await expect(chloeDialog.getByRole('heading', {name: 'Pickup Location'})).toHaveCount(0)
  await expect(chloeDialog.getByRole('heading', {name: 'Special Requests'})).toHaveCount(0)
})

test('the second of two staff changing one booking is told it changed and sees its current status', async ({
  browser,
}) => {
  const first = await browser.newPage()
  const second = await browser.newPage()
  // The second session has lost its live connection, so its list is stale when it acts.
  await second.route('**/api/staff/events', (route) => route.abort())
  for (const page of [first, second]) {
    await unlock(page)
    // The search is debounced: wait for its own answer, or it would refresh the second list after the change.
    const searched = page.waitForResponse(
      (response) =>
        response.url().includes('/api/staff/bookings?') &&
        new URL(response.url()).searchParams.get('search') === ben.booking_ref,
    )
    await page.getByRole('searchbox', {name: 'Search'}).fill(ben.booking_ref)
    await searched
    await expect(row(page, ben.booking_ref)).toBeVisible()
  }
  const select = (page: typeof first) => row(page, ben.booking_ref).getByRole('combobox')
  await select(first).selectOption('confirmed')
  await expect(
    first.getByRole('status').filter({hasText: 'Status updated successfully'}),
  ).toBeVisible()

  await select(second).selectOption('closed')
  await expect(second.getByRole('alert')).toContainText('Failed to update status')
  await expect(second.getByRole('alert')).toContainText('changed by someone else')
  await expect(select(second)).toHaveValue('confirmed')
  expect((await bookings.getDocument(ben._id))?.status).toBe('confirmed')
  await first.close()
  await second.close()
})

test('CSV export of the filtered list, with formula cells neutralised', async ({page}) => {
  await unlock(page)
  await page.getByRole('searchbox', {name: 'Search'}).fill(token)
  await expect(page.locator('tbody tr')).toHaveCount(4)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', {name: 'Export CSV'}).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '')
  const lines = csv.trim().split('\r\n')
  expect(lines[0]).toContain('Reference')
  expect(lines).toHaveLength(5)
  expect(csv).toContain(`"'=HYPERLINK(""http://evil.test"",""${token}"")"`)
  expect(csv).not.toMatch(/(^|,)=HYPERLINK/m)
})

test('a new booking appears without Refresh', async ({page}) => {
  await unlock(page)
  await page.getByRole('searchbox', {name: 'Search'}).fill(token)
  await expect(page.locator('tbody tr')).toHaveCount(4)
  const late = bookingDoc(token, {name: `Late ${token}`})
  await seed(bookings, [late])
  await expect(row(page, late.booking_ref)).toBeVisible({timeout: 10_000})
  await expect(
    page.getByRole('status').filter({hasText: 'A new booking request has arrived.'}),
  ).toBeVisible()
})

test('pages of 25 when there are many', async ({page}) => {
  const pageToken = runToken()
  const many = Array.from({length: 27}, () => bookingDoc(pageToken))
  await seed(bookings, many)
  try {
    await unlock(page)
    await page.getByRole('searchbox', {name: 'Search'}).fill(pageToken)
    const pages = page.getByRole('navigation', {name: 'Pages of bookings'})
    // The search applies a moment after typing stops; wait for its results before paging.
    await expect(page.locator('tbody tr').last()).toContainText(pageToken.toUpperCase())
    await expect(page.locator('tbody tr')).toHaveCount(25)
    await expect(pages.getByRole('button', {name: 'Previous page'})).toBeDisabled()
    await pages.getByRole('button', {name: 'Next page'}).click()
    await expect(page.locator('tbody tr')).toHaveCount(2)
    await expect(pages).toContainText('Page 2')
    await expect(pages.getByRole('button', {name: 'Next page'})).toBeDisabled()
    // Oldest two of the run, newest first.
    await expect(page.locator('tbody tr').first()).toContainText(many[1]!.booking_ref)
  } finally {
    await removeAll(bookings, pageToken)
  }
})

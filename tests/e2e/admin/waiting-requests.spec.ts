import {lakeClient, test, expect} from '../fixtures.ts'
import {bookingDoc, removeAll, row, runToken, seed, unlock} from './admin-helpers.ts'

/**
 * Nothing waits unseen: a request still `new` after the response target (4 working hours by
 * default) is flagged in words and listed first; a trip whose date has passed leaves the active view.
 */
const bookings = lakeClient({dataset: 'bookings'})
const token = runToken()
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString()

// Ten days old: at least six working days have passed, whatever day and hour the test runs.
const forgotten = bookingDoc(token, {created_at: daysAgo(10), name: `Forgotten ${token}`})
const recent = bookingDoc(token, {name: `Recent ${token}`})
const answered = bookingDoc(token, {created_at: daysAgo(9), status: 'contacted'})
const pastTrip = bookingDoc(token, {created_at: daysAgo(30), date: '2025-06-01'})

test.beforeAll(async () => {
  await seed(bookings, [forgotten, recent, answered, pastTrip])
})

test.afterAll(async () => {
  await removeAll(bookings, token)
})

test('a request waiting too long is flagged in words and listed first', async ({page}) => {
  await unlock(page)
  await page.getByRole('searchbox', {name: 'Search'}).fill(token)
  const rows = page.locator('tbody tr')
  await expect(rows).toHaveCount(3)
  await expect(rows.first()).toContainText(forgotten.booking_ref)
  await expect(row(page, forgotten.booking_ref)).toContainText(/Waiting \d+ working hours/)
  // Newer, and answered, requests follow newest first, without a flag.
  await expect(rows.nth(1)).toContainText(recent.booking_ref)
  await expect(rows.nth(2)).toContainText(answered.booking_ref)
  for (const other of [recent, answered])
    await expect(row(page, other.booking_ref)).not.toContainText('Waiting')
  await expect(page.getByText(/waited 4 working hours or more for an answer\./)).toBeVisible()
  const tile = page.getByRole('list', {name: 'Summary'}).getByText('Waiting too long')
  await expect(tile).toBeVisible()
  expect(Number(await tile.locator('xpath=following-sibling::*[1]').textContent())).toBeGreaterThan(
    0,
  )
})

test('a past trip is under "Past trips", not in the active view, and the choice survives a reload', async ({
  page,
}) => {
  await unlock(page)
  const search = page.getByRole('searchbox', {name: 'Search'})
  await search.fill(token)
  const rows = page.locator('tbody tr')
  await expect(rows).toHaveCount(3)
  await expect(row(page, pastTrip.booking_ref)).toHaveCount(0)

  const trips = page.getByRole('group', {name: 'Trips'})
  await expect(trips.getByRole('radio', {name: 'Active'})).toBeChecked()
  await trips.getByRole('radio', {name: 'Past trips'}).check()
  await expect(page).toHaveURL(/[?&]view=past\b/)
  await expect(rows).toHaveCount(1)
  await expect(row(page, pastTrip.booking_ref)).toBeVisible()
  // Its trip has gone by: it no longer waits for an answer.
  await expect(row(page, pastTrip.booking_ref)).not.toContainText('Waiting')

  await page.reload()
  await expect(
    page.getByRole('group', {name: 'Trips'}).getByRole('radio', {name: 'Past trips'}),
  ).toBeChecked()
  await page.getByRole('searchbox', {name: 'Search'}).fill(token)
  await expect(rows).toHaveCount(1)
  await expect(row(page, pastTrip.booking_ref)).toBeVisible()

  await page.getByRole('group', {name: 'Trips'}).getByRole('radio', {name: 'All'}).check()
  await expect(rows).toHaveCount(4)
  await expect(rows.first()).toContainText(forgotten.booking_ref)
})

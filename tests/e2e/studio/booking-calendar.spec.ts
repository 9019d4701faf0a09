/**
 * The booking settings' calendar in the real studio: the next 90 Cape Town days marked by the editor's rules (lead
 * time and blackout dates), following the form as it changes, and a click on a date adding it to the blackout dates
 * or taking it out. It reads no booking: places taken are the staff's, in the dashboard
 * (docs/decisions/175-editors-reach-no-bookings.md).
 */
import AxeBuilder from '@axe-core/playwright'
import type {Page} from '@playwright/test'

import {formatDateInWords} from '../../../schemas/src/format-date.ts'
import {addDays, todayInCapeTown} from '../../../schemas/src/iso-date.ts'
import {runToken} from '../admin/admin-helpers.ts'
import {expect, lakeClient, studioSignInLink, test} from '../fixtures.ts'

const token = runToken()
const slug = `e2e-cal-${token}`
const experienceId = `e2e-cal-experience-${token}`
const settingsId = `e2e-cal-settings-${token}`
const content = lakeClient()

type Settings = {blackoutDates?: string[]; leadTimeDays?: number}

// The browser is far from Cape Town (UTC+14): the calendar still shows Cape Town's dates, as the site does.
test.use({timezoneId: 'Pacific/Kiritimati'})

test.afterAll(async () => {
  await content
    .transaction()
    .delete(`drafts.${settingsId}`)
    .delete(settingsId)
    .delete(experienceId)
    .commit()
})

const day = (page: Page, date: string, state: string | RegExp) =>
  page.getByTestId('booking-calendar').getByRole('button', {
    name:
      typeof state === 'string'
        ? `${formatDateInWords(date)}, ${state}`
        : new RegExp(`^${formatDateInWords(date)}, ${state.source}`),
    exact: true,
  })

const draftBlackouts = async () =>
  (await content.getDocument<Settings>(`drafts.${settingsId}`))?.blackoutDates

test('the calendar shows lead time and blackouts from the shared rules, and a click toggles a blackout date', async ({
  page,
  studioUrl,
}) => {
  test.slow()
  const today = todayInCapeTown()
  const seededBlackout = addDays(today, 20)
  const freeDate = addDays(today, 40)

  await content
    .transaction()
    .createOrReplace({
      _id: experienceId,
      _type: 'experience',
      title: `Calendar check ${token}`,
      slug: {_type: 'slug', current: slug},
      category: 'adventure',
    })
    .createOrReplace({
      _id: settingsId,
      _type: 'experienceSettings',
      experience: {_type: 'reference', _ref: experienceId},
      minPax: 1,
      maxPax: 4,
      capacity: 4,
      timeSlots: ['Full Day'],
      leadTimeDays: 3,
      blackoutDates: [seededBlackout],
    })
    .commit({visibility: 'sync'})
  // Every request the studio makes to the bookings dataset: there must be none.
  const bookingsRequests: string[] = []
  page.on('request', (request) => {
    if (/\/data\/[a-z]+\/bookings\b/.test(request.url())) bookingsRequests.push(request.url())
  })

  await page.goto(studioSignInLink())
  await expect(page).toHaveURL(/\/studio\/content/)
  await page.goto(`${studioUrl}/content/intent/edit/id=${settingsId};type=experienceSettings/`)
  await expect(page.getByTestId('document-pane')).toBeVisible()
  const calendar = page.getByTestId('booking-calendar')
  await expect(calendar).toBeVisible({timeout: 30_000})
  // The stored values are on the form: the document has loaded, and a click now changes it.
  await expect(page.getByTestId('field-leadTimeDays').locator('input')).toHaveValue('3')

  // Today and the lead time's days are blocked, and say why; the day after is bookable.
  for (const offset of [0, 1, 2])
    await expect(
      day(page, addDays(today, offset), 'blocked by lead time (bookings need 3 days’ notice)'),
    ).toHaveAttribute('aria-disabled', 'true')
  await expect(day(page, today, /blocked by lead time/)).toHaveAttribute(
    'title',
    /Travellers cannot book this date anyway: it is inside the lead time\.$/,
  )
  await expect(day(page, addDays(today, 3), /open for requests/)).toBeVisible()
  await expect(day(page, seededBlackout, 'blacked out')).toHaveAttribute('aria-pressed', 'true')

  // Nothing about places: no date is called full, none says how many are taken, and a note says where they are.
  await expect(calendar.getByRole('button', {name: /full|taken|places/})).toHaveCount(0)
  await expect(calendar).toContainText('Places taken on each date are in the staff dashboard’s Departures view.')

  // The legend names every state in words, and the calendar passes axe's WCAG 2.2 AA checks (contrast included).
  for (const words of ['Open for requests', 'Blocked by lead time', 'Blacked out', 'Past'])
    await expect(calendar.getByRole('list', {name: 'Legend'})).toContainText(words)
  const axe = await new AxeBuilder({page})
    .include('[data-testid="booking-calendar"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([])

  // A click on an open date blacks it out: the draft's list gains it, in order, and the day says so.
  await day(page, freeDate, /open for requests/).click()
  await expect.poll(draftBlackouts, {timeout: 30_000}).toEqual([seededBlackout, freeDate])
  await expect(day(page, freeDate, 'blacked out')).toHaveAttribute('aria-pressed', 'true')
  // A click again takes it out.
  await day(page, freeDate, 'blacked out').click()
  await expect.poll(draftBlackouts, {timeout: 30_000}).toEqual([seededBlackout])
  await expect(day(page, freeDate, /open for requests/)).toHaveAttribute('aria-pressed', 'false')

  // The keyboard: arrows move between days, Enter toggles the focused one.
  await day(page, freeDate, /open for requests/).focus()
  await page.keyboard.press('ArrowLeft')
  const dayBefore = addDays(freeDate, -1)
  await expect(day(page, dayBefore, /open for requests/)).toBeFocused()
  await page.keyboard.press('Enter')
  await expect.poll(draftBlackouts, {timeout: 30_000}).toEqual([seededBlackout, dayBefore])
  await expect(day(page, dayBefore, 'blacked out')).toBeFocused()
  await page.keyboard.press('Space')
  await expect.poll(draftBlackouts, {timeout: 30_000}).toEqual([seededBlackout])

  // A lead-time day is not toggled by a click (it is aria-disabled, so Playwright must be told to click anyway).
  await day(page, today, /blocked by lead time/).click({force: true})
  await expect(page.getByRole('status').filter({hasText: 'blackout dates'})).toContainText(
    `${formatDateInWords(dayBefore)} taken out of the blackout dates.`,
  )
  await expect(day(page, today, /blocked by lead time/)).not.toHaveAttribute('aria-pressed')
  expect(await draftBlackouts()).toEqual([seededBlackout])

  // The calendar follows the form: a longer lead time blocks more days at once.
  const leadTime = page.getByTestId('field-leadTimeDays').locator('input')
  await leadTime.fill('5')
  await expect(
    day(page, addDays(today, 4), 'blocked by lead time (bookings need 5 days’ notice)'),
  ).toBeVisible()
  await expect(day(page, addDays(today, 5), /open for requests/)).toBeVisible()
  expect(await draftBlackouts()).toEqual([seededBlackout])
  expect(bookingsRequests).toEqual([])
})

test('the calendar passes axe in the dark scheme too', async ({page, studioUrl}) => {
  test.slow()
  // The seeded Lion's Head settings; nothing is changed. The studio follows the system's scheme.
  await page.emulateMedia({colorScheme: 'dark'})
  await page.goto(studioSignInLink())
  await expect(page).toHaveURL(/\/studio\/content/)
  await page.goto(
    `${studioUrl}/content/intent/edit/id=settings-lions-head-sunset-hike;type=experienceSettings/`,
  )
  const calendar = page.getByTestId('booking-calendar')
  await expect(
    calendar.getByRole('button', {name: /, open for requests$/}).first(),
  ).toBeVisible({timeout: 30_000})
  await expect(calendar.locator('[data-scheme="dark"]').first()).toBeAttached()
  const axe = await new AxeBuilder({page})
    .include('[data-testid="booking-calendar"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze()
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([])
})

import type {Locator, Page} from '@playwright/test'
import type {SanityClient} from '@sanity/client'

import {expect, lakeClient, studioSignInLink, test} from '../fixtures.ts'

// An editor changes a seeded experience and its booking settings in the real studio; the published
// perspective of the lake, read through the real @sanity/client, shows every change.

const EXPERIENCE_ID = 'experience-lions-head-sunset-hike'
const SETTINGS_ID = 'settings-lions-head-sunset-hike'

type Faq = {_key: string; question: string; answer: string}
type Experience = {fromPrice: number; faqs: Faq[]}
type Settings = {minPax: number; maxPax: number; blackoutDates?: string[]}

const publishButton = (page: Page) => page.getByTestId('action-publish')
const numberInput = (page: Page, field: string) =>
  page.getByTestId(`field-${field}`).locator('input')

/** The Cape Town calendar date `days` from now, as the lake stores dates (yyyy-MM-dd). */
function capeTownDate(days: number): string {
  // en-CA formats as yyyy-MM-dd; the business (and the blackout rule) runs on Cape Town time.
  return new Intl.DateTimeFormat('en-CA', {timeZone: 'Africa/Johannesburg'}).format(
    new Date(Date.now() + days * 24 * 60 * 60 * 1000),
  )
}

/** The same date as the blackout date input shows and reads it (`D MMM YYYY`, e.g. 3 Feb 2027). */
function asDateInputText(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`)
  const month = date.toLocaleString('en-GB', {month: 'short', timeZone: 'UTC'}).slice(0, 3)
  return `${date.getUTCDate()} ${month} ${date.getUTCFullYear()}`
}

/** Clicks a structure item until the pane it opens shows `next` (a click before the router is ready is lost). */
async function clickThrough(item: Locator, next: Locator) {
  await expect(async () => {
    await item.click({timeout: 2_000})
    await expect(next).toBeVisible({timeout: 3_000})
  }).toPass({timeout: 30_000})
}

const structureItem = (page: Page, name: string | RegExp) => page.getByRole('link', {name}).first()

/** Walks the structure as an editor does: Experiences, the experience, then one of its two items. */
async function openFromStructure(page: Page, item: 'Experience page' | 'Booking settings') {
  // Sign in with the link `npm start` printed; it leads to the studio.
  await page.goto(studioSignInLink())
  await expect(page).toHaveURL(/\/studio\/content\/structure/)
  const experience = structureItem(page, /Lion’s Head Sunset Hike/)
  await clickThrough(structureItem(page, 'Experiences'), experience)
  await clickThrough(experience, structureItem(page, item))
  await structureItem(page, item).click()
}

/** Publishes the open document once the studio has saved the draft and validated it. */
async function publish(page: Page, lake: SanityClient, id: string) {
  await expect(publishButton(page)).toBeEnabled({timeout: 30_000})
  // A click that only closes an open popover (the date picker) is lost, and the button is also disabled while
  // the studio syncs the draft; so click until the lake says it took: publishing removes the draft.
  await expect(async () => {
    if (await publishButton(page).isEnabled()) await publishButton(page).click({timeout: 2_000})
    await expect.poll(() => lake.getDocument(`drafts.${id}`), {timeout: 3_000}).toBeUndefined()
  }).toPass({timeout: 30_000})
}

async function fillNumber(input: Locator, value: number) {
  await input.fill(String(value))
  await expect(input).toHaveValue(String(value))
}

test('an editor changes the price, an FAQ and a blackout date, and the published perspective shows them', async ({
  page,
  lake,
}) => {
  test.slow()
  const published = lakeClient({perspective: 'published', token: false})
  // Start from the published documents: drop drafts an interrupted earlier run may have left behind.
  await lake
    .transaction()
    .delete(`drafts.${EXPERIENCE_ID}`)
    .delete(`drafts.${SETTINGS_ID}`)
    .commit()
  const experience = await lake.getDocument<Experience>(EXPERIENCE_ID)
  const settings = await lake.getDocument<Settings>(SETTINGS_ID)
  if (!experience || !settings)
    throw new Error('The seeded Lion’s Head experience and its settings are missing')

  // New values derived from what is there now, so the test runs again on the same lake.
  const newPrice = experience.fromPrice + 10
  const faq = experience.faqs[0]
  if (!faq) throw new Error('The seeded Lion’s Head experience has no FAQs')
  const newAnswer = `${faq.answer.replace(/ \(Checked .*\)$/, '')} (Checked ${new Date().toISOString()})`
  let offset = 60
  while (settings.blackoutDates?.includes(capeTownDate(offset))) offset++
  const blackoutDate = capeTownDate(offset)

  // The experience page: price and one FAQ answer.
  await openFromStructure(page, 'Experience page')
  await expect(page.getByTestId('document-pane')).toBeVisible()
  await fillNumber(numberInput(page, 'fromPrice'), newPrice)

  await page.getByRole('tab', {name: 'FAQs'}).click()
  await page
    .getByRole('button', {name: new RegExp(faq.question.replace(/[?.*+()]/g, '\\$&'))})
    .first()
    .click()
  const faqDialog = page.getByRole('dialog').filter({has: page.getByTestId(/\.answer$/)})
  const answer = faqDialog.getByTestId(/\.answer$/).locator('textarea')
  await answer.fill(newAnswer)
  await expect(answer).toHaveValue(newAnswer)
  await expect
    .poll(
      async () =>
        (await lake.getDocument<Experience>(`drafts.${EXPERIENCE_ID}`))?.faqs?.[0]?.answer,
      {timeout: 30_000},
    )
    .toBe(newAnswer)
  await page.keyboard.press('Escape')
  await publish(page, lake, EXPERIENCE_ID)
  await expect
    .poll(async () => (await published.getDocument<Experience>(EXPERIENCE_ID))?.fromPrice, {
      timeout: 10_000,
    })
    .toBe(newPrice)

  // Its booking settings, beside it in the structure: one more blackout date.
  await openFromStructure(page, 'Booking settings')
  await page
    .getByRole('link', {name: /Booking settings: Lion’s Head Sunset Hike/})
    .first()
    .click()
  await expect(page.getByTestId('document-pane')).toBeVisible()
  const blackouts = page.getByTestId('field-blackoutDates')
  // Wait until the form shows the dates already published, then for the new row: until it renders,
  // the last input is an existing date, which must stay.
  const dateInputs = blackouts.getByRole('textbox')
  const rowsBefore = settings.blackoutDates?.length ?? 0
  await expect(dateInputs).toHaveCount(rowsBefore)
  await blackouts.getByRole('button', {name: /Add item/}).click()
  await expect(dateInputs).toHaveCount(rowsBefore + 1)
  const newDateInput = dateInputs.last()
  await newDateInput.fill(asDateInputText(blackoutDate))
  await newDateInput.press('Enter')
  await page.keyboard.press('Escape')
  await expect
    .poll(async () => (await lake.getDocument<Settings>(`drafts.${SETTINGS_ID}`))?.blackoutDates, {
      timeout: 30_000,
    })
    .toContain(blackoutDate)
  await publish(page, lake, SETTINGS_ID)
  await expect
    .poll(async () => (await published.getDocument<Settings>(SETTINGS_ID))?.blackoutDates, {
      timeout: 10_000,
    })
    .toContain(blackoutDate)

  // All three changes are published, and nothing else was lost on the way.
  const publishedExperience = await published.getDocument<Experience>(EXPERIENCE_ID)
  expect(publishedExperience?.fromPrice).toBe(newPrice)
  expect(publishedExperience?.faqs.find((item) => item._key === faq._key)?.answer).toBe(newAnswer)
  expect(publishedExperience?.faqs).toHaveLength(experience.faqs.length)
  expect((await published.getDocument<Settings>(SETTINGS_ID))?.blackoutDates).toEqual([
    ...(settings.blackoutDates ?? []),
    blackoutDate,
  ])

  // A rule stops publishing: more people at minimum than at maximum.
  const minPax = numberInput(page, 'minPax')
  await fillNumber(minPax, settings.maxPax + 1)
  // The studio renders the message for the field's validation status (read on hover), so it is attached, not
  // necessarily visible.
  await expect(
    page
      .getByText(
        `Maximum group size (${settings.maxPax}) cannot be smaller than the minimum (${settings.maxPax + 1}).`,
      )
      .first(),
  ).toBeAttached({timeout: 30_000})
  await expect(publishButton(page)).toBeDisabled()
  // Undo: the published settings never saw the bad value.
  await fillNumber(minPax, settings.minPax)
  await expect(publishButton(page)).toBeEnabled({timeout: 30_000})
  expect((await published.getDocument<Settings>(SETTINGS_ID))?.minPax).toBe(settings.minPax)
})

import fs from 'node:fs'
import path from 'node:path'

import {reviewDocumentId, reviewLinkUrl, reviewLockId} from '../../../functions/lib/review-link.ts'
import {REVIEW_CONSENT_MESSAGE} from '../../../schemas/src/reviews.ts'
import {addDays, todayInCapeTown} from '../../../schemas/src/iso-date.ts'
import {env, expect, lakeClient, test} from '../fixtures.ts'

/**
 * The review form for a traveller whose browser runs no script: the server sends the form, which posts to the page;
 * the page says what is wrong with what was typed kept (nothing stored), or thanks them, and the review waits as a
 * draft for the editors.
 */
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`
const content = () => lakeClient()
const bookings = () => lakeClient({dataset: 'bookings'})

/** The stack sets no REQUEST_LINK_SECRET, so the functions derive it from the lake's write token (functions/lib/env.ts). */
function linkSecret(): string {
  const {writeToken} = JSON.parse(
    fs.readFileSync(path.join(env.dataDir, 'secrets.json'), 'utf8'),
  ) as {writeToken: string}
  return `request-link:${writeToken}`
}

const trip = {
  _id: `e2e-review-plain-${run}`,
  _type: 'booking',
  booking_ref: `CTE-P${run.toUpperCase()}`,
  status: 'confirmed',
  created_at: new Date(Date.now() - 9 * 86_400_000).toISOString(),
  experience_id: 'sunset-cruise',
  experience_title: 'Sunset Cruise',
  date: addDays(todayInCapeTown(), -3),
  preferred_time: '',
  pax_adults: 2,
  pax_children: 0,
  pax_total: 2,
  name: `Lindiwe Plain ${run}`,
  email: `plain.review.${run}@example.com`,
}
const reviewId = () => reviewDocumentId(linkSecret(), trip._id)

test.beforeAll(async () => {
  await bookings().createOrReplace(trip, {visibility: 'sync'})
})

test.afterAll(async () => {
  await content().delete(`drafts.${reviewId()}`)
  await content().delete(reviewLockId(reviewId()))
  await bookings().delete({query: '*[_id match $prefix]', params: {prefix: `${trip._id}*`}})
})

test('without scripts, the review form posts to its page, which keeps a refused review and stores a good one', async ({
  browser,
}) => {
  const link = reviewLinkUrl(env.siteUrl, linkSecret(), trip, new Date())
  const text = `The skipper found us a pod of dolphins on the way back to the quay (${run}).`
  const context = await browser.newContext({javaScriptEnabled: false})
  try {
    const page = await context.newPage()
    await page.goto(link)
    await expect(page.getByRole('heading', {name: 'Review your trip', level: 1})).toBeVisible()
    await page.getByRole('radio', {name: /5 stars/}).check()
    await page.getByRole('textbox', {name: 'Your review', exact: true}).fill(text)

    // No consent: the API's words, the review as typed, nothing stored.
    const refused = page.waitForResponse((r) => r.request().method() === 'POST')
    await page.getByRole('button', {name: 'Send my review'}).click()
    expect((await refused).status()).toBe(400)
    await expect(page.getByRole('alert')).toContainText(REVIEW_CONSENT_MESSAGE)
    await expect(page.getByRole('textbox', {name: 'Your review', exact: true})).toHaveValue(text)
    await expect(page.getByRole('radio', {name: /5 stars/})).toBeChecked()
    expect(await content().getDocument(`drafts.${reviewId()}`)).toBeUndefined()

    await page.getByRole('checkbox', {name: /I agree/}).check()
    const sent = page.waitForResponse((r) => r.request().method() === 'POST')
    await page.getByRole('button', {name: 'Send my review'}).click()
    expect((await sent).status()).toBe(201)
    await expect(page.getByRole('heading', {name: 'Thank you for your review'})).toBeVisible()
    expect(await content().getDocument(`drafts.${reviewId()}`)).toMatchObject({
      rating: 5,
      text,
    })
  } finally {
    await context.close()
  }
})

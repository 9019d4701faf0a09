import fs from 'node:fs'
import path from 'node:path'

import type {Page, Request} from '@playwright/test'

import {addDays, todayInCapeTown} from '../../../schemas/src/iso-date.ts'
import {PRIVACY_REQUEST_SENT_MESSAGE} from '../../../schemas/src/privacy-requests.ts'
import {reviewDocumentId, reviewLinkUrl} from '../../../functions/lib/review-link.ts'
import {bookingDoc, runToken, seed} from '../admin/admin-helpers.ts'
import {quietDate} from '../booking/quiet-date.ts'
import {env, lakeClient} from '../fixtures.ts'
import {mailsTo} from '../mail.ts'
import {expect, holdScripts, isHydrated, openAtFirstPaint, test} from './slow-phone.ts'

// The newer traveller forms on the throttled phone, each filled and sent (with an impatient double tap) the moment
// it is on screen: the privacy request and the review form are in the server's HTML and are sent before the page
// has hydrated; the waitlist form appears only once the availability answer says the date is full, so it is sent
// while its schema and the code that posts it are still on their way. Each is taken once: one record, one mail,
// and nothing the page's Content-Security-Policy refuses.

const token = runToken()
const bookings = lakeClient({dataset: 'bookings'})
const content = lakeClient()
const WAITLIST_SLUG = 'cape-point-penguins'

/** The functions derive the link secret from the lake's write token (functions/lib/env.ts). */
const linkSecret = () =>
  `request-link:${(JSON.parse(fs.readFileSync(path.join(env.dataDir, 'secrets.json'), 'utf8')) as {writeToken: string}).writeToken}`

/** The POSTs the page makes to `pathname`, counted as they leave. */
function postsTo(page: Page, pathname: string | RegExp) {
  const sent: Request[] = []
  page.on('request', (request) => {
    const {pathname: to} = new URL(request.url())
    if (
      request.method() === 'POST' &&
      (typeof pathname === 'string' ? to === pathname : pathname.test(to))
    )
      sent.push(request)
  })
  return sent
}

/**
 * What the page's Content-Security-Policy refused from here on: a form's sending must need nothing it forbids (zod's
 * probe for `eval`, caught by zod, is still reported and refused).
 */
async function policyViolations(page: Page) {
  const refused: string[] = []
  await page.exposeFunction('__refused', (what: string) => refused.push(what))
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as {__refused: (what: string) => void}).__refused(
        `${event.violatedDirective} refused ${event.blockedURI || 'inline'}`,
      ),
    ),
  )
  return refused
}

/** A second tap at once, before the page has hydrated; the taps are shown as taken. */
async function doubleTapBeforeHydration(page: Page, button: ReturnType<Page['getByRole']>) {
  await button.click()
  await button.click()
  expect(await isHydrated(page), 'the taps came before hydration').toBe(false)
  await expect(button).toHaveAttribute('aria-busy', 'true')
}

const pastTrip = bookingDoc(token, {
  experience_id: 'lions-head-sunset-hike',
  experience_title: 'Lion’s Head Sunset Hike',
  date: addDays(todayInCapeTown(), -3),
  preferred_time: '',
  status: 'confirmed',
  name: `Ayanda ${token} Nkosi`,
})
const fullDeparture = bookingDoc(token, {
  experience_id: WAITLIST_SLUG,
  experience_title: 'Cape Point & Penguins',
  preferred_time: '',
  pax_adults: 8,
  pax_children: 0,
  pax_total: 8,
  status: 'confirmed',
})
const privacyEmail = `early.privacy.${token}@example.org`
const waitlister = {name: `Early ${token}`, email: `early.waitlist.${token}@example.com`}

test.beforeAll(async () => {
  fullDeparture.date = await quietDate(WAITLIST_SLUG)
  await seed(bookings, [pastTrip, fullDeparture])
})

test.afterAll(async () => {
  const reviewId = reviewDocumentId(linkSecret(), pastTrip._id)
  await content.delete({
    query: '*[_id in [$draft, $lock]]',
    params: {draft: `drafts.${reviewId}`, lock: `submitted.${reviewId}`},
  })
  await bookings.delete({
    query:
      '*[_id match $prefix || (_type in ["waitlistEntry", "privacyRequest"] && email match $email)]',
    params: {prefix: `e2e-admin-${token}-*`, email: `*${token}*`},
  })
})

test('a privacy request filled and double-tapped at first paint is taken once: one request, one confirmation mail', async ({
  page,
}) => {
  const posts = postsTo(page, '/api/privacy-requests')
  const refused = await policyViolations(page)
  const release = await holdScripts(page)
  await openAtFirstPaint(page, '/privacy')
  const form = page.getByRole('form', {name: 'Ask about your information'})
  await form.getByLabel('Delete my information').check()
  await form.getByLabel('Your email address').fill(privacyEmail)
  await doubleTapBeforeHydration(page, form.getByRole('button', {name: 'Send my request'}))
  release()

  await expect(form.getByText(PRIVACY_REQUEST_SENT_MESSAGE)).toBeVisible()
  // The form is cleared for the next request, back to its first choice.
  await expect(form.getByLabel('Your email address')).toHaveValue('')
  await expect(form.getByLabel('A copy of my information')).toBeChecked()
  const stored = await bookings.fetch(
    '*[_type == "privacyRequest" && email == $email]{kind, status}',
    {
      email: privacyEmail,
    },
  )
  expect(stored).toEqual([{kind: 'erasure', status: 'unconfirmed'}])
  await expect.poll(async () => (await mailsTo(privacyEmail)).length, {timeout: 20_000}).toBe(1)
  expect((await mailsTo(privacyEmail))[0]!.subject).toBe(
    'Confirm your request about your information',
  )
  // Nothing more arrives a moment later.
  await page.waitForTimeout(2_000)
  expect(await mailsTo(privacyEmail)).toHaveLength(1)
  expect(posts).toHaveLength(1)
  expect(refused).toEqual([])
})

test('a review filled and double-tapped at first paint is stored once, as a draft for the editors', async ({
  page,
}) => {
  const words = `Our guide ${token} waited for the slowest of us and named every peak on the way up.`
  const link = reviewLinkUrl(env.siteUrl, linkSecret(), pastTrip, new Date())
  const posts = postsTo(page, /^\/api\/reviews\//)
  const refused = await policyViolations(page)
  const release = await holdScripts(page)
  await openAtFirstPaint(page, new URL(link).pathname)
  await page.getByRole('radio', {name: /^5 stars/}).check()
  await page.getByRole('textbox', {name: 'Your review', exact: true}).fill(words)
  await page.getByRole('checkbox', {name: /publish my review/}).check()
  await doubleTapBeforeHydration(page, page.getByRole('button', {name: 'Send my review'}))
  release()

  await expect(page.getByRole('heading', {name: 'Thank you for your review'})).toBeVisible()
  // A second review of the booking would have been refused: nothing said so.
  await expect(page.getByText(/already/)).toHaveCount(0)
  const reviewId = reviewDocumentId(linkSecret(), pastTrip._id)
  const stored = await content.fetch(
    '*[_type == "review" && _id in [$draft, $published]]{_id, rating, text, displayName}',
    {draft: `drafts.${reviewId}`, published: reviewId},
  )
  expect(stored).toEqual([
    {_id: `drafts.${reviewId}`, rating: 5, text: words, displayName: 'Ayanda N.'},
  ])
  expect(posts).toHaveLength(1)
  expect(refused).toEqual([])
})

test('the waitlist joined with a double tap the moment its form appears on a full date: one place in line, one mail', async ({
  page,
}) => {
  const date = fullDeparture.date
  const posts = postsTo(page, '/api/waitlist')
  const refused = await policyViolations(page)
  await openAtFirstPaint(page, `/book/${WAITLIST_SLUG}?date=${date}&pax=2,0`)
  const form = page.getByRole('form', {name: 'Join the waitlist for this date'})
  await form.getByRole('textbox', {name: /^Full name/}).fill(waitlister.name)
  await form.getByRole('textbox', {name: /^Email/}).fill(waitlister.email)
  await form.getByLabel(/the waitlist is not a booking/).check()
  await form.getByLabel(/I agree to the privacy policy/).check()
  // The schema and the posting code load on the first send: held, so the second tap comes while they load.
  const release = await holdScripts(page)
  // Its only button, whatever it says while busy.
  const join = form.getByRole('button')
  await expect(join).toHaveText('Join the waitlist')
  await join.click()
  // At once, whether or not the first tap has greyed the button out yet.
  await join.click({force: true})
  expect(posts, 'both taps came before anything was sent').toHaveLength(0)
  release()

  await expect(page.getByRole('heading', {name: 'You are on the waitlist'})).toBeVisible()
  await expect(page.getByText(`We have sent a confirmation to ${waitlister.email}`)).toBeVisible()
  const stored = await bookings.fetch(
    '*[_type == "waitlistEntry" && email == $email]{name, date, pax_adults, pax_children, state}',
    {email: waitlister.email},
  )
  expect(stored).toEqual([
    {name: waitlister.name, date, pax_adults: 2, pax_children: 0, state: 'waiting'},
  ])
  await expect.poll(async () => (await mailsTo(waitlister.email)).length, {timeout: 20_000}).toBe(1)
  expect((await mailsTo(waitlister.email))[0]!.subject).toMatch(/^You are on the waitlist: /)
  await page.waitForTimeout(2_000)
  expect(await mailsTo(waitlister.email)).toHaveLength(1)
  expect(posts).toHaveLength(1)
  expect(refused).toEqual([])
})

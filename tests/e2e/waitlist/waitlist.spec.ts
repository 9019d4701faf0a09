import fs from 'node:fs'
import path from 'node:path'

import type {Locator, Page} from '@playwright/test'

import type {AvailabilityAnswer} from '../../../schemas/src/availability-answer.ts'
import {formatDateInWords} from '../../../schemas/src/format-date.ts'
import {requestLinkToken} from '../../../functions/lib/request-link.ts'
import {bookingDoc, runToken, seed, unlock} from '../admin/admin-helpers.ts'
import {quietDate} from '../booking/quiet-date.ts'
import {env, expect, lakeClient, test, waitForHydration} from '../fixtures.ts'
import {runJobs} from '../jobs.ts'
import {mailsTo} from '../mail.ts'
import {watchPolicy} from '../site/watch-policy.ts'

/**
 * The waitlist of a full departure (docs/decisions/095-a-waitlist-per-departure.md), end to end on the running stack
 * and its SMTP sink: two travellers join from the booking step, a confirmed traveller cancels, the jobs runner
 * (`npm run jobs -- --as-of …`, the clock moved by hand) offers the places to the first, lets that hold lapse and
 * offers them to the second, who takes them from the mail's link: a booking request that keeps the places.
 */
const SLUG = 'cape-point-penguins'
const token = runToken()
const bookings = lakeClient({dataset: 'bookings'})
const screens = process.env.WAITLIST_SCREENS
const HOUR = 3_600_000

/** The functions derive the request-link secret from the lake's write token (functions/lib/env.ts). */
function linkSecret(): string {
  const {writeToken} = JSON.parse(
    fs.readFileSync(path.join(env.dataDir, 'secrets.json'), 'utf8'),
  ) as {
    writeToken: string
  }
  return `request-link:${writeToken}`
}


/** With WAITLIST_SCREENS set (a folder), each screen on a desktop and a phone, to read by eye. */
async function shoot(page: Page, name: string, part?: Locator) {
  if (!screens) return
  const size = page.viewportSize()!
  for (const [label, viewport] of [
    ['desktop', {width: 1280, height: 800}],
    ['phone', {width: 390, height: 844}],
  ] as const) {
    await page.setViewportSize(viewport)
    if (part) await part.screenshot({path: `${screens}/${name}-${label}.png`})
    else await page.screenshot({path: `${screens}/${name}-${label}.png`, fullPage: true})
  }
  await page.setViewportSize(size)
}

let date = ''
const six = bookingDoc(token, {
  experience_id: SLUG,
  experience_title: 'Cape Point & Penguins',
  preferred_time: '',
  pax_adults: 6,
  pax_children: 0,
  pax_total: 6,
  status: 'confirmed',
})
const two = bookingDoc(token, {
  experience_id: SLUG,
  experience_title: 'Cape Point & Penguins',
  preferred_time: '',
  pax_adults: 2,
  pax_children: 0,
  pax_total: 2,
  status: 'confirmed',
})
const first = {name: `First ${token}`, email: `first.${token}@example.com`}
const second = {name: `Second ${token}`, email: `second.${token}@example.com`}

test.beforeAll(async () => {
  date = await quietDate(SLUG)
  six.date = date
  two.date = date
  await seed(bookings, [six, two])
})

test.afterAll(async () => {
  await bookings.delete({
    query:
      '*[(_type in ["booking", "waitlistEntry"]) && (_id match $prefix || email match $email)]',
    params: {prefix: `e2e-admin-${token}-*`, email: `*${token}*`},
  })
})

async function joinWaitlist(page: Page, person: {name: string; email: string}) {
  await page.goto(`/book/${SLUG}`)
  await waitForHydration(page)
  await page.getByRole('textbox', {name: 'Date'}).fill(date)
  await expect(page.getByText('Fully booked on this date')).toBeVisible()
  const form = page.getByRole('form', {name: 'Join the waitlist for this date'})
  await expect(form).toBeVisible()
  await shoot(page, 'waitlist-form')
  await form.getByRole('textbox', {name: /^Full name/}).fill(person.name)
  await form.getByRole('textbox', {name: /^Email/}).fill(person.email)
  await form.getByLabel(/the waitlist is not a booking/).check()
  await form.getByLabel(/I agree to the privacy policy/).check()
  await form.getByRole('button', {name: 'Join the waitlist'}).click()
  await expect(page.getByRole('heading', {name: 'You are on the waitlist'})).toBeVisible()
  await expect(page.getByText(`We have sent a confirmation to ${person.email}`)).toBeVisible()
  await shoot(page, 'waitlist-joined', page.locator('.waitlist'))
  await expect.poll(async () => (await mailsTo(person.email)).length, {timeout: 20_000}).toBe(1)
  expect((await mailsTo(person.email))[0]!.subject).toBe(
    `You are on the waitlist: Cape Point & Penguins on ${formatDateInWords(date)}`,
  )
}

/** The site's name as its settings say now: every page, a private link's too, carries it in its header. */
const brand = () => lakeClient().fetch<string>('*[_id == "siteSettings"][0].siteName')

/** The page is the site's: its header with the brand, its footer and its stylesheet. */
async function expectSiteShell(page: Page) {
  await expect(
    page.getByRole('banner').getByRole('link', {name: await brand(), exact: true}),
  ).toBeVisible()
  await expect(page.getByRole('contentinfo')).toBeVisible()
  await expect(page.getByRole('main')).toBeVisible()
  // The site's stylesheet applies (a browser's own button is grey).
  const primary = page.locator('main .button--primary').first()
  await expect(primary).not.toHaveCSS('background-color', 'rgb(239, 239, 239)')
}

/** The link to leave the line, which every waitlist mail carries. */
const leaveLink = async (email: string) => {
  for (const mail of await mailsTo(email)) {
    const link = /http:\/\/[^\s]+\/waitlist\/leave\/[\w.-]+/.exec(mail.text)
    if (link) return link[0]
  }
  return null
}

const offerLink = async (email: string) => {
  const offer = (await mailsTo(email)).find((mail) => mail.subject.startsWith('Places for you'))
  return offer ? /http:\/\/[^\s]+\/waitlist\/offers\/[\w.-]+/.exec(offer.text)![0] : null
}

test('a full date’s waitlist: joined, offered on a cancellation, lapsed, offered to the next, booked', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  await joinWaitlist(page, first)
  const other = await browser.newPage()
  await joinWaitlist(other, second)
  // Joining twice is refused, and nothing more is stored.
  const again = await page.request.post('/api/waitlist', {
    headers: {origin: env.siteUrl},
    data: {
      experienceId: SLUG,
      date,
      preferredTime: '',
      adults: 2,
      children: 0,
      ...first,
      consentWaitlist: true,
      consentPrivacy: true,
    },
  })
  expect(again.status()).toBe(409)
  expect(
    await bookings.fetch('count(*[_type == "waitlistEntry" && email match $email])', {
      email: `*${token}*`,
    }),
  ).toBe(2)

  // Nothing is free yet: the job offers nothing.
  const idle = await runJobs(new Date())
  expect(idle.code, idle.output).toBe(0)
  expect(idle.output).toContain('Waitlist: 0 offered')

  // The traveller of the confirmed pair cancels from their request page.
  const link = requestLinkToken(linkSecret(), two._id, new Date(Date.now() + 30 * 86_400_000))
  await page.goto(`/requests/${link}`)
  await waitForHydration(page)
  await page.getByRole('button', {name: 'Cancel my booking'}).click()
  await page.getByRole('dialog').getByRole('button', {name: 'Yes, cancel it'}).click()
  await expect.poll(async () => (await bookings.getDocument(two._id))?.status).toBe('closed')

  // The runner offers the two places to the first in line, once, however many runs.
  const now = new Date()
  const [a, b] = await Promise.all([runJobs(now), runJobs(now)])
  expect(a.code, a.output).toBe(0)
  expect(b.code, b.output).toBe(0)
  await expect.poll(() => offerLink(first.email), {timeout: 20_000}).not.toBeNull()
  expect(await offerLink(second.email)).toBeNull()
  const firstOffer = (await offerLink(first.email))!

  // A GET (a mail scanner) takes nothing.
  const view = await page.request.get(firstOffer)
  expect(view.status()).toBe(200)
  expect(
    await bookings.fetch('count(*[_type == "booking" && email == $email])', {email: first.email}),
  ).toBe(0)

  // The first lets the hold lapse: a day and an hour later, the second is offered the places.
  const later = await runJobs(new Date(now.getTime() + 25 * HOUR))
  expect(later.code, later.output).toBe(0)
  expect(later.output).toContain('Waitlist: 1 offered, 1 holds lapsed')
  await expect.poll(() => offerLink(second.email), {timeout: 20_000}).not.toBeNull()
  const secondOffer = (await offerLink(second.email))!
  const offerMail = (await mailsTo(second.email)).find((mail) =>
    mail.subject.startsWith('Places for you'),
  )!
  expect(offerMail.subject).toBe(
    `Places for you: Cape Point & Penguins on ${formatDateInWords(date)}`,
  )
  expect(offerMail.text).toMatch(
    /We are holding them for you until \d{1,2} \w+ \d{4}, \d{2}:\d{2} SAST/,
  )
  expect(offerMail.text).toContain('/waitlist/leave/')

  // The lapsed offer's page says so, in the site's shell, and takes nothing; it hydrates with nothing refused.
  const violations = await watchPolicy(other)
  const lapsed = await other.goto(firstOffer)
  expect(lapsed?.status()).toBe(410)
  expect(lapsed?.headers()['cache-control']).toBe('private, no-store')
  expect(lapsed?.headers()['x-robots-tag']).toBe('noindex, nofollow')
  expect(lapsed?.headers()['referrer-policy']).toBe('same-origin')
  expect(lapsed?.headers()['content-security-policy']).toMatch(
    /script-src 'self'( 'sha256-[\w+/=]+')+;/,
  )
  await expect(other.getByRole('heading', {level: 1, name: 'This offer has ended'})).toBeVisible()
  await waitForHydration(other)
  await other.waitForLoadState('networkidle')
  expect(await violations()).toEqual([])
  await shoot(other, 'waitlist-offer-ended')
  // Behind the shared cache (Varnish, as a CDN would be) the page is never kept.
  const viaEdge = async (link: string) => {
    const response = await fetch(`${env.edgeUrl}${new URL(link).pathname}`)
    return {status: response.status, cache: response.headers.get('x-cache')}
  }
  await viaEdge(firstOffer)
  expect(await viaEdge(firstOffer)).toEqual({status: 410, cache: 'MISS'})

  // The second opens the offer without JavaScript, and takes it in one click.
  const plain = await browser.newContext({javaScriptEnabled: false})
  const traveller = await plain.newPage()
  const offered = await traveller.goto(secondOffer)
  expect(offered?.status()).toBe(200)
  expect(offered?.headers()['cache-control']).toBe('private, no-store')
  await expect(
    traveller.getByRole('heading', {level: 1, name: 'Places are free for you'}),
  ).toBeVisible()
  await expect(traveller.getByText(formatDateInWords(date))).toBeVisible()
  await expectSiteShell(traveller)
  await shoot(traveller, 'waitlist-offer')
  await traveller.getByRole('button', {name: 'Ask for these places'}).click()
  await expect(traveller).toHaveURL(/\/requests\//)
  await expect(traveller.getByText('Cape Point & Penguins').first()).toBeVisible()
  await plain.close()

  // One booking request, marked as from the waitlist, with its acknowledgement; its places stay counted.
  const made = await bookings.fetch<{status: string; pax_total: number; booking_ref: string}[]>(
    '*[_type == "booking" && email == $email]{status, pax_total, booking_ref, waitlist_entry}',
    {email: second.email},
  )
  expect(made).toHaveLength(1)
  expect(made[0]).toMatchObject({status: 'new', pax_total: 2})
  await expect
    .poll(
      async () =>
        (await mailsTo(second.email)).some((mail) => mail.text.includes(made[0]!.booking_ref)),
      {timeout: 20_000},
    )
    .toBe(true)
  const availability = await page.request.get(
    `/api/availability?experience=${SLUG}&from=${date}&to=${date}`,
  )
  const answer = (await availability.json()) as AvailabilityAnswer
  expect(answer.departures.find((load) => load.date === date)?.taken).toBe(8)
  // The date is still full in the booking step.
  await page.goto(`/book/${SLUG}`)
  await waitForHydration(page)
  await page.getByRole('textbox', {name: 'Date'}).fill(date)
  await expect(page.getByText('Fully booked on this date')).toBeVisible()

  // Staff see the line on the departure's manifest.
  await unlock(page)
  await page.getByRole('button', {name: 'Departures'}).click()
  await page.getByLabel('From', {exact: true}).fill(date)
  await page.getByLabel('To', {exact: true}).fill(date)
  const manifest = page.getByRole('article').filter({hasText: 'Cape Point'})
  const panel = manifest.getByRole('region', {name: 'Waitlist (2)'})
  await expect(panel).toBeVisible()
  await expect(panel.getByRole('row', {name: new RegExp(first.name)})).toContainText('Offer lapsed')
  await expect(panel.getByRole('row', {name: new RegExp(second.name)})).toContainText(
    `Took the offer: ${made[0]!.booking_ref}`,
  )
  await shoot(page, 'waitlist-panel', manifest)

  // The first leaves the line from their mail's link: the page reads without JavaScript; then gone.
  const firstLeave = (await leaveLink(first.email))!
  const noScript = await browser.newContext({javaScriptEnabled: false})
  const leaving = await noScript.newPage()
  expect((await leaving.goto(firstLeave))?.status()).toBe(200)
  await expect(leaving.getByRole('heading', {level: 1, name: 'Leave the waitlist?'})).toBeVisible()
  await expect(leaving.getByText(formatDateInWords(date))).toBeVisible()
  await expect(
    leaving.getByRole('banner').getByRole('link', {name: await brand(), exact: true}),
  ).toBeVisible()
  await shoot(leaving, 'waitlist-leave')
  // The button, here with JavaScript: the same plain post, and the page that answers it hydrates cleanly.
  const errors: string[] = []
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  page.on('pageerror', (error) => errors.push(String(error)))
  await page.goto(firstLeave)
  await page.getByRole('button', {name: 'Leave the waitlist'}).click()
  await expect(
    page.getByRole('heading', {level: 1, name: 'You have left the waitlist'}),
  ).toBeVisible()
  await waitForHydration(page)
  await expect(
    page.getByRole('banner').getByRole('link', {name: await brand(), exact: true}),
  ).toBeVisible()
  await shoot(page, 'waitlist-left')
  expect(errors).toEqual([])
  expect(
    await bookings.fetch('count(*[_type == "waitlistEntry" && email == $email])', {
      email: first.email,
    }),
  ).toBe(0)
  // The link again: the traveller is not on the line any more.
  expect((await leaving.goto(firstLeave))?.status()).toBe(404)
  await expect(
    leaving.getByRole('heading', {level: 1, name: 'You are not on this waitlist'}),
  ).toBeVisible()
  await noScript.close()
})

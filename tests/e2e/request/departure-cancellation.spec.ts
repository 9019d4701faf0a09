import fs from 'node:fs'
import path from 'node:path'

import {expect, type Page} from '@playwright/test'
import ICAL from 'ical.js'

import {requestLinkToken} from '../../../functions/lib/request-link.ts'
import {
  formatDateInWords,
  formatLongDate,
  formatShortDate,
} from '../../../schemas/src/format-date.ts'
import {addDays, todayInCapeTown} from '../../../schemas/src/iso-date.ts'
import {unlock} from '../admin/admin-helpers.ts'
import {env, lakeClient, test, waitForHydration} from '../fixtures.ts'
import {mailsTo, type ReceivedMail} from '../mail.ts'

/**
 * A departure cancelled for the wind, end to end on the real stack and the real SMTP listener: staff cancel the
 * Sunset Cruise from the departures view (reason, two dates with their places, the mail's preview, one send);
 * three travellers get the mail with the calendar's cancellation; one moves to the date with two places left
 * (the departures view then shows them on it), one accepts the cancellation, and the third, coming later to a
 * page that still offered the full date, is refused by name and moves to the other. Calendar parts are read by
 * ical.js: the same UID throughout, SEQUENCE + 1 on the move.
 */
const bookings = () => lakeClient({dataset: 'bookings'})
const today = todayInCapeTown()
// Inside the 90 days the dialog offers, and away from the dates other specs book on the cruise.
const CANCELLED = addDays(today, 61)
const TIGHT = addDays(today, 62)
const ROOMY = addDays(today, 63)
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`
const shots = path.resolve(import.meta.dirname, '../../../test-results/departure-cancellation')
const REASON = 'A gale-force south-easter: the harbour is closed to small boats.'

function linkSecret(): string {
  const {writeToken} = JSON.parse(
    fs.readFileSync(path.join(env.dataDir, 'secrets.json'), 'utf8'),
  ) as {
    writeToken: string
  }
  return `request-link:${writeToken}`
}

function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics))
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!)
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toString(),
  }
}

async function travellerMails(email: string, count: number): Promise<ReceivedMail[]> {
  await expect.poll(async () => (await mailsTo(email)).length, {timeout: 20_000}).toBe(count)
  return (await mailsTo(email)).sort((a, b) => a.index - b.index)
}

const traveller = (n: number) => ({
  _id: `e2e-weather-${run}-${n}`,
  _type: 'booking',
  booking_ref: `CTE-W${run.toUpperCase()}${n}`,
  status: 'confirmed',
  created_at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  experience_id: 'sunset-cruise',
  experience_title: 'Sunset Cruise',
  date: CANCELLED,
  preferred_time: 'Sunset',
  pax_adults: 2,
  pax_children: 0,
  pax_total: 2,
  name: `Traveller ${n} Weather ${run}`,
  email: `weather.${run}.${n}@example.com`,
  status_history: [
    {
      _key: 'created',
      _type: 'statusChange',
      status: 'new',
      at: new Date().toISOString(),
      by: 'website',
    },
    {
      _key: 'conf',
      _type: 'statusChange',
      status: 'confirmed',
      at: new Date().toISOString(),
      by: 'Sipho',
    },
  ],
})

const choiceButton = (page: Page, date: string) =>
  page.getByRole('button', {name: `Move to ${formatDateInWords(date)}, Sunset`})

test('a departure cancelled for the wind: three mails, a move, an acceptance and a full date refused by name', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000)
  const lake = bookings()
  // A rerun on the same stack starts from the same dates: earlier runs' departures and bookings on them go.
  await lake.delete({
    query: '*[_type == "departure" && experience_id == "sunset-cruise" && date in $dates]',
    params: {dates: [CANCELLED, TIGHT, ROOMY]},
  })
  await lake.delete({query: '*[_type == "booking" && _id match "e2e-weather-*"]'})
  const travellers = [traveller(1), traveller(2), traveller(3)]
  // The boat takes 30: 28 already on the tight date leave two places, exactly one group's.
  const crowd = {
    ...traveller(9),
    date: TIGHT,
    pax_adults: 28,
    pax_total: 28,
    name: `Crowd ${run}`,
    email: `crowd.${run}@example.com`,
  }
  const tx = lake.transaction()
  for (const doc of [...travellers, crowd]) tx.createOrReplace(doc)
  await tx.commit({visibility: 'sync'})
  const tokens = travellers.map((t) =>
    requestLinkToken(linkSecret(), t._id, new Date(Date.now() + 120 * 86_400_000)),
  )

  // Staff cancel it from the departures view.
  await unlock(page)
  await page.getByRole('button', {name: 'Departures'}).click()
  await page.getByLabel('From', {exact: true}).fill(CANCELLED)
  await page.getByLabel('To', {exact: true}).fill(ROOMY)
  const manifest = page.getByRole('article', {
    name: `Sunset Cruise, ${formatShortDate(CANCELLED)}, Any time`,
  })
  // One count, its parts labelled (issue 42): six confirmed, none held for the waitlist.
  await expect(manifest).toContainText('Confirmed6')
  await manifest.getByRole('button', {name: /Cancel departure/}).click()
  const dialog = page.getByRole('dialog', {
    name: `Cancel Sunset Cruise on ${formatLongDate(CANCELLED)}`,
  })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', {name: 'Preview the mail'}).click()
  await expect(dialog.getByRole('alert')).toHaveText(
    'Say why the departure is cancelled: the travellers read it.',
  )
  await dialog.getByLabel('Reason (the travellers read it)').fill(REASON)
  await dialog.getByRole('checkbox', {name: `${formatDateInWords(TIGHT)} (2 places left)`}).check()
  await dialog.getByRole('checkbox', {name: `${formatDateInWords(ROOMY)} (30 places left)`}).check()
  // The cancelled date itself is never offered.
  await expect(
    dialog.getByRole('checkbox', {name: new RegExp(formatDateInWords(CANCELLED))}),
  ).toHaveCount(0)
  await dialog.getByRole('button', {name: 'Preview the mail'}).click()
  await expect(
    dialog.getByRole('heading', {name: 'The mail, as 3 travellers get it'}),
  ).toBeVisible()
  await expect(dialog).toContainText(
    `Subject: Cancelled: Sunset Cruise on ${formatDateInWords(CANCELLED)}`,
  )
  await expect(dialog.locator('pre')).toContainText(REASON)
  await expect(dialog.locator('pre')).toContainText(`- ${formatDateInWords(TIGHT)}`)
  await dialog.locator('pre').scrollIntoViewIfNeeded()
  await page.screenshot({path: `${shots}/dialog-desktop.png`})
  await page.setViewportSize({width: 390, height: 844})
  await dialog.locator('pre').scrollIntoViewIfNeeded()
  await page.screenshot({path: `${shots}/dialog-phone.png`})
  await dialog
    .getByRole('checkbox', {name: new RegExp(formatDateInWords(TIGHT))})
    .scrollIntoViewIfNeeded()
  await page.screenshot({path: `${shots}/dialog-phone-dates.png`})
  await page.setViewportSize({width: 1280, height: 720})
  await dialog.getByRole('button', {name: 'Cancel the departure and mail 3 travellers'}).click()
  await expect(dialog).toBeHidden()
  // It stays in the view, as cancelled by us, with who has answered (issue 42): nobody yet.
  await expect(manifest.getByRole('heading')).toContainText('Cancelled by us')
  await expect(manifest).toContainText(REASON)
  await expect(manifest.getByRole('row', {name: /Has not answered/})).toHaveCount(3)
  await expect(manifest.getByRole('button', {name: /Cancel departure/})).toHaveCount(0)

  // Three mails, each with the calendar's cancellation of the event it had.
  const uids: string[] = []
  for (const t of travellers) {
    const [mail] = await travellerMails(t.email, 1)
    expect(mail!.subject).toBe(`Cancelled: Sunset Cruise on ${formatDateInWords(CANCELLED)}`)
    expect(mail!.text).toContain(REASON)
    expect(mail!.text).toContain(`- ${formatDateInWords(ROOMY)}`)
    expect(mail!.calendarType).toMatch(/method=CANCEL/i)
    const cancel = parse(mail!.calendar)
    expect(cancel).toMatchObject({method: 'CANCEL', sequence: 1})
    expect(cancel.uid).toMatch(new RegExp(`^booking-${t._id}@`))
    uids.push(cancel.uid)
  }

  // The date is closed to new bookings.
  const availability = await request.get(
    `/api/availability?experience=sunset-cruise&from=${CANCELLED}&to=${ROOMY}`,
  )
  expect(((await availability.json()) as {cancelled?: string[]}).cancelled).toEqual([CANCELLED])

  // The third traveller opens their page now and comes back to it later.
  const phone = await browser.newContext({
    viewport: {width: 390, height: 844},
    isMobile: true,
    hasTouch: true,
    baseURL: env.siteUrl,
    ignoreHTTPSErrors: true,
  })
  const third = await phone.newPage()
  await third.goto(`/requests/${tokens[2]}`)
  await waitForHydration(third)
  await expect(third.getByRole('heading', {name: 'Your departure is cancelled'})).toBeVisible()
  // Its own state and words, not "Closed" above the dates to choose from.
  await expect(third.getByTestId('request-status')).toHaveText('Cancelled by us: choose a new date')
  await expect(
    third.getByRole('region', {name: 'Your departure is cancelled'}).getByText(REASON),
  ).toBeVisible()
  await expect(choiceButton(third, TIGHT)).toBeVisible()
  await third.screenshot({path: `${shots}/choice-phone.png`, fullPage: true})

  // The first moves to the tight date with one click, without JavaScript.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: env.siteUrl,
    ignoreHTTPSErrors: true,
  })
  const first = await noScript.newPage()
  await first.goto(`/requests/${tokens[0]}`)
  await first.screenshot({path: `${shots}/choice-desktop.png`, fullPage: true})
  await choiceButton(first, TIGHT).click()
  await expect(first.getByText(`Your booking is now on ${formatDateInWords(TIGHT)}.`)).toBeVisible()
  await expect(first.getByRole('heading', {name: 'Your departure is cancelled'})).toHaveCount(0)
  const [, moved] = await travellerMails(travellers[0]!.email, 2)
  expect(moved!.subject).toBe(`Confirmed: Sunset Cruise on ${formatDateInWords(TIGHT)}`)
  expect(parse(moved!.calendar)).toEqual({
    method: 'REQUEST',
    uid: uids[0],
    sequence: 2,
    start: `${TIGHT}T18:30:00`,
  })
  const file = await request.get(`/requests/${tokens[0]}/calendar.ics`)
  expect(parse(await file.text())).toMatchObject({method: 'PUBLISH', uid: uids[0], sequence: 2})

  // Its places are taken: the departures view shows them on the tight date, full.
  await page.reload()
  await page.getByRole('button', {name: 'Departures'}).click()
  await page.getByLabel('From', {exact: true}).fill(CANCELLED)
  await page.getByLabel('To', {exact: true}).fill(ROOMY)
  const tight = page.getByRole('article', {
    name: `Sunset Cruise, ${formatShortDate(TIGHT)}, Any time`,
  })
  await expect(tight).toContainText('Confirmed30')
  await expect(tight).toContainText('Left0')
  await expect(tight.getByRole('row', {name: new RegExp(travellers[0]!.name)})).toBeVisible()

  // The second accepts the cancellation.
  const second = await noScript.newPage()
  await second.goto(`/requests/${tokens[1]}`)
  await second.getByRole('button', {name: 'Accept the cancellation'}).click()
  await expect(second.getByText('Your booking is cancelled.')).toBeVisible()
  const cancelled = await request.get(`/requests/${tokens[1]}/calendar.ics`)
  expect(parse(await cancelled.text())).toMatchObject({method: 'PUBLISH', uid: uids[1], sequence: 1})
  // Nothing more to mail: the cancellation went with the team's mail.
  expect(await mailsTo(travellers[1]!.email)).toHaveLength(1)

  // The third, later, on the page that still offered the tight date: refused by name, offered the other.
  await choiceButton(third, TIGHT).click()
  await expect(
    third.getByText(
      `${formatDateInWords(TIGHT)} has just filled up. Please choose one of the other dates, or accept the cancellation.`,
    ),
  ).toBeVisible()
  await expect(choiceButton(third, TIGHT)).toHaveCount(0)
  await expect(
    third.getByText(`No places left now on ${formatDateInWords(TIGHT)}, Sunset.`),
  ).toBeVisible()
  await third.screenshot({path: `${shots}/refused-phone.png`, fullPage: true})
  await choiceButton(third, ROOMY).click()
  await expect(third.getByText(`Your booking is now on ${formatDateInWords(ROOMY)}.`)).toBeVisible()
  const [, thirdMoved] = await travellerMails(travellers[2]!.email, 2)
  expect(parse(thirdMoved!.calendar)).toMatchObject({method: 'REQUEST', uid: uids[2], sequence: 2})

  // The cancelled departure, in the departures view: who moved (and where), who accepted.
  await page.reload()
  await page.getByRole('button', {name: 'Departures'}).click()
  await page.getByLabel('From', {exact: true}).fill(CANCELLED)
  await page.getByLabel('To', {exact: true}).fill(ROOMY)
  const answered = page.getByRole('article', {
    name: `Sunset Cruise, ${formatShortDate(CANCELLED)}, Any time: Cancelled by us`,
  })
  await expect(answered.getByRole('row', {name: new RegExp(travellers[0]!.name)})).toContainText(
    `Moved to ${formatShortDate(TIGHT)}`,
  )
  await expect(answered.getByRole('row', {name: new RegExp(travellers[1]!.name)})).toContainText(
    'Accepted the cancellation',
  )
  await expect(answered.getByRole('row', {name: new RegExp(travellers[2]!.name)})).toContainText(
    `Moved to ${formatShortDate(ROOMY)}`,
  )
  await answered.scrollIntoViewIfNeeded()
  await page.screenshot({path: `${shots}/departures-cancelled-desktop.png`})
  await page.setViewportSize({width: 390, height: 844})
  await answered.scrollIntoViewIfNeeded()
  await page.screenshot({path: `${shots}/departures-cancelled-phone.png`})
  await page.setViewportSize({width: 1280, height: 720})

  // The history names who cancelled and why.
  const history = await lake.fetch<{action?: string; by?: string; message?: string}[]>(
    '*[_id == $id][0].status_history',
    {id: travellers[1]!._id},
  )
  expect(history.find((entry) => entry.action === 'cancel-departure')).toMatchObject({
    by: 'Owner Tester',
    message: REASON,
  })
  await phone.close()
  await noScript.close()
})

import fs from 'node:fs'
import path from 'node:path'

import {expect} from '@playwright/test'
import ICAL from 'ical.js'

import {requestLinkToken} from '../../../functions/lib/request-link.ts'
import {formatDateInWords} from '../../../schemas/src/format-date.ts'
import {addDays, todayInCapeTown} from '../../../schemas/src/iso-date.ts'
import {env, lakeClient, test} from '../fixtures.ts'
import {mailsTo, type ReceivedMail} from '../mail.ts'

/**
 * The trip in the traveller's calendar, end to end on the real stack and the real SMTP listener: staff confirm
 * (an invitation), the traveller moves to another date (the same event, a higher SEQUENCE), staff decline (a
 * cancellation); the request page's own `.ics` follows each step. Every file is read by ical.js.
 */
const bookings = () => lakeClient({dataset: 'bookings'})
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`
const today = todayInCapeTown()
const firstDate = addDays(today, 170)
const movedDate = addDays(today, 171)
const origin = {origin: env.siteUrl}

function linkSecret(): string {
  const {writeToken} = JSON.parse(fs.readFileSync(path.join(env.dataDir, 'secrets.json'), 'utf8')) as {
    writeToken: string
  }
  return `request-link:${writeToken}`
}

function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics))
  for (const zone of calendar.getAllSubcomponents('vtimezone'))
    ICAL.TimezoneService.register(new ICAL.Timezone(zone))
  const events = calendar.getAllSubcomponents('vevent')
  expect(events).toHaveLength(1)
  const event = new ICAL.Event(events[0]!)
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toString(),
    startUtc: event.startDate.toJSDate().toISOString(),
    zone: events[0]!.getFirstProperty('dtstart')!.getParameter('tzid'),
    location: event.location,
    status: events[0]!.getFirstPropertyValue('status'),
  }
}

/** The traveller's mails, oldest first, once `count` have arrived. */
async function travellerMails(email: string, count: number): Promise<ReceivedMail[]> {
  await expect.poll(async () => (await mailsTo(email)).length, {timeout: 20_000}).toBe(count)
  return (await mailsTo(email)).sort((a, b) => a.index - b.index)
}

const revision = async (id: string) =>
  (await bookings().fetch<{_rev: string}>('*[_id == $id][0]{_rev}', {id}))._rev

test('a confirmed trip goes into the calendar, moves with its date and is cancelled with the booking', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const id = `e2e-calendar-${run}`
  const email = `calendar.${run}@example.com`
  await bookings().createOrReplace(
    {
      _id: id,
      _type: 'booking',
      booking_ref: `CTE-C${run.toUpperCase()}`,
      status: 'new',
      created_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      experience_id: 'sunset-cruise',
      experience_title: 'Sunset Cruise',
      date: firstDate,
      preferred_time: '',
      pax_adults: 2,
      pax_children: 0,
      pax_total: 2,
      name: `Lindiwe Calendar ${run}`,
      email,
      status_history: [
        {_key: 'created', _type: 'statusChange', status: 'new', at: new Date().toISOString(), by: 'website'},
      ],
    },
    {visibility: 'sync'},
  )
  const token = requestLinkToken(linkSecret(), id, new Date(Date.now() + 30 * 86_400_000))
  const calendarFile = async () => {
    const response = await request.get(`/requests/${token}/calendar.ics`)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toMatch(/^text\/calendar/)
    expect(response.headers()['cache-control']).toBe('private, no-store')
    return parse(await response.text())
  }

  // Not confirmed yet: no calendar file, and the page offers none.
  expect((await request.get(`/requests/${token}/calendar.ics`)).status()).toBe(409)

  // Staff confirm through the staff API.
  expect(
    (await request.post('/api/staff/session', {data: {password: env.adminPassword}, headers: origin})).status(),
  ).toBe(200)
  const confirm = await request.post(`/api/staff/bookings/${id}/decision`, {
    data: {decision: 'confirm', revision: await revision(id)},
    headers: origin,
  })
  expect(confirm.status()).toBe(200)
  const [confirmation] = await travellerMails(email, 1)
  expect(confirmation!.subject).toBe(`Confirmed: Sunset Cruise on ${formatDateInWords(firstDate)}`)
  expect(confirmation!.text).toContain(`Starts: ${formatDateInWords(firstDate)}, 18:30 SAST`)
  expect(confirmation!.text).toContain('Meeting point: Quay 5 ticket kiosk, V&A Waterfront, Cape Town')
  expect(confirmation!.calendarType).toMatch(/text\/calendar.*method=REQUEST/i)
  const invitation = parse(confirmation!.calendar)
  expect(invitation).toMatchObject({
    method: 'REQUEST',
    sequence: 0,
    start: `${firstDate}T18:30:00`,
    zone: 'Africa/Johannesburg',
    status: 'CONFIRMED',
  })
  // 18:30 in Cape Town is 16:30 UTC.
  expect(invitation.startUtc).toBe(`${firstDate}T16:30:00.000Z`)
  expect(invitation.location).toContain('Quay 5 ticket kiosk')
  expect(await calendarFile()).toEqual({...invitation, method: 'PUBLISH'})

  // The page offers the same file and Google's form.
  await page.goto(`/requests/${token}`)
  const add = page.getByRole('region', {name: 'Add to calendar'})
  await expect(add.getByRole('link', {name: 'Download the calendar file (.ics)'})).toHaveAttribute(
    'href',
    `/requests/${token}/calendar.ics`,
  )
  await expect(add.getByRole('link', {name: /Add to Google Calendar/})).toHaveAttribute(
    'href',
    new RegExp(`dates=${firstDate.replaceAll('-', '')}T183000%2F`),
  )

  // The team proposes another date; the traveller takes it on their page: the same event, moved.
  await bookings()
    .patch(id)
    .set({status: 'contacted'})
    .append('status_history', [
      {
        _key: 'move',
        _type: 'statusChange',
        status: 'contacted',
        at: new Date().toISOString(),
        by: 'staff',
        action: 'propose',
        message: 'The wind is up that evening; the next day is calm.',
        options: [{_key: 'next-day', date: movedDate, preferred_time: ''}],
      },
    ])
    .commit({visibility: 'sync'})
  await page.goto(`/requests/${token}`)
  await page
    .getByRole('group', {name: 'Choose a date'})
    .getByRole('radio', {name: formatDateInWords(movedDate)})
    .check()
  await page.getByRole('button', {name: 'Accept this date'}).click()
  await expect(page.getByTestId('request-status')).toHaveText('Confirmed')
  const [, moved] = await travellerMails(email, 2)
  const update = parse(moved!.calendar)
  expect(update).toMatchObject({
    method: 'REQUEST',
    uid: invitation.uid,
    sequence: 1,
    start: `${movedDate}T18:30:00`,
  })
  expect(await calendarFile()).toEqual({...update, method: 'PUBLISH'})

  // Staff decline the trip: the invitation is cancelled.
  const decline = await request.post(`/api/staff/bookings/${id}/decision`, {
    data: {decision: 'decline', revision: await revision(id), reason: 'The boat is out of service.'},
    headers: origin,
  })
  expect(decline.status()).toBe(200)
  const [, , cancelled] = await travellerMails(email, 3)
  expect(cancelled!.calendarType).toMatch(/method=CANCEL/i)
  const cancellation = parse(cancelled!.calendar)
  expect(cancellation).toMatchObject({
    method: 'CANCEL',
    uid: invitation.uid,
    sequence: 2,
    status: 'CANCELLED',
  })
  expect(await calendarFile()).toMatchObject({
    method: 'PUBLISH',
    uid: invitation.uid,
    sequence: 2,
    status: 'CANCELLED',
  })
})

import {afterEach, beforeEach, describe, expect, it} from 'vitest'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {checkReviewLink} from '../lib/review-link.ts'
import {jobServer} from '../lib/testing/job-server.ts'
import {storedBooking} from '../lib/testing/stored-booking.ts'
import {startSmtpListener} from '../lib/testing/smtp-listener.ts'
import {sendReviewRequests} from './handler.ts'

const SECRET = 'r'.repeat(32)
let lake: TestLake
const closers: (() => Promise<void>)[] = []

beforeEach(async () => {
  lake = await startTestLake()
  const content = lake.client({token: lake.secrets.writeToken})
  await content.createOrReplace(
    {
      _id: 'siteSettings',
      _type: 'siteSettings',
      siteName: 'Cape Curated',
      reviewRequestDaysAfter: 1,
    },
    {visibility: 'sync'},
  )
  const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
  const booking = (id: string, status: string, date: string) =>
    storedBooking(id, {name: `Thandi ${id}`, email: `${id}@example.com`}, date, {
      status,
      booking_ref: `CTX-${id.toUpperCase()}`,
      experience_id: 'sunset-cruise',
      experience_title: 'Sunset Cruise',
    })
  await bookings
    .transaction()
    .createOrReplace(booking('done', 'confirmed', '2026-11-24'))
    .createOrReplace(booking('declined', 'declined', '2026-11-24'))
    .createOrReplace(booking('withdrawn', 'closed', '2026-11-24'))
    .createOrReplace(booking('today', 'confirmed', '2026-11-25'))
    .createOrReplace(booking('ancient', 'confirmed', '2026-09-01'))
    .createOrReplace({...booking('draft', 'confirmed', '2026-11-24'), _id: 'drafts.done'})
    .commit({visibility: 'sync'})
})
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
  await lake.stop()
})

/** A site server's job (lib/testing/job-server.ts) with what this job needs besides. */
const server = (smtpUrl: string, name: string) => ({
  ...jobServer(lake, smtpUrl, name),
  siteUrl: 'https://capecurated.example',
  secret: SECRET,
})

// The trip on 24 November: its request is due from 25 November 08:00 SAST (06:00 UTC).
describe('review requests after the trip', () => {
  it('sends one per confirmed past trip, once, however many servers run the job however often', async () => {
    const smtp = await startSmtpListener()
    closers.push(smtp.close)
    const early = await sendReviewRequests(server(smtp.url, 'a'), new Date('2026-11-25T05:59:00Z'))
    expect(early.due).toBe(0)
    const asOf = new Date('2026-11-25T07:00:00Z')
    const servers = [server(smtp.url, 'a'), server(smtp.url, 'b'), server(smtp.url, 'c')]
    await Promise.all(servers.map((deps) => sendReviewRequests(deps, asOf)))
    await Promise.all(servers.map((deps) => sendReviewRequests(deps, asOf)))
    const restarted = server(smtp.url, 'd')
    await sendReviewRequests(restarted, new Date('2026-11-25T09:00:00Z'))
    await restarted.outbox.flush()

    expect(smtp.received.map((mail) => mail.to)).toEqual([['done@example.com']])
    const raw = smtp.received[0]!.raw.replace(/=\r?\n/g, '')
    expect(raw).toContain('Subject: How was Sunset Cruise?')
    expect(raw).toContain('Tuesday 24 November 2026')
    const token = /https:\/\/capecurated\.example\/reviews\/([\w.-]+)/.exec(raw)?.[1]
    const check = checkReviewLink(SECRET, token ?? '', asOf)
    expect(check).toMatchObject({ok: true, bookingId: 'done'})
  })

  it('asks only the travellers who came: never a no-show, nor someone not checked in where the guide checked in', async () => {
    const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
    const booking = (id: string, experience: string, attendance?: string) =>
      storedBooking(id, {name: `Sipho ${id}`, email: `${id}@example.com`}, '2026-11-24', {
        status: 'confirmed',
        booking_ref: `CTX-${id.toUpperCase()}`,
        experience_id: experience,
        experience_title: experience,
        ...(attendance
          ? {attendance: {state: attendance, at: '2026-11-24T07:00:00Z', by: 'Pat Guide'}}
          : {}),
      })
    await bookings
      .transaction()
      .createOrReplace(booking('came', 'table-mountain', 'came'))
      .createOrReplace(booking('noshow', 'table-mountain', 'no-show'))
      .createOrReplace(booking('unchecked', 'table-mountain'))
      .commit({visibility: 'sync'})
    const smtp = await startSmtpListener()
    closers.push(smtp.close)
    const deps = server(smtp.url, 'a')
    await sendReviewRequests(deps, new Date('2026-11-25T07:00:00Z'))
    await deps.outbox.flush()
    // The sunset cruise's traveller ("done") is asked: nobody recorded attendance on that departure.
    expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual([
      'came@example.com',
      'done@example.com',
    ])
  })

  it('waits for the delay editors set in site settings', async () => {
    const smtp = await startSmtpListener()
    closers.push(smtp.close)
    const content = lake.client({token: lake.secrets.writeToken})
    await content
      .patch('siteSettings')
      .set({reviewRequestDaysAfter: 3})
      .commit({visibility: 'sync'})
    expect(
      (await sendReviewRequests(server(smtp.url, 'a'), new Date('2026-11-26T12:00:00Z'))).due,
    ).toBe(0)
    expect(
      (await sendReviewRequests(server(smtp.url, 'a'), new Date('2026-11-27T08:00:00Z'))).due,
    ).toBe(1)
  })
})

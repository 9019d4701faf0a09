import path from 'node:path'

import type {FunctionContext} from '@sanity/functions'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

// The handler's client reaches the lake at `local.localhost`, as hosted functions reach `<project>.api.sanity.io`.
import '../../lake/src/sanity-cli/resolve-localhost.ts'
import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'

import {OUTBOX_MAIL_TYPE, outboxMailId, type OutboxMailDocument} from '../lib/mailer.ts'
import {checkRequestLink} from '../lib/request-link.ts'
import {freePort} from '../lib/testing/free-port.ts'
import {startSmtpListener} from '../lib/testing/smtp-listener.ts'
import {handler} from './index.ts'

/**
 * Issue 16: mails as a Sanity Function. The handler is called directly with Sanity's event shape, and through the
 * lake, which delivers the events `sanity.blueprint.ts` declares to it as hosted Sanity does; either way each mail
 * arrives once on a real SMTP listener, also when SMTP was down at first.
 */
const blueprint = path.resolve(import.meta.dirname, '../../sanity.blueprint.ts')
const smtpPort = await freePort()
process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`
process.env.MAIL_FROM = 'Cape Curated <bookings@example.com>'
process.env.TEAM_EMAIL = 'team@example.com'
process.env.SITE_URL = 'https://site.example'
// As on a local lake: the link's key derives from the token the function is given, as the site's from its own.
delete process.env.REQUEST_LINK_SECRET

const booking = (id: string) => ({
  _id: id,
  _type: 'booking',
  booking_ref: `CTE-${id.slice(-6).toUpperCase()}`,
  experience_id: 'lions-head',
  experience_title: "Lion's Head Sunset Hike",
  date: '2030-03-14',
  pax_adults: 2,
  pax_children: 0,
  pax_total: 2,
  name: 'Thandi Nkosi',
  email: `${id}@example.com`,
  status: 'new',
  created_at: new Date().toISOString(),
})

const subjects = (received: {raw: string}[], about: string) =>
  received
    .filter((mail) => mail.raw.includes(about))
    // Long headers are folded onto the next line; a subject is read whole.
    .map((mail) => /^Subject: (.*)$/m.exec(mail.raw.replace(/\r?\n[ \t]+/g, ' '))![1])

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('the send-booking-notifications handler, called as Sanity calls it', () => {
  let lake: TestLake
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>
  beforeAll(async () => {
    lake = await startTestLake()
    smtp = await startSmtpListener(smtpPort)
  })
  afterAll(async () => {
    await smtp.close()
    await lake.stop()
  })
  /** The context hosted Sanity hands a document function of the `bookings` dataset. */
  const sanityContext = () =>
    ({
      clientOptions: {
        apiHost: lake.url.replace('127.0.0.1', 'localhost'),
        projectId: 'local',
        dataset: 'bookings',
        token: lake.secrets.writeToken,
      },
      eventResourceType: 'dataset',
      eventResourceId: 'local.bookings',
      functionResourceType: 'project',
      functionResourceId: 'local',
    }) as FunctionContext

  it('queues and sends a booking’s two mails, and a second delivery of the event sends nothing', async () => {
    const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
    const stored = booking('booking-direct1')
    await bookings.create(stored)
    const context = sanityContext()
    const stale = await bookings.fetch('*[_id == $id][0]', {id: stored._id})
    await handler({context, event: {data: stale}})
    await handler({context, event: {data: stale}})
    expect(subjects(smtp.received, 'booking-direct1@example.com').sort()).toEqual([
      "New booking request CTE-IRECT1: Lion's Head Sunset Hike, Thursday 14 March 2030",
      "We have your request CTE-IRECT1: Lion's Head Sunset Hike",
    ])
  })

  it('fills the template and the sender that editors published in the content dataset, with a link the site accepts', async () => {
    const editor = lake.client({token: lake.secrets.rootToken})
    await editor
      .transaction()
      .createOrReplace({
        _id: 'siteSettings',
        _type: 'siteSettings',
        siteName: 'Cape Curated',
        email: 'hello@capecurated.example',
        mailSignature: 'Warm wishes from Cape Town',
      })
      .createOrReplace({
        _id: 'mailTemplate-acknowledgement',
        _type: 'mailTemplate',
        kind: 'acknowledgement',
        subject: 'Got it: {reference}',
        body: 'See you on {date}.\n\n{requestLink}',
      })
      .commit()
    // A warm instance reads the content at most every two seconds: the previous test's read has expired by now.
    await new Promise((resolve) => setTimeout(resolve, 2_100))
    const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
    const stored = booking('booking-direct2')
    await bookings.create(stored)
    await handler({context: sanityContext(), event: {data: stored}})
    const mail = await bookings.getDocument<OutboxMailDocument>(
      outboxMailId('booking-direct2-traveller'),
    )
    expect(mail).toMatchObject({
      status: 'sent',
      from: '"Cape Curated" <hello@capecurated.example>',
      subject: 'Got it: CTE-IRECT2',
    })
    const [, token] =
      /^See you on Thursday 14 March 2030\.\n\nhttps:\/\/site\.example\/requests\/(\S+)\n\nWarm wishes from Cape Town\n$/.exec(
        mail!.text,
      )!
    expect(
      checkRequestLink(`request-link:${lake.secrets.writeToken}`, token!, new Date()),
    ).toMatchObject({ok: true, bookingId: 'booking-direct2'})
    const received = smtp.received.find((m) => m.to.includes('booking-direct2@example.com'))!
    expect(received.from).toBe('hello@capecurated.example')
    expect(received.raw).toMatch(/^Message-ID:\s+<booking-direct2-traveller@capecurated\.example>/m)
    await editor
      .transaction()
      .delete('siteSettings')
      .delete('mailTemplate-acknowledgement')
      .commit()
  })

  it('does nothing for a document that sends no mail', async () => {
    const before = smtp.received.length
    const context = sanityContext()
    await handler({context, event: {data: {_id: 'note-1', _type: 'note'}}})
    expect(smtp.received.length).toBe(before)
  })
})

describe('the lake delivering sanity.blueprint.ts’s events to the handler', () => {
  let lake: TestLake
  let smtp: Awaited<ReturnType<typeof startSmtpListener>> | undefined
  beforeAll(async () => {
    lake = await startTestLake({blueprint, functionRetryMs: 200})
  })
  afterAll(async () => {
    await smtp?.close()
    await lake.stop()
  })

  it('sends the mails of a booking, a trip request and a sign-up once each, SMTP down at first', async () => {
    const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
    // Stored as a site server in `MAIL_SENDER=function` mode stores them: the documents only.
    await bookings.create(booking('booking-event1'))
    await bookings.create({
      _id: 'itinerary-event1',
      _type: 'itineraryRequest',
      request_ref: 'TRIP-EVENT1',
      source: 'questionnaire',
      name: 'Sipho Dlamini',
      email: 'itinerary-event1@example.com',
      status: 'new',
      created_at: new Date().toISOString(),
    })
    await bookings.create({
      _id: 'newsletter-event1',
      _type: 'newsletterSignup',
      email: 'newsletter-event1@example.com',
      name: 'Lerato',
      consent: true,
      consented_at: new Date().toISOString(),
    })
    const outboxMails = () =>
      bookings.fetch<OutboxMailDocument[]>(`*[_type == $type && about match "*event1"]`, {
        type: OUTBOX_MAIL_TYPE,
      })
    // SMTP is down: the function has queued the mails, failed, and will be called again.
    await until(async () => (await outboxMails()).filter((mail) => mail.attempts > 0).length === 4)
    expect(
      (await outboxMails()).every((mail) => mail.status === 'pending' && mail.last_error),
    ).toBe(true)

    smtp = await startSmtpListener(smtpPort)
    await until(() => smtp!.received.length >= 4, 30_000)
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(smtp.received).toHaveLength(4)
    expect(subjects(smtp.received, 'booking-event1@example.com')).toHaveLength(2)
    expect(subjects(smtp.received, 'TRIP-EVENT1')).toEqual([
      'New itinerary request TRIP-EVENT1 from Sipho Dlamini',
    ])
    expect(subjects(smtp.received, 'newsletter-event1@example.com')).toEqual([
      'New newsletter sign-up: newsletter-event1@example.com',
    ])
    expect(smtp.received.every((mail) => mail.from === 'bookings@example.com')).toBe(true)
    expect((await outboxMails()).map((mail) => mail.status)).toEqual([
      'sent',
      'sent',
      'sent',
      'sent',
    ])
  })
})

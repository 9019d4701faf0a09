import path from 'node:path'

import type {FunctionContext} from '@sanity/functions'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

// The handler's client reaches the lake at `local.localhost`, as hosted functions reach `<project>.api.sanity.io`.
import '../../lake/src/sanity-cli/resolve-localhost.ts'
import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'

import {createMailBudget, WITHHELD_FOR_RECIPIENT} from '../lib/mail-budget.ts'
import {mailContentLoader} from '../lib/mail-content.ts'
import {
  createOutbox,
  OUTBOX_MAIL_TYPE,
  outboxMailId,
  smtpTransport,
  type OutboxMailDocument,
} from '../lib/mailer.ts'
import {checkRequestLink} from '../lib/request-link.ts'
import {freePort} from '../lib/testing/free-port.ts'
import {startSmtpListener} from '../lib/testing/smtp-listener.ts'
import {sweepBookingNotifications} from './handler.ts'
import {handler} from './index.ts'

/**
 * Mails as a Sanity Function. The handler is called directly with Sanity's event shape, and through the
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

  it('counts the acknowledgement in the site servers’ counters: a fourth in the hour is withheld, a repeated event counts once', async () => {
    const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
    const context = sanityContext()
    const traveller = async (id: string) => {
      const mail = await bookings.getDocument<OutboxMailDocument>(outboxMailId(`${id}-traveller`))
      return [mail?.status, mail?.last_error ?? '']
    }
    for (const n of [1, 2, 3, 4]) {
      const stored = {
        ...booking(`booking-limit${n}`),
        email: n % 2 ? 'limit@example.com' : 'Limit+trip@example.com',
      }
      await bookings.create(stored)
      await handler({context, event: {data: stored}})
      // Delivered again, as hosted Sanity may: the same mail, counted once.
      if (n === 1) await handler({context, event: {data: stored}})
    }
    expect(await Promise.all([1, 2, 3, 4].map((n) => traveller(`booking-limit${n}`)))).toEqual([
      ['sent', ''],
      ['sent', ''],
      ['sent', ''],
      ['failed', WITHHELD_FOR_RECIPIENT],
    ])
    // A site server, with the key the site and the function both derive from the lake's token, sees it full too.
    const siteServer = createMailBudget({
      bookings,
      secret: `request-link:${lake.secrets.writeToken}`,
    })
    expect(await siteServer.take('limit@example.com')).toBe(WITHHELD_FOR_RECIPIENT)

    // A booking whose event never reached the function: a server's sweep queues its mails, the acknowledgement
    // counted the same way.
    const missed = {...booking('booking-limit5'), email: 'limit@example.com'}
    await bookings.create(missed)
    const outbox = createOutbox({
      bookings,
      transport: smtpTransport(process.env.SMTP_URL!),
      from: 'bookings@example.com',
    })
    await sweepBookingNotifications(
      {since: new Date(Date.now() - 3_600_000).toISOString()},
      {
        bookings,
        outbox,
        teamEmail: 'team@example.com',
        mailContent: mailContentLoader(lake.client({perspective: 'published'})),
        siteUrl: 'https://site.example',
        requestLinkSecret: `request-link:${lake.secrets.writeToken}`,
        unconfirmedMail: siteServer,
      },
    )
    expect(await traveller('booking-limit5')).toEqual(['failed', WITHHELD_FOR_RECIPIENT])
    await outbox.flush()
    expect(
      (await bookings.getDocument<OutboxMailDocument>(outboxMailId('booking-limit5-team')))?.status,
    ).toBe('sent')
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

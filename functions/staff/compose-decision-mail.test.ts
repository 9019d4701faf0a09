/**
 * Decisions taken in the studio leave an outbox document waiting to be composed, because a browser
 * cannot sign the traveller's link. On the real lake and a real SMTP listener: two servers' outboxes racing
 * compose it once and send it once, with the editors' template and a link that checks; one whose booking is gone
 * ends failed with a clear error, and nothing is sent.
 */
import type {SanityClient} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {defaultMailTemplate} from '@repo/schemas/mail-templates.ts'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {
  createOutbox,
  NOTHING_TO_COMPOSE_ERROR,
  outboxMailId,
  smtpTransport,
  type OutboxMailDocument,
} from '../lib/mailer.ts'
import {loadMailContent} from '../lib/mail-content.ts'
import {checkRequestLink} from '../lib/request-link.ts'
import {startSmtpListener} from '../lib/testing/smtp-listener.ts'
import {decisionMailComposer} from './compose-decision-mail.ts'

const NOW = new Date('2030-01-01T10:00:00Z')
const SECRET = 'a-request-link-secret-for-compose-tests'
const REASON = 'The trail is closed for a race that weekend.'
const SUBJECT = 'Sorry, {reference} cannot go ahead'

let lake: TestLake
let smtp: Awaited<ReturnType<typeof startSmtpListener>>

const bookings = () => lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})

/** What the studio's Decline stores: the booking's new status and entry, and the mail to compose. */
function declinedInStudio(id: string, key: string) {
  const mailId = `${id}-decline-${key}`
  const at = NOW.toISOString()
  return {
    mailId,
    booking: {
      _id: id,
      _type: 'booking',
      booking_ref: `CTE-${id.toUpperCase()}`,
      status: 'declined',
      experience_id: 'lions-head-sunset-hike',
      experience_title: 'Lion’s Head Sunset Hike',
      date: '2030-02-03',
      preferred_time: 'Sunset',
      pax_adults: 2,
      pax_children: 0,
      pax_total: 2,
      name: 'Thandi Mokoena',
      email: `${id}@example.com`,
      status_history: [
        {_key: 'k0', _type: 'statusChange', status: 'new', at, by: 'website'},
        {
          _key: key,
          _type: 'statusChange',
          status: 'declined',
          at,
          by: 'Ayanda (studio)',
          action: 'decline',
          message: REASON,
          mail_id: mailId,
        },
      ],
    },
    mail: {
      _id: outboxMailId(mailId),
      _type: 'outboxMail',
      mail_id: mailId,
      about: id,
      status: 'compose',
      attempts: 0,
      queued_at: at,
      next_attempt_at: at,
    },
  }
}

/**
 * The bookings client of a server that reads slowly: every server reads the mails to compose before any of them
 * writes, as over a real network, so only the claim keeps them from composing the same mail.
 */
function slowReader(client: SanityClient): SanityClient {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'fetch')
        return async (query: string, ...rest: unknown[]) => {
          const result = await (target.fetch as (...args: unknown[]) => Promise<unknown>)(
            query,
            ...rest,
          )
          if (query.includes('status == "compose"')) await new Promise((r) => setTimeout(r, 100))
          return result
        }
      const value = Reflect.get(target, property, receiver)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

function serverOutbox(name: string, composed: string[], errors: unknown[]) {
  const compose = decisionMailComposer({
    bookings: bookings(),
    mailContent: () => loadMailContent(lake.client({perspective: 'published'})),
    links: {siteUrl: 'https://site.test', secret: SECRET, now: () => NOW},
  })
  return createOutbox({
    bookings: slowReader(bookings()),
    transport: smtpTransport(smtp.url),
    from: 'fallback@example.com',
    server: name,
    now: () => NOW.getTime(),
    onError: (error) => errors.push(error),
    compose: async (doc: OutboxMailDocument) => {
      composed.push(`${name}:${doc.mail_id}`)
      return compose(doc)
    },
  })
}

beforeAll(async () => {
  lake = await startTestLake()
  smtp = await startSmtpListener()
  await lake
    .client({token: lake.secrets.rootToken})
    .transaction()
    .createOrReplace({
      _id: 'siteSettings',
      _type: 'siteSettings',
      siteName: 'Cape Curated',
      mailFromName: 'Cape Curated',
      mailFromAddress: 'hello@capecurated.example',
    })
    // The editors' own decline template: the mail must be theirs, as from the staff API.
    .createOrReplace({
      _id: 'mailTemplate-decline',
      _type: 'mailTemplate',
      kind: 'decline',
      subject: SUBJECT,
      body: `${defaultMailTemplate('decline').body}\n\nEditors' line for declines.`,
    })
    .commit()
}, 30_000)

afterAll(async () => {
  await smtp?.close()
  await lake?.stop()
})

describe('composing a decision’s mail on a server', () => {
  it('two servers racing compose it once, then it is sent once with the template and a signed link', async () => {
    const {booking, mail, mailId} = declinedInStudio('s1', 'a1b2c3d4e5f6')
    await bookings().transaction().createOrReplace(booking).createOrReplace(mail).commit()
    const composed: string[] = []
    const errors: unknown[] = []
    const one = serverOutbox('one', composed, errors)
    const two = serverOutbox('two', composed, errors)

    await Promise.all([one.flush(), two.flush()])
    await Promise.all([one.flush(), two.flush()])

    expect(errors).toEqual([])
    expect(composed).toHaveLength(1)
    const stored = await bookings().getDocument(outboxMailId(mailId))
    expect(stored).toMatchObject({
      status: 'sent',
      attempts: 1,
      to: 's1@example.com',
      from: '"Cape Curated" <hello@capecurated.example>',
      subject: 'Sorry, CTE-S1 cannot go ahead',
    })
    expect(stored!.text).toContain(REASON)
    expect(stored!.text).toContain("Editors' line for declines.")
    expect(stored!.text).toContain('Sunday 3 February 2030')
    expect(stored!.text).not.toMatch(/[{}]/)
    const link = /https:\/\/site\.test\/requests\/(\S+)/.exec(stored!.text)![1]!
    expect(checkRequestLink(SECRET, link, NOW)).toMatchObject({ok: true, bookingId: 's1'})

    const received = smtp.received.filter((item) => item.to.includes('s1@example.com'))
    expect(received).toHaveLength(1)
    expect(received[0]!.from).toBe('hello@capecurated.example')
    expect(received[0]!.raw).toContain('Subject: Sorry, CTE-S1 cannot go ahead')
    expect(received[0]!.raw).toContain(`Message-ID: <${mailId}@capecurated.example>`)
  })

  it('a mail whose booking, or decision, is gone ends failed with a clear error, and nothing is sent', async () => {
    const gone = declinedInStudio('gone', 'f0f0f0f0f0f0')
    const forgotten = declinedInStudio('forgotten', '0a0a0a0a0a0a')
    await bookings()
      .transaction()
      .createOrReplace(gone.mail)
      // The booking is there, but its history no longer has the decision.
      .createOrReplace({
        ...forgotten.booking,
        status_history: forgotten.booking.status_history.slice(0, 1),
      })
      .createOrReplace(forgotten.mail)
      .commit()
    const composed: string[] = []
    const errors: unknown[] = []
    const before = smtp.received.length

    expect(await serverOutbox('one', composed, errors).flush()).toMatchObject({sent: 0})

    for (const {mailId} of [gone, forgotten]) {
      const stored = await bookings().getDocument(outboxMailId(mailId))
      expect(stored).toMatchObject({status: 'failed', last_error: NOTHING_TO_COMPOSE_ERROR})
      expect(stored!.text).toBeUndefined()
    }
    expect(composed.sort()).toEqual([`one:${forgotten.mailId}`, `one:${gone.mailId}`].sort())
    expect(errors.map(String)).toEqual(
      expect.arrayContaining([expect.stringContaining(gone.mailId)]),
    )
    expect(smtp.received.length).toBe(before)
  })
})

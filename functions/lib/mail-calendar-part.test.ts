import ICAL from 'ical.js'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {bookingCalendar} from './booking-calendar.ts'
import {createOutbox, OUTBOX_MAIL_TYPE, smtpTransport, type OutboxMailDocument} from './mailer.ts'
import {startSmtpListener} from './testing/smtp-listener.ts'

let lake: TestLake
const closers: (() => Promise<void>)[] = []
const bookings = () => lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})

beforeEach(async () => {
  lake = await startTestLake()
})
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
  await lake.stop()
})

/** The `text/calendar` parts of a raw message, decoded: what a mail client hands to the calendar. */
function calendarParts(raw: string): {contentType: string; body: string}[] {
  const parts: {contentType: string; body: string}[] = []
  for (const chunk of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const split = /\r?\n\r?\n/.exec(chunk)
    if (!split) continue
    const head = chunk.slice(0, split.index).replace(/\r?\n[ \t]+/g, ' ')
    const contentType = /^content-type:\s*(.+)$/im.exec(head)?.[1] ?? ''
    if (!/^text\/calendar/i.test(contentType)) continue
    const encoding = /^content-transfer-encoding:\s*(.+)$/im.exec(head)?.[1]?.trim().toLowerCase()
    const body = chunk.slice(split.index + split[0].length).replace(/\r?\n--[^\r\n]*--\s*$/, '')
    parts.push({
      contentType,
      body:
        encoding === 'base64'
          ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
          : encoding === 'quoted-printable'
            ? body
                .replace(/=\r?\n/g, '')
                .replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
                  String.fromCharCode(parseInt(hex, 16)),
                )
            : body,
    })
  }
  return parts
}

describe('a mail’s calendar part through the outbox', () => {
  it('is stored with the queued mail and arrives over SMTP as a text/calendar part a parser reads', async () => {
    const smtp = await startSmtpListener()
    closers.push(smtp.close)
    const ics = bookingCalendar(
      {
        _id: 'booking-1',
        booking_ref: 'CTX-ICS001',
        experience_title: 'Sunset Cruise',
        date: '2026-11-28',
        email: 'guest@example.com',
      },
      {
        method: 'REQUEST',
        stamp: '2026-11-20T08:00:00Z',
        trip: {
          startTime: '18:30',
          meetingPoint: {name: 'Quay 5 ticket kiosk', address: 'V&A Waterfront'},
        },
        organizer: {name: 'Cape Curated', email: 'hello@capecurated.example'},
        siteUrl: 'https://capecurated.example',
        requestLink: 'https://capecurated.example/requests/x',
      },
    )!
    const outbox = createOutbox({
      bookings: bookings(),
      transport: smtpTransport(smtp.url),
      from: 'Bookings <bookings@example.com>',
      onError: (error) => {
        throw error
      },
    })
    await outbox.enqueue(
      'booking-1-confirm-k1',
      {
        to: 'guest@example.com',
        subject: 'Confirmed',
        text: 'Hello',
        html: '<p>Hello</p>',
        calendar: {method: 'REQUEST', content: ics},
      },
      'booking-1',
    )
    await outbox.flush()
    const [stored] = await bookings().fetch<OutboxMailDocument[]>(`*[_type == $type]`, {
      type: OUTBOX_MAIL_TYPE,
    })
    expect(stored).toMatchObject({status: 'sent', calendar_method: 'REQUEST', calendar: ics})

    expect(smtp.received).toHaveLength(1)
    const parts = calendarParts(smtp.received[0]!.raw)
    expect(parts.length).toBeGreaterThanOrEqual(1)
    expect(parts[0]!.contentType).toMatch(/text\/calendar;.*method=REQUEST/i)
    const calendar = new ICAL.Component(ICAL.parse(parts[0]!.body))
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST')
    const events = calendar.getAllSubcomponents('vevent')
    expect(events).toHaveLength(1)
    expect(new ICAL.Event(events[0]!).uid).toBe('booking-booking-1@capecurated.example')
    // The text and HTML are still there for people.
    expect(smtp.received[0]!.raw).toMatch(/text\/plain/)
    expect(smtp.received[0]!.raw).toMatch(/text\/html/)
  })
})

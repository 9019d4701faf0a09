/**
 * The team's daily digest (docs/decisions/014-nothing-waits-unseen.md) on the real lake: once per working day
 * whichever servers try, listing the requests waiting too long; nothing when none wait, nothing at weekends or before
 * work starts.
 */
import type {SanityClient} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {loadMailContent} from '../lib/mail-content.ts'
import {createOutbox, OUTBOX_MAIL_TYPE, type MailTransport} from '../lib/mailer.ts'
import {createDailyDigest, digestId, TEAM_DIGEST_TYPE} from './daily-digest.ts'

/** A Cape Town wall-clock time as the instant it is (SAST is UTC+2). */
const sast = (local: string) => new Date(`${local.replace(' ', 'T')}:00+02:00`)
const TEAM = 'team@example.com'

let lake: TestLake
let bookings: SanityClient
let content: SanityClient

function booking(id: string, createdAt: string, fields: Record<string, unknown> = {}) {
  return {
    _id: id,
    _type: 'booking',
    booking_ref: id.toUpperCase(),
    status: 'new',
    created_at: sast(createdAt).toISOString(),
    experience_title: 'Lion’s Head Sunrise Hike',
    date: '2026-12-16',
    name: `Traveller ${id}`,
    email: `${id}@example.com`,
    ...fields,
  }
}

beforeAll(async () => {
  lake = await startTestLake()
  bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
  content = lake.client({perspective: 'published'})
  const tx = bookings.transaction()
  for (const doc of [
    // By Monday 23 November 08:00: 25 and 17 working hours.
    booking('ctx-wed', '2026-11-18 10:00'),
    booking('ctx-thu', '2026-11-19 09:00', {date: '2026-12-19', name: 'Thandi <b>Mokoena</b>'}),
    // Half an hour on Friday: not yet.
    booking('ctx-fri', '2026-11-20 16:30'),
    booking('ctx-answered', '2026-11-18 09:00', {status: 'contacted'}),
    // Its trip was on Saturday 21 November: past answering.
    booking('ctx-gone', '2026-11-17 09:00', {date: '2026-11-21'}),
    // A studio draft is not a request.
    booking('drafts.ctx-draft', '2026-11-16 09:00'),
  ])
    tx.create(doc)
  await tx.commit()
}, 30_000)

afterAll(async () => {
  await lake?.stop()
})

/**
 * Holds each `mutate` until `count` have arrived, as when servers on different machines check for today's digest
 * at the same moment: all of them find none and all of them try to commit it.
 */
function meetingAtCommit(client: SanityClient, count: number): SanityClient {
  let arrived = 0
  let release = () => {}
  const together = new Promise<void>((resolve) => (release = resolve))
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'mutate')
        return async (...args: unknown[]) => {
          if (++arrived === count) release()
          await together
          return (target.mutate as (...a: unknown[]) => Promise<unknown>)(...args)
        }
      const value = Reflect.get(target, property, receiver)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** One site server: its own outbox (its own transport) and its own digester. */
function server(now: Date, client = bookings) {
  const sent: {id: string; to: string; subject: string; text: string; html: string}[] = []
  const transport: MailTransport = {send: async (id, message) => void sent.push({id, ...message})}
  const outbox = createOutbox({bookings, transport, from: 'site@example.com', onError: () => {}})
  const digest = createDailyDigest({
    bookings: client,
    content,
    mailContent: () => loadMailContent(content),
    outbox,
    teamEmail: TEAM,
    siteUrl: 'https://example.com',
    now: () => now,
  })
  return {digest, outbox, sent}
}

const digestMails = (day: string) =>
  bookings.fetch<{mail_id: string; to: string; subject: string; text: string}[]>(
    `*[_type == "${OUTBOX_MAIL_TYPE}" && mail_id == $id]`,
    {id: digestId(day)},
  )
const marker = (day: string) => bookings.getDocument(digestId(day))

describe('the daily digest', () => {
  it('sends one mail when two servers try at once, listing what waits too long', async () => {
    const now = sast('2026-11-23 08:00')
    const racing = meetingAtCommit(bookings, 2)
    const [first, second] = [server(now, racing), server(now, racing)]
    const outcomes = await Promise.all([first.digest.run(), second.digest.run()])
    expect(outcomes.sort()).toEqual(['already-decided', 'sent'])
    await Promise.all([first.outbox.flush(), second.outbox.flush()])
    const sent = [...first.sent, ...second.sent]
    expect(sent).toHaveLength(1)
    const [mail] = sent
    expect(mail).toMatchObject({id: 'digest-2026-11-23', to: TEAM})
    expect(mail!.subject).toBe('2 requests waiting for an answer')
    const wed = mail!.text.indexOf(
      'CTX-WED, Traveller ctx-wed: Lion’s Head Sunrise Hike on Wednesday 16 December 2026, waiting 25 working hours',
    )
    const thu = mail!.text.indexOf(
      'CTX-THU, Thandi <b>Mokoena</b>: Lion’s Head Sunrise Hike on Saturday 19 December 2026, waiting 17 working hours',
    )
    // Oldest first.
    expect(wed).toBeGreaterThan(-1)
    expect(thu).toBeGreaterThan(wed)
    expect(mail!.text).toContain('https://example.com/admin/bookings')
    for (const other of ['CTX-FRI', 'CTX-ANSWERED', 'CTX-GONE', 'CTX-DRAFT'])
      expect(mail!.text).not.toContain(other)
    // What a traveller typed is text in the HTML part, not markup.
    expect(mail!.html).toContain('Thandi &lt;b&gt;Mokoena&lt;/b&gt;')
    expect(await digestMails('2026-11-23')).toHaveLength(1)
    expect(await marker('2026-11-23')).toMatchObject({
      _type: TEAM_DIGEST_TYPE,
      day: '2026-11-23',
      references: ['CTX-WED', 'CTX-THU'],
    })
  })

  it('sends nothing more that day, from this server or a new one', async () => {
    const later = sast('2026-11-23 10:00')
    expect(await server(later).digest.run()).toBe('already-decided')
    const again = server(sast('2026-11-23 08:01'))
    expect(await again.digest.run()).toBe('already-decided')
    await again.outbox.flush()
    expect(again.sent).toHaveLength(0)
    expect(await digestMails('2026-11-23')).toHaveLength(1)
  })

  it('sends no mail when nothing waits too long', async () => {
    // Tuesday 17 November at 08:30: the oldest request arrives at 09:00.
    const tuesday = server(sast('2026-11-17 08:30'))
    expect(await tuesday.digest.run()).toBe('none-waiting')
    await tuesday.outbox.flush()
    expect(tuesday.sent).toHaveLength(0)
    expect(await digestMails('2026-11-17')).toHaveLength(0)
    // Decided for every server: a request waiting later that day is for the dashboard, and tomorrow's digest.
    expect(await server(sast('2026-11-17 16:00')).digest.run()).toBe('already-decided')
  })

  it('sends nothing at a weekend, before work starts or after it ends, and decides nothing then', async () => {
    for (const now of [
      '2026-11-21 08:00',
      '2026-11-22 10:00',
      '2026-11-24 07:59',
      '2026-11-24 17:00',
    ]) {
      const weekend = server(sast(now))
      expect(await weekend.digest.run()).toBe('not-due')
      await weekend.outbox.flush()
      expect(weekend.sent).toHaveLength(0)
    }
    for (const day of ['2026-11-21', '2026-11-22', '2026-11-24']) {
      expect(await marker(day)).toBeUndefined()
      expect(await digestMails(day)).toHaveLength(0)
    }
  })

  it('lists the departures of the next 48 hours with confirmed travellers and no guide', async () => {
    const confirmed = (
      id: string,
      experience: string,
      title: string,
      date: string,
      pax: number,
    ) => ({
      _id: id,
      _type: 'booking',
      booking_ref: id.toUpperCase(),
      status: 'confirmed',
      created_at: sast('2026-11-01 09:00').toISOString(),
      experience_id: experience,
      experience_title: title,
      date,
      pax_total: pax,
      name: `Traveller ${id}`,
      email: `${id}@example.com`,
    })
    await bookings
      .transaction()
      .create(confirmed('g-cruise-1', 'sunset-cruise', 'Sunset Cruise', '2026-11-26', 4))
      .create(confirmed('g-cruise-2', 'sunset-cruise', 'Sunset Cruise', '2026-11-26', 2))
      // A guide is assigned: not listed.
      .create(confirmed('g-charter', 'private-charter', 'Private Charter', '2026-11-27', 3))
      .create({
        _id: 'departure-private-charter-2026-11-27',
        _type: 'departure',
        experience_id: 'private-charter',
        date: '2026-11-27',
        guide_ids: ['staffMember.sipho'],
      })
      // Beyond the next 48 hours, and a request not yet confirmed: not listed.
      .create(confirmed('g-later', 'sunset-cruise', 'Sunset Cruise', '2026-11-29', 2))
      .create({
        ...confirmed('g-asked', 'table-walk', 'Table Walk', '2026-11-26', 2),
        status: 'contacted',
      })
      .commit()
    const wednesday = server(sast('2026-11-25 08:00'))
    expect(await wednesday.digest.run()).toBe('sent')
    await wednesday.outbox.flush()
    expect(wednesday.sent).toHaveLength(1)
    const text = wednesday.sent[0]!.text
    expect(text).toContain(
      'Departures in the next 48 hours with confirmed travellers and no guide:',
    )
    expect(text).toContain(
      'Sunset Cruise on Thursday 26 November 2026: 6 confirmed travellers, no guide',
    )
    for (const other of ['Private Charter', '29 November', 'Table Walk'])
      expect(text).not.toContain(other)
  })

  it('follows the working days in site settings: a Saturday office gets its digest', async () => {
    const writer = lake.client({token: lake.secrets.writeToken})
    await writer.createOrReplace({
      _id: 'siteSettings',
      _type: 'siteSettings',
      workingHours: {days: [2, 3, 4, 5, 6], start: '09:00', end: '13:00'},
    })
    try {
      const saturday = server(sast('2026-11-28 09:05'))
      expect(await saturday.digest.run()).toBe('sent')
      await saturday.outbox.flush()
      expect(saturday.sent).toHaveLength(1)
      expect(await server(sast('2026-11-30 09:05')).digest.run()).toBe('not-due')
    } finally {
      await writer.delete('siteSettings')
    }
  })
})

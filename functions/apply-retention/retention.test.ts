import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type {SanityClient} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {runJobsScript} from '../lib/testing/jobs-script.ts'
import {storedBooking} from '../lib/testing/stored-booking.ts'
import {loadDepartures} from '../staff/departures-view.ts'
import {PRIVACY_REPORT_TYPE} from './handler.ts'

// The retention job against the real lake, run as operators run it (`npm run jobs -- --as-of`), thirteen months
// after a trip: the traveller's details are nowhere the lake or the site server's disk keeps them, and the trip
// still counts.
const PERSON = {
  name: 'Nomvula Retentiontest',
  email: 'nomvula.retention@example.org',
  phone: '+27 82 555 0199',
  notes: 'Allergic to shellfish, ask for Thabo',
}
const OTHER = {name: 'Recent Traveller', email: 'recent.traveller@example.org'}
const MARKS = [PERSON.name, PERSON.email, PERSON.phone, PERSON.notes, 'Nomvula']

let lake: TestLake
let bookings: SanityClient
let siteDir: string
let firstRev: string

const authorised = () => ({authorization: `Bearer ${lake.secrets.writeToken}`})
const withoutMarks = (text: string) =>
  MARKS.filter((mark) => text.toLowerCase().includes(mark.toLowerCase()))

const runJobs = (asOf: string) =>
  runJobsScript(asOf, {
    DATA_DIR: siteDir,
    SANITY_API_HOST: lake.url,
    SANITY_PROJECT_ID: 'local',
    SANITY_WRITE_TOKEN: lake.secrets.writeToken,
    SMTP_URL: undefined,
  })

beforeAll(async () => {
  lake = await startTestLake()
  siteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'retention-site-'))
  bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
  const content = lake.client({token: lake.secrets.writeToken})
  await content.createOrReplace({
    _id: 'experience-table-mountain',
    _type: 'experience',
    title: 'Table Mountain Hike',
    slug: {_type: 'slug', current: 'table-mountain'},
  })
  // New, with the website's history entry, for three.
  const booking = (id: string, who: {name: string; email: string}, date: string, extra = {}) =>
    storedBooking(id, who, date, {
      status: 'new',
      status_history: [
        {
          _key: 'created',
          _type: 'statusChange',
          status: 'new',
          at: '2025-09-01T08:00:00Z',
          by: 'website',
        },
      ],
      preferred_time: '08:00',
      pax_children: 1,
      pax_total: 3,
      ...extra,
    })
  const created = await bookings.create(
    booking('old', PERSON, '2025-10-20', {phone: PERSON.phone, notes: PERSON.notes}),
  )
  firstRev = created._rev
  await bookings.create(booking('recent', OTHER, '2026-11-30'))
  // A decision with a message naming the traveller: the history entry and the lake's earlier revisions hold it.
  await bookings
    .patch('old')
    .set({status: 'confirmed', staff_notes: `Called ${PERSON.name} on ${PERSON.phone}`})
    .append('status_history', [
      {
        _key: 'confirm',
        _type: 'statusChange',
        status: 'confirmed',
        at: '2025-09-02T08:00:00Z',
        by: 'Lindiwe (manager)',
        action: 'confirm',
        message: `Dear ${PERSON.name}, see you at 08:00.`,
      },
    ])
    .commit()
  // The same traveller booked through a reseller (OCTO), for the same old trip: its contact, notes and an earlier
  // revision (the hold, before confirmation); and another reseller's booking for a trip still ahead.
  const octoBooking = (id: string, who: {name: string; email: string}, date: string) => ({
    _id: id,
    _type: 'octoBooking',
    uuid: `0b7e1a52-5b1c-4c39-9a57-${id.padStart(12, '0').slice(-12)}`,
    reseller_id: 'reseller-example',
    reseller_name: 'Example Tours',
    state: 'on_hold',
    product_id: 'experience-table-mountain',
    experience_id: 'table-mountain',
    experience_title: 'Table Mountain Hike',
    date,
    pax_adults: 2,
    pax_children: 0,
    pax_total: 2,
    unit_items: [],
    supplier_reference: `CTE-${id.toUpperCase()}`,
    reseller_reference: `EX-${id}`,
    created_at: '2025-09-05T08:00:00Z',
    hold_until: '2025-09-05T08:30:00Z',
    notes: id === 'octo-old' ? PERSON.notes : null,
    contact: {
      full_name: who.name,
      email: who.email,
      phone: who === PERSON ? PERSON.phone : null,
      locales: ['en'],
    },
  })
  const octoOld = await bookings.create(octoBooking('octo-old', PERSON, '2025-10-20'))
  await bookings
    .patch('octo-old')
    .ifRevisionId(octoOld._rev)
    .set({state: 'confirmed', confirmed_at: '2025-09-05T08:10:00Z'})
    .commit()
  await bookings.create({...octoBooking('octo-recent', OTHER, '2026-11-30'), state: 'confirmed'})
  await bookings.create({
    _id: 'drafts.old',
    _type: 'booking',
    status: 'confirmed',
    date: '2025-10-20',
    name: PERSON.name,
    email: PERSON.email,
    notes: PERSON.notes,
  })
  await bookings.create({
    _id: 'mail-old-acknowledgement',
    _type: 'outboxMail',
    mail_id: 'old-acknowledgement',
    about: 'old',
    to: PERSON.email,
    subject: 'Your request',
    text: `Hello ${PERSON.name}`,
    html: `<p>Hello ${PERSON.name}</p>`,
    status: 'sent',
    attempts: 1,
    queued_at: '2025-09-01T08:00:00Z',
    next_attempt_at: '2025-09-01T08:00:00Z',
    sent_at: '2025-09-01T08:00:01Z',
  })
  await bookings.create({
    _id: 'mail-old-team',
    _type: 'outboxMail',
    mail_id: 'old-team',
    about: 'old',
    to: 'team@example.org',
    reply_to: PERSON.email,
    subject: 'New request',
    text: `From ${PERSON.name}, ${PERSON.phone}`,
    html: '',
    status: 'sent',
    attempts: 1,
    queued_at: '2025-09-01T08:00:00Z',
    next_attempt_at: '2025-09-01T08:00:00Z',
  })
  // Two places on waitlists: the traveller's for a departure long gone, and someone else's, already booked (so the
  // waitlist's own job leaves it be), for one still ahead.
  const waitlistEntry = (id: string, date: string, who = PERSON) => ({
    _id: id,
    _type: 'waitlistEntry',
    state: 'waiting',
    experience_id: 'table-mountain',
    experience_title: 'Table Mountain',
    date,
    preferred_time: '08:00',
    pax_adults: 2,
    pax_children: 0,
    pax_total: 2,
    name: who.name,
    email: who.email,
    joined_at: '2025-09-01T08:00:00Z',
  })
  await bookings.create(waitlistEntry('waitlist-past', '2025-10-20'))
  await bookings.create({
    ...waitlistEntry('waitlist-ahead', '2027-01-10', {
      ...PERSON,
      name: 'Sipho Waiting',
      email: 'sipho.waiting@example.org',
    }),
    state: 'booked',
  })
  await bookings.create({
    _id: 'mail-waitlist-past-joined',
    _type: 'outboxMail',
    mail_id: 'waitlist-past-joined',
    about: 'waitlist-past',
    to: PERSON.email,
    subject: 'You are on the waitlist',
    text: 'You are on the waitlist',
    html: '',
    status: 'sent',
    attempts: 1,
    queued_at: '2025-09-01T08:00:00Z',
    next_attempt_at: '2025-09-01T08:00:00Z',
  })
  // An erasure's last mail that its outbox sent but could not purge, and one still waiting to be sent.
  const lastMail = (id: string, status: string, to: string) => ({
    _id: `mail-${id}`,
    _type: 'outboxMail',
    mail_id: id,
    to,
    subject: 'We have deleted your information',
    text: 'This is the last mail we send to this address.',
    html: '',
    status,
    attempts: status === 'sent' ? 1 : 0,
    queued_at: '2026-11-20T08:00:00Z',
    // The waiting one is not due in this run (its mail server refused it a while ago).
    next_attempt_at: status === 'sent' ? '2026-11-20T08:00:00Z' : '2099-01-01T00:00:00Z',
    purge_when_done: true,
  })
  await bookings.create(lastMail('privacy-done-left', 'sent', 'left.behind@example.org'))
  await bookings.create(lastMail('privacy-done-waiting', 'pending', 'still.waiting@example.org'))
  fs.writeFileSync(
    path.join(siteDir, 'events.ndjson'),
    [
      JSON.stringify({
        event: 'booking_submitted',
        email: PERSON.email,
        received_at: '2025-09-01T08:00:00Z',
      }),
      JSON.stringify({
        event: 'page_view',
        path: '/experiences',
        received_at: '2025-09-01T08:00:00Z',
      }),
      '',
    ].join('\n'),
  )
  // The traveller's correction, carried out long ago: its confirmation and its "done" mail (with the corrected
  // phone) in the outbox and as files; and someone's request never confirmed, whose link has long expired.
  const CORRECTION = 'privacyRequest.0123456789abcdef01234567'
  const SPENT = 'privacyRequest.fedcba9876543210fedcba98'
  await bookings.create({
    _id: CORRECTION,
    _type: 'privacyRequest',
    kind: 'correction',
    address_hash: 'x',
    status: 'done',
    created_at: '2025-09-03T08:00:00Z',
    done_at: '2025-09-04T08:00:00Z',
  })
  await bookings.create({
    _id: SPENT,
    _type: 'privacyRequest',
    kind: 'access',
    email: 'spent.asker@example.org',
    address_hash: 'y',
    status: 'unconfirmed',
    created_at: '2025-09-03T08:00:00Z',
    confirm_expires_at: '2025-09-04T08:00:00Z',
  })
  const privacyMail = (mailId: string, about: string, to: string, text: string) => ({
    _id: `mail-${mailId}`,
    _type: 'outboxMail',
    mail_id: mailId,
    about,
    to,
    subject: 'Your request about your information',
    text,
    html: '',
    status: 'sent',
    attempts: 1,
    queued_at: '2025-09-03T08:00:00Z',
    next_attempt_at: '2025-09-03T08:00:00Z',
    sent_at: '2025-09-03T08:00:01Z',
  })
  const privacyMails = [
    privacyMail('privacy-confirm-0123456789abcdef01234567', CORRECTION, PERSON.email, 'Confirm'),
    privacyMail(
      'privacy-done-0123456789abcdef01234567',
      CORRECTION,
      PERSON.email,
      `Phone number: ${PERSON.phone}`,
    ),
    privacyMail(
      'privacy-confirm-fedcba9876543210fedcba98',
      SPENT,
      'spent.asker@example.org',
      'Confirm',
    ),
  ]
  for (const mail of privacyMails) await bookings.create(mail)
  fs.mkdirSync(path.join(siteDir, 'outbox'))
  fs.writeFileSync(
    path.join(siteDir, 'outbox', 'old-acknowledgement.eml'),
    `To: ${PERSON.email}\n\nHello`,
  )
  for (const mail of privacyMails)
    fs.writeFileSync(
      path.join(siteDir, 'outbox', `${mail.mail_id}.eml`),
      `To: ${mail.to}\n\n${mail.text}`,
    )
  // The product's export of the private dataset, kept as a backup on the site server's disk.
  fs.mkdirSync(path.join(siteDir, 'backups'))
  const exported = await fetch(`${lake.url}/v2025-02-19/data/export/bookings`, {
    headers: authorised(),
  })
  const backup = await exported.text()
  expect(backup).toContain(PERSON.email)
  fs.writeFileSync(path.join(siteDir, 'backups', 'bookings-2025-10.ndjson'), backup)

  const run = await runJobs('2026-11-21T10:00:00+02:00')
  expect(run.output).toContain('2 requests anonymised')
  expect(run.code).toBe(0)
}, 60_000)

afterAll(async () => {
  await lake.stop()
  fs.rmSync(siteDir, {recursive: true, force: true})
})

describe('the retention job, 13 months after the trip', () => {
  it('leaves the name, email, phone and notes in no perspective of the lake', async () => {
    for (const perspective of ['raw', 'drafts', 'published'] as const) {
      const everything = await bookings.fetch('*', {}, {perspective})
      expect(withoutMarks(JSON.stringify(everything)), perspective).toEqual([])
    }
    const exported = await fetch(`${lake.url}/v2025-02-19/data/export/bookings`, {
      headers: authorised(),
    })
    expect(withoutMarks(await exported.text())).toEqual([])
  })

  it('leaves nothing in the transaction history or the earlier revisions', async () => {
    for (const id of [
      'old',
      'drafts.old',
      'mail-old-acknowledgement',
      'mail-old-team',
      'octo-old',
    ]) {
      const log = await fetch(`${lake.url}/v2025-02-19/data/history/bookings/transactions/${id}`, {
        headers: authorised(),
      })
      expect(withoutMarks(await log.text()), id).toEqual([])
    }
    const earlier = await fetch(
      `${lake.url}/v2025-02-19/data/history/bookings/documents/old?revision=${firstRev}`,
      {headers: authorised()},
    )
    expect(withoutMarks(await earlier.text())).toEqual([])
  })

  it('leaves nothing in the outbox, the events log, sent-mail files or the backup', () => {
    const events = fs.readFileSync(path.join(siteDir, 'events.ndjson'), 'utf8')
    expect(withoutMarks(events)).toEqual([])
    expect(events).toContain('page_view')
    // The privacy requests' own mails too: a carried-out correction's (naming the corrected phone), a spent one's.
    expect(fs.readdirSync(path.join(siteDir, 'outbox'))).toEqual([])
    const backup = fs.readFileSync(path.join(siteDir, 'backups', 'bookings-2025-10.ndjson'), 'utf8')
    expect(withoutMarks(backup)).toEqual([])
    // The backup keeps the anonymised booking and the other traveller's, untouched.
    expect(backup).toContain('CTE-OLD')
    expect(backup).toContain(OTHER.email)
  })

  it('keeps the trip: the departures view and its totals still count the booking, without the person', async () => {
    const rows = await loadDepartures(
      {
        client: bookings,
        content: lake.client({token: lake.secrets.writeToken}),
        now: () => new Date(),
      },
      {from: '2025-10-20', to: '2025-10-20'},
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({date: '2025-10-20', taken: 3})
    expect(rows[0]?.bookings[0]).toMatchObject({
      booking_ref: 'CTE-OLD',
      status: 'confirmed',
      pax: 3,
    })
    expect(rows[0]?.bookings[0]?.name ?? null).toBeNull()
    const kept = await bookings.getDocument('old')
    expect(kept?.status_history).toEqual([
      {
        _key: 'created',
        _type: 'statusChange',
        status: 'new',
        at: '2025-09-01T08:00:00Z',
        by: 'website',
      },
      {
        _key: 'confirm',
        _type: 'statusChange',
        status: 'confirmed',
        at: '2025-09-02T08:00:00Z',
        by: 'Lindiwe (manager)',
        action: 'confirm',
      },
    ])
  })

  it('leaves a request whose trip is recent as it was, and reports what it did without the details', async () => {
    expect(await bookings.getDocument('recent')).toMatchObject({
      email: OTHER.email,
      name: OTHER.name,
    })
    expect(await bookings.getDocument('octo-recent')).toMatchObject({
      contact: {email: OTHER.email, full_name: OTHER.name},
    })
    // The reseller's old booking keeps the trip and the references, not the traveller.
    const octo = await bookings.getDocument('octo-old')
    expect(octo).toMatchObject({
      state: 'confirmed',
      date: '2025-10-20',
      pax_total: 2,
      supplier_reference: 'CTE-OCTO-OLD',
      reseller_name: 'Example Tours',
    })
    expect(octo).not.toHaveProperty('contact')
    const reports = await bookings.fetch<Record<string, unknown>[]>(`*[_type == $type]`, {
      type: PRIVACY_REPORT_TYPE,
    })
    expect(reports).toHaveLength(1)
    expect(reports[0]).toMatchObject({
      trigger: 'retention',
      requests: [
        {type: 'booking', ref: 'CTE-OLD'},
        {type: 'octoBooking', ref: 'CTE-OCTO-OLD'},
      ],
      // The acknowledgement and the privacy requests' mails, sent long ago, were already pruned (with a purge) by
      // the outbox's own pass, and this server's files with them; the scrub finds the files of another server.
      outboxMails: 1,
      eventLines: 1,
      mailFiles: 0,
    })
    expect(withoutMarks(JSON.stringify(reports))).toEqual([])
  })

  it('removes a waitlist place once its departure has passed, with its mail and history; one ahead stays', async () => {
    expect(await bookings.getDocument('waitlist-past')).toBeUndefined()
    expect(await bookings.getDocument('mail-waitlist-past-joined')).toBeUndefined()
    const history = await fetch(
      `${lake.url}/v2025-02-19/data/history/bookings/transactions/waitlist-past?excludeContent=false`,
      {headers: authorised()},
    )
    expect(await history.text()).not.toContain(PERSON.email)
    expect(await bookings.getDocument('waitlist-ahead')).toMatchObject({
      email: 'sipho.waiting@example.org',
    })
  })

  it('purges an erasure’s last mail its outbox left once sent, history and all; one still to send stays', async () => {
    expect(await bookings.getDocument('mail-privacy-done-left')).toBeUndefined()
    const history = await fetch(
      `${lake.url}/v2025-02-19/data/history/bookings/transactions/mail-privacy-done-left?excludeContent=false`,
      {headers: authorised()},
    )
    expect(await history.text()).not.toContain('left.behind@example.org')
    expect(await bookings.getDocument('mail-privacy-done-waiting')).toMatchObject({
      status: 'pending',
    })
  })

  it('does nothing the second time', async () => {
    const again = await runJobs('2026-11-21T10:05:00+02:00')
    expect(again.output).toContain('0 requests anonymised')
  })
})

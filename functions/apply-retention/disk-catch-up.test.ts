import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type {SanityClient} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {addressHash} from '../lib/address-hash.ts'
import {registerKeptPages} from '../lib/kept-pages.ts'
import {loadMailContent} from '../lib/mail-content.ts'
import {storedBooking} from '../lib/testing/stored-booking.ts'
import {carryOutRequest} from '../staff/privacy.ts'
import {catchUpDiskScrubs} from './disk-catch-up.ts'
import {applyRetention, PRIVACY_REPORT_TYPE} from './handler.ts'

// Two site servers on one lake, each with its own DATA_DIR (events log, sent-mail files, the product's backups).
// The retention job runs on one and an erasure on the other; the other server's disk still holds the person until
// its catch-up, which finds the person by ids and keyed address hashes on the report, never by the address itself.
const SECRET = 'test-secret-shared-by-both-site-servers'
const OLD = {
  name: 'Nomvula Diskcatchup',
  email: 'nomvula.disk@example.org',
  phone: '+27 82 555 0142',
}
const ERASED = {name: 'Pieter Erasemall', email: 'pieter.erase@example.org'}
const OTHER = {name: 'Recent Traveller', email: 'recent.traveller@example.org'}
const marksOf = (person: {name: string; email: string; phone?: string}) =>
  [person.name, person.email, person.phone].filter((mark): mark is string => Boolean(mark))

let lake: TestLake
let bookings: SanityClient
let serverA: string
let serverB: string

const deps = (dataDir: string, at = '2026-11-21T08:00:00Z') => ({
  bookings,
  dataDir,
  secret: SECRET,
  now: () => new Date(at),
})

/** Every file on a server's disk, read as one text. */
function diskText(dataDir: string): string {
  return fs
    .readdirSync(dataDir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8'))
    .join('\n')
}
const foundOn = (dataDir: string, person: {name: string; email: string; phone?: string}) => {
  const text = diskText(dataDir).toLowerCase()
  return marksOf(person).filter((mark) => text.includes(mark.toLowerCase()))
}

/** What each server's disk holds before anything is removed: the same mails, log lines and backup. */
async function fillDisk(dataDir: string) {
  fs.mkdirSync(path.join(dataDir, 'outbox'), {recursive: true})
  fs.mkdirSync(path.join(dataDir, 'backups'), {recursive: true})
  fs.writeFileSync(
    path.join(dataDir, 'events.ndjson'),
    [
      {event: 'booking_submitted', email: OLD.email, received_at: '2025-09-01T08:00:00Z'},
      {event: 'page_view', path: `/unsubscribe?email=${ERASED.email}`},
      {event: 'page_view', path: '/experiences'},
      {event: 'booking_submitted', email: OTHER.email},
    ]
      .map((line) => JSON.stringify(line))
      .join('\n'),
  )
  const mail = (name: string, to: string, text: string) =>
    fs.writeFileSync(path.join(dataDir, 'outbox', name), `To: ${to}\nSubject: Hello\n\n${text}`)
  mail('old-acknowledgement.eml', OLD.email, `Hello ${OLD.name}`)
  mail(
    'newsletterSignup.pieter-newsletterConfirm.eml',
    `"${ERASED.name}" <${ERASED.email.toUpperCase()}>`,
    'Confirm your sign-up',
  )
  mail('erase-1-acknowledgement.eml', ERASED.email, `Hello ${ERASED.name}`)
  mail('recent-acknowledgement.eml', OTHER.email, `Hello ${OTHER.name}`)
  const exported = await fetch(`${lake.url}/v2025-02-19/data/export/bookings`, {
    headers: {authorization: `Bearer ${lake.secrets.writeToken}`},
  })
  fs.writeFileSync(path.join(dataDir, 'backups', 'bookings.ndjson'), await exported.text())
}

beforeAll(async () => {
  lake = await startTestLake()
  bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
  serverA = fs.mkdtempSync(path.join(os.tmpdir(), 'disk-catch-up-a-'))
  serverB = fs.mkdtempSync(path.join(os.tmpdir(), 'disk-catch-up-b-'))
  await bookings
    .transaction()
    .create(storedBooking('old', OLD, '2025-10-20', {phone: OLD.phone}))
    .create(storedBooking('recent', OTHER, '2026-12-20'))
    .create(storedBooking('erase-1', ERASED, '2026-12-24'))
    .create({
      _id: 'newsletterSignup.pieter',
      _type: 'newsletterSignup',
      email: ERASED.email,
      name: ERASED.name,
      consented_at: '2026-10-01T08:00:00Z',
    })
    .create({
      _id: 'privacyRequest.pieter',
      _type: 'privacyRequest',
      kind: 'erasure',
      status: 'confirmed',
      email: ERASED.email,
      address_hash: addressHash(SECRET, ERASED.email),
      created_at: '2026-11-20T08:00:00Z',
      confirmed_at: '2026-11-20T08:05:00Z',
    })
    .commit({visibility: 'sync'})
  await fillDisk(serverA)
  await fillDisk(serverB)
}, 60_000)

afterAll(async () => {
  await lake.stop()
  for (const dir of [serverA, serverB]) fs.rmSync(dir, {recursive: true, force: true})
})

const reports = () =>
  bookings.fetch<{trigger: string; disk_scrubbed: {_key: string; backupLines: number}[]}[]>(
    `*[_type == "${PRIVACY_REPORT_TYPE}"] | order(at asc){trigger, disk_scrubbed}`,
  )

describe('two site servers, each with its own disk', () => {
  it('removes on the second server what the retention job removed on the first', async () => {
    const run = await applyRetention(deps(serverA), new Date('2026-11-21T08:00:00Z'))
    expect(run.anonymised).toBe(1)
    expect(foundOn(serverA, OLD)).toEqual([])
    // The second server has not run anything yet: its copies still name the traveller.
    expect(foundOn(serverB, OLD)).toEqual(marksOf(OLD))

    expect(await catchUpDiskScrubs(deps(serverB))).toBe(1)
    expect(foundOn(serverB, OLD)).toEqual([])
    const disk = diskText(serverB)
    // The anonymised booking stays in the backup, as a restore should bring it back: the trip, not the person.
    expect(disk).toContain('CTE-OLD')
    expect(fs.existsSync(path.join(serverB, 'outbox', 'old-acknowledgement.eml'))).toBe(false)
    // Everyone else's lines and files are as they were.
    for (const mark of [...marksOf(OTHER), ...marksOf(ERASED), '/experiences'])
      expect(disk).toContain(mark)

    const [report] = await reports()
    expect(report?.disk_scrubbed).toHaveLength(2)
    expect(new Set(report?.disk_scrubbed.map((entry) => entry._key)).size).toBe(2)
    expect(report?.disk_scrubbed[1]?.backupLines).toBeGreaterThan(0)
  })

  it('does each report once per disk: a second catch-up on either server finds nothing to do', async () => {
    const before = diskText(serverB)
    expect(await catchUpDiskScrubs(deps(serverB))).toBe(0)
    expect(await catchUpDiskScrubs(deps(serverA))).toBe(0)
    expect(diskText(serverB)).toBe(before)
  })

  it('removes on the first server what an erasure on the second removed, found by the address’s keyed hash', async () => {
    // The second server's kept pages: one that (were a personal page ever kept) names the person, one that does not.
    const kept = new Map([
      ['/a', `<p>${ERASED.email}</p>`],
      ['/b', '<p>Lion’s Head</p>'],
    ])
    const forgotten: {marks: readonly string[]; tags: readonly string[]}[] = []
    const mentioning = (marks: readonly string[]) =>
      [...kept].filter(([, html]) => marks.some((mark) => html.toLowerCase().includes(mark)))
    registerKeptPages({
      search: (marks) => ({searched: kept.size, found: mentioning(marks).length}),
      forget: async (marks, tags) => {
        forgotten.push({marks, tags})
        for (const [key] of mentioning(marks)) kept.delete(key)
      },
    })
    const result = await carryOutRequest(
      {
        client: bookings,
        dataDir: serverB,
        secret: SECRET,
        mailContent: () => loadMailContent(lake.client()),
        now: () => new Date(),
      },
      'privacyRequest.pieter',
      {id: 'staff-manager', name: 'Lindiwe', email: 'lindiwe@example.org', role: 'manager'},
    )
    registerKeptPages(undefined)
    expect(result.status).toBe(200)
    expect(foundOn(serverB, ERASED)).toEqual([])
    expect(foundOn(serverA, ERASED)).toEqual(marksOf(ERASED))
    // Its kept pages lost what named the person, the edge was told to drop the request's pages by their tag, and
    // the proof searched the kept pages after.
    expect(forgotten).toEqual([
      {marks: expect.arrayContaining([ERASED.email]), tags: ['booking:erase-1']},
    ])
    expect([...kept.keys()]).toEqual(['/b'])
    expect(JSON.stringify(result.body)).toContain(
      JSON.stringify({place: 'Rendered pages kept on this server', searched: 1, found: 0}),
    )

    expect(await catchUpDiskScrubs(deps(serverA))).toBe(1)
    expect(foundOn(serverA, ERASED)).toEqual([])
    expect(fs.readdirSync(path.join(serverA, 'outbox')).sort()).toEqual([
      'recent-acknowledgement.eml',
    ])
    for (const mark of [...marksOf(OTHER), '/experiences'])
      expect(diskText(serverA)).toContain(mark)
    // The report names no address: only its keyed hash, which the lake cannot reverse without the servers' secret.
    const stored = JSON.stringify(await bookings.fetch(`*[_type == "${PRIVACY_REPORT_TYPE}"]`))
    expect(stored.toLowerCase()).not.toContain(ERASED.email)
    expect(stored).not.toContain(ERASED.name)
    expect((await reports()).map((report) => report.disk_scrubbed.length)).toEqual([2, 2])
  })
})

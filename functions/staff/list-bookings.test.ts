/**
 * "Nothing waits unseen" in the staff list (docs/decisions/014-nothing-waits-unseen.md), on the real lake: requests
 * still `new` after the response target (working hours, Cape Town) are flagged and listed first, and trips whose date
 * has passed leave the active view.
 */
import type {SanityClient} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {
  createOverviewCache,
  exportBookingsCsv,
  listBookings,
  type StaffDeps,
} from './staff-handlers.ts'

/** A Cape Town wall-clock time as the instant it is (SAST is UTC+2). */
const sast = (local: string) => new Date(`${local.replace(' ', 'T')}:00+02:00`)
// Monday 23 November 2026, 11:30 in Cape Town: Friday 16:30 is exactly 4 working hours ago.
const NOW = sast('2026-11-23 11:30')

let lake: TestLake

function booking(id: string, createdAt: string, fields: Record<string, unknown> = {}) {
  return {
    _id: id,
    _type: 'booking',
    booking_ref: id.toUpperCase(),
    status: 'new',
    created_at: sast(createdAt).toISOString(),
    experience_title: 'Sunset Cruise',
    date: '2026-12-10',
    pax_total: 2,
    name: `Traveller ${id}`,
    email: `${id}@example.com`,
    ...fields,
  }
}

beforeAll(async () => {
  lake = await startTestLake()
  const tx = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'}).transaction()
  for (const doc of [
    booking('at-target', '2026-11-20 16:30'),
    booking('just-under', '2026-11-20 16:31'),
    booking('this-morning', '2026-11-23 10:00'),
    booking('answered', '2026-11-10 09:00', {status: 'contacted'}),
    booking('trip-today', '2026-11-02 09:00', {date: '2026-11-23'}),
    booking('no-date', '2026-11-03 09:00', {date: undefined}),
    booking('trip-gone', '2026-11-01 09:00', {date: '2026-11-22'}),
    booking('trip-gone-answered', '2026-11-04 09:00', {date: '2026-11-21', status: 'confirmed'}),
  ])
    tx.create(doc)
  await tx.commit()
}, 30_000)

afterAll(async () => {
  await lake?.stop()
})

const deps = (now: Date, content?: SanityClient): StaffDeps => ({
  client: lake.client({token: lake.secrets.writeToken, dataset: 'bookings'}),
  ...(content ? {content} : {}),
  now: () => now,
  overview: createOverviewCache(() => now.getTime()),
})

type Row = {
  booking_ref: string
  waiting_too_long: boolean
  waiting_hours: number | null
}
type Body = {bookings: Row[]; summary: {waiting: number}; hasMore: boolean}

async function list(query: Record<string, string> = {}, now = NOW, content?: SanityClient) {
  const result = await listBookings(deps(now, content), query)
  expect(result.status).toBe(200)
  return result.body as Body
}
const refs = (body: Body) => body.bookings.map((row) => row.booking_ref)

/** Published site settings, read through a new client (the staff list keeps the settings a minute per client). */
async function contentWith(settings: Record<string, unknown>) {
  const writer = lake.client({token: lake.secrets.writeToken})
  await writer.createOrReplace({_id: 'siteSettings', _type: 'siteSettings', ...settings})
  return lake.client({perspective: 'published'})
}

describe('requests waiting too long', () => {
  it('come first, flagged with the working hours waited; the rest stay newest first', async () => {
    const body = await list()
    expect(refs(body)).toEqual([
      'AT-TARGET',
      'NO-DATE',
      'TRIP-TODAY',
      'THIS-MORNING',
      'JUST-UNDER',
      'ANSWERED',
    ])
    const byRef = Object.fromEntries(body.bookings.map((row) => [row.booking_ref, row]))
    expect(byRef['AT-TARGET']).toMatchObject({waiting_too_long: true, waiting_hours: 4})
    expect(byRef['JUST-UNDER']).toMatchObject({waiting_too_long: false, waiting_hours: 3})
    expect(byRef['THIS-MORNING']).toMatchObject({waiting_too_long: false, waiting_hours: 1})
    // 16 working days from Monday 2 November 09:00 to Monday 23 November 09:00, plus 2.5 hours.
    expect(byRef['TRIP-TODAY']).toMatchObject({waiting_too_long: true, waiting_hours: 15 * 9 + 2})
    expect(byRef['ANSWERED']).toMatchObject({waiting_too_long: false, waiting_hours: null})
    expect(body.summary.waiting).toBe(3)
  })

  it('are not flagged a minute earlier, nor over a weekend before the target is reached', async () => {
    const before = await list({}, sast('2026-11-23 11:29'))
    expect(before.bookings.find((row) => row.booking_ref === 'AT-TARGET')).toMatchObject({
      waiting_too_long: false,
      waiting_hours: 3,
    })
    expect(before.summary.waiting).toBe(2)
    // On Sunday the 22nd, the trip of the 22nd is still today's.
    const sunday = await list({}, sast('2026-11-22 20:00'))
    expect(
      sunday.bookings.filter((row) => row.waiting_too_long).map((row) => row.booking_ref),
    ).toEqual(['NO-DATE', 'TRIP-TODAY', 'TRIP-GONE'])
  })

  it('stay first across pages', async () => {
    const first = await list({pageSize: '2'})
    const second = await list({pageSize: '2', page: '2'})
    expect([...refs(first), ...refs(second)]).toEqual([
      'AT-TARGET',
      'NO-DATE',
      'TRIP-TODAY',
      'THIS-MORNING',
    ])
    expect(second.bookings.map((row) => row.waiting_too_long)).toEqual([true, false])
    expect(first.hasMore).toBe(true)
  })

  it('follow the editors’ target and working hours from site settings', async () => {
    // One hour, and Saturday mornings too: Saturday 08:00–12:00 counts, so "this morning" (1.5 h) waits too long.
    const content = await contentWith({
      responseTargetHours: 1,
      workingHours: {days: [1, 2, 3, 4, 5, 6], start: '08:00', end: '12:00'},
    })
    const body = await list({}, NOW, content)
    const flagged = body.bookings
      .filter((row) => row.waiting_too_long)
      .map((row) => row.booking_ref)
    expect(flagged).toEqual(['THIS-MORNING', 'JUST-UNDER', 'AT-TARGET', 'NO-DATE', 'TRIP-TODAY'])
    // Friday 16:30 is after this office's hours: Saturday 08:00–12:00 and Monday 08:00–11:30.
    expect(body.bookings.find((row) => row.booking_ref === 'AT-TARGET')?.waiting_hours).toBe(7)
  })

  it('fall back to 4 working hours, Monday to Friday, when the settings are broken', async () => {
    const content = await contentWith({
      responseTargetHours: -3,
      workingHours: {days: ['weekdays'], start: '18:00', end: '09:00'},
    })
    const body = await list({}, NOW, content)
    expect(
      body.bookings.filter((row) => row.waiting_too_long).map((row) => row.booking_ref),
    ).toEqual(['AT-TARGET', 'NO-DATE', 'TRIP-TODAY'])
  })
})

describe('the trip-date view', () => {
  it('shows trips from today (Cape Town) and those without a date by default; past trips apart', async () => {
    expect(refs(await list({view: 'active'}))).toEqual(refs(await list()))
    expect(refs(await list({view: 'past'}))).toEqual(['TRIP-GONE-ANSWERED', 'TRIP-GONE'])
    const all = await list({view: 'all'})
    expect(refs(all)).toHaveLength(8)
    // A trip that has gone by no longer waits for an answer: not flagged, not first.
    expect(all.bookings.at(-1)).toMatchObject({booking_ref: 'TRIP-GONE', waiting_too_long: false})
  })

  it('moves a trip to the past at midnight in Cape Town, not at midnight UTC', async () => {
    // 22:30 UTC on the 23rd is 00:30 on the 24th in Cape Town: the trip of the 23rd has passed.
    const afterMidnight = new Date('2026-11-23T22:30:00Z')
    expect(refs(await list({view: 'past'}, afterMidnight))).toContain('TRIP-TODAY')
    expect(refs(await list({view: 'active'}, afterMidnight))).not.toContain('TRIP-TODAY')
    const beforeMidnight = new Date('2026-11-23T21:59:00Z')
    expect(refs(await list({view: 'active'}, beforeMidnight))).toContain('TRIP-TODAY')
  })

  it('exports the CSV of the view shown: active, past or all', async () => {
    const csvRefs = async (view: string) => {
      const result = await exportBookingsCsv(deps(NOW), {view})
      expect(result.status).toBe(200)
      return [...String(result.body).matchAll(/^(?:"?)([A-Z-]+)(?:"?),/gm)].map((m) => m[1]).sort()
    }
    const sorted = async (view: string) => refs(await list({view})).sort()
    expect(await csvRefs('active')).toEqual(await sorted('active'))
    expect(await csvRefs('past')).toEqual(['TRIP-GONE', 'TRIP-GONE-ANSWERED'])
    expect(await csvRefs('all')).toHaveLength(8)
    expect((await exportBookingsCsv(deps(NOW), {view: 'upcoming'})).status).toBe(400)
  })

  it('refuses an unknown view with a clear 400', async () => {
    for (const view of ['upcoming', 'ACTIVE', '']) {
      const result = await listBookings(deps(NOW), {view})
      expect(result.status).toBe(400)
      expect(result.body).toMatchObject({
        error: 'Invalid request',
        fieldErrors: {view: [expect.any(String)]},
      })
    }
  })
})

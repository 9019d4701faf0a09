/**
 * The Reports figures on the real lake (docs/decisions/210-reports-figures-in-one-module.md): a fixture of requests,
 * waitlist entries and reviews with known outcomes, and every figure of November 2026 against the one worked out by
 * hand below, Cape Town's day and week boundaries included.
 */
import type {IdentifiedSanityDocumentStub, SanityClient} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {problemBody} from '@repo/schemas/problem.ts'
import {reportChartCsv, type Report, type ReportChart} from '@repo/schemas/reports.ts'

import {startTestLake, type TestLake} from '../../../lake/src/testing/start-test-lake.ts'
import {staffTestApp, testStaffMembers} from '../testing/staff-test-app.ts'
import type {StaffDeps} from '../staff-deps.ts'
import {exportBookingsCsv} from '../staff-handlers.ts'
import {getReport} from './load-report.ts'

/** A Cape Town wall-clock time as the stored instant (SAST is UTC+2). */
const sast = (local: string) => new Date(`${local.replace(' ', 'T')}:00+02:00`).toISOString()
// Tuesday 1 December 2026, 10:00 in Cape Town.
const NOW = new Date(sast('2026-12-01 10:00'))

let lake: TestLake

const created = (at: string) => ({
  _key: 'created',
  _type: 'statusChange',
  status: 'new',
  at,
  by: 'website',
})
const entry = (key: string, status: string, local: string, by: string, action?: string) => ({
  _key: key,
  _type: 'statusChange',
  status,
  at: sast(local),
  by,
  ...(by === 'website' || by === 'traveller' ? {} : {by_id: `staffMember.${by.toLowerCase()}`}),
  ...(action ? {action} : {}),
})

function booking(
  id: string,
  experience: 'sunset-cruise' | 'table-mountain',
  createdLocal: string,
  fields: Record<string, unknown>,
  history: Record<string, unknown>[] = [],
) {
  const at = sast(createdLocal)
  return {
    _id: id,
    _type: 'booking',
    booking_ref: `CTE-${id.toUpperCase()}`,
    experience_id: experience,
    experience_title: experience === 'sunset-cruise' ? 'Sunset Cruise' : 'Table Mountain Hike',
    name: `Traveller ${id}`,
    email: `${id}@example.com`,
    created_at: at,
    status: 'new',
    pax_adults: fields.pax_total,
    pax_children: 0,
    status_history: [created(at), ...history],
    ...fields,
  }
}

const BOOKINGS = [
  // 23:30 on Sunday 1 November in Cape Town (21:30 UTC): the week of Monday 26 October, the day 1 November.
  booking(
    'b1',
    'sunset-cruise',
    '2026-11-01 23:30',
    {
      status: 'confirmed',
      pax_total: 2,
      date: '2026-11-20',
      country: 'Germany',
      how_heard_about_us: 'Google',
      attendance: {state: 'came', at: sast('2026-11-20 16:50'), by: 'Sipho guide'},
    },
    [entry('c1', 'confirmed', '2026-11-02 09:00', 'Pat', 'confirm')],
  ),
  // 00:30 on Monday 2 November in Cape Town is still Sunday in UTC: the week of 2 November.
  booking(
    'b2',
    'sunset-cruise',
    '2026-11-02 00:30',
    {status: 'declined', pax_total: 4, date: '2026-12-05', country: 'United Kingdom'},
    [entry('d2', 'declined', '2026-11-02 15:00', 'Sam', 'decline')],
  ),
  booking(
    'b3',
    'table-mountain',
    '2026-11-10 10:00',
    {
      status: 'closed',
      pax_total: 1,
      date: '2026-11-12',
      country: 'Germany',
      how_heard_about_us: 'Google',
    },
    [entry('w3', 'closed', '2026-11-10 12:00', 'traveller', 'withdraw')],
  ),
  booking(
    'b4',
    'table-mountain',
    '2026-11-10 16:00',
    {
      status: 'closed',
      pax_total: 3,
      date: '2026-11-28',
      preferred_time: 'Morning',
      country: 'South Africa',
      how_heard_about_us: 'Social Media',
      waitlist_entry: 'waitlistEntry.w3',
    },
    [
      entry('c4', 'confirmed', '2026-11-11 09:00', 'Pat', 'confirm'),
      entry('x4', 'closed', '2026-11-25 07:00', 'Pat', 'cancel-departure'),
    ],
  ),
  // Entered by staff at the booking desk (functions/staff/booking-desk.ts).
  booking('b5', 'sunset-cruise', '2026-11-24 09:00', {pax_total: 2, date: '2026-11-27', source: 'staff'}),
  // The last minutes of the range: 23:30 on Monday 30 November.
  booking('b6', 'sunset-cruise', '2026-11-30 23:30', {pax_total: 1, date: '2026-12-03'}),
  booking(
    'b7',
    'sunset-cruise',
    '2026-11-16 11:00',
    {
      status: 'closed',
      pax_total: 2,
      date: '2026-11-20',
      country: 'Germany',
      how_heard_about_us: 'Friend/Family Referral',
    },
    [
      entry('q7', 'contacted', '2026-11-16 13:00', 'Sam', 'question'),
      entry('x7', 'closed', '2026-11-17 10:00', 'Sam'),
    ],
  ),
  // 00:30 on 1 December in Cape Town (30 November in UTC): after the range.
  booking('b9', 'sunset-cruise', '2026-12-01 00:30', {pax_total: 2, date: '2026-12-20'}),
  // The previous period, 2 to 31 October: its last minutes, and mid-month.
  booking(
    'p1',
    'sunset-cruise',
    '2026-10-31 23:30',
    {
      status: 'confirmed',
      pax_total: 2,
      date: '2026-11-07',
      attendance: {state: 'no-show', at: sast('2026-11-07 18:00'), by: 'Sipho guide'},
    },
    [entry('c1', 'confirmed', '2026-11-02 08:30', 'Pat', 'confirm')],
  ),
  booking(
    'p2',
    'table-mountain',
    '2026-10-15 10:00',
    {status: 'declined', pax_total: 2, date: '2026-10-30', preferred_time: 'Afternoon'},
    [entry('d2', 'declined', '2026-10-15 11:00', 'Sam', 'decline')],
  ),
  // Before both periods, but its trip is in November: it counts for places, not for demand.
  booking(
    'o1',
    'sunset-cruise',
    '2026-10-01 12:00',
    {status: 'confirmed', pax_total: 3, date: '2026-11-05'},
    [entry('c1', 'confirmed', '2026-10-01 13:00', 'Pat', 'confirm')],
  ),
]

const waitlistEntry = (id: string, joined: string, fields: Record<string, unknown> = {}) => ({
  _id: `waitlistEntry.${id}`,
  _type: 'waitlistEntry',
  experience_id: 'sunset-cruise',
  date: '2027-03-01',
  preferred_time: '',
  pax_total: 2,
  name: `Waiting ${id}`,
  email: `${id}@example.com`,
  state: 'waiting',
  joined_at: joined,
  ...fields,
})

const WAITLIST = [
  waitlistEntry('w1', sast('2026-11-05 10:00')),
  waitlistEntry('w2', sast('2026-11-06 10:00'), {
    state: 'lapsed',
    offered_at: sast('2026-11-07 10:00'),
  }),
  waitlistEntry('w3', sast('2026-11-07 10:00'), {
    state: 'booked',
    offered_at: sast('2026-11-08 10:00'),
  }),
  waitlistEntry('w4', sast('2026-10-20 10:00')),
  waitlistEntry('w5', sast('2026-12-01 00:30')),
]

const review = (
  id: string,
  experience: string,
  rating: number,
  submittedAt: string,
  extra = {},
) => ({
  _id: id,
  _type: 'review',
  experience: {_type: 'reference', _ref: `experience-${experience}`},
  rating,
  text: 'A review long enough to be one.',
  displayName: 'Alex B',
  submittedAt,
  consentToPublishAt: submittedAt,
  ...extra,
})

const CONTENT: IdentifiedSanityDocumentStub[] = [
  {_id: 'siteSettings', _type: 'siteSettings', siteName: 'Cape Curated', responseTargetHours: 4},
  {
    _id: 'experience-sunset-cruise',
    _type: 'experience',
    title: 'Sunset Cruise',
    slug: {_type: 'slug', current: 'sunset-cruise'},
    fromPrice: 500,
  },
  {
    _id: 'settings-sunset-cruise',
    _type: 'experienceSettings',
    experience: {_type: 'reference', _ref: 'experience-sunset-cruise'},
    capacity: 6,
  },
  {
    _id: 'experience-table-mountain',
    _type: 'experience',
    title: 'Table Mountain Hike',
    slug: {_type: 'slug', current: 'table-mountain'},
    fromPrice: 800,
  },
  {
    _id: 'settings-table-mountain',
    _type: 'experienceSettings',
    experience: {_type: 'reference', _ref: 'experience-table-mountain'},
    timeSlots: ['Morning', 'Afternoon'],
    capacity: 4,
  },
  review('r1', 'sunset-cruise', 5, sast('2026-11-03 12:00')),
  review('r2', 'sunset-cruise', 4, sast('2026-11-20 12:00')),
  // 00:30 on 1 December in Cape Town: after the range.
  review('r3', 'table-mountain', 3, sast('2026-12-01 00:30')),
  // Midnight starting 1 November in Cape Town (22:00 UTC on 31 October): in the range.
  review('r7', 'table-mountain', 4, sast('2026-11-01 00:00')),
  review('drafts.r4', 'sunset-cruise', 2, sast('2026-11-10 12:00'), {rejectionReason: 'spam'}),
  review('drafts.r5', 'table-mountain', 1, sast('2026-10-15 12:00'), {rejectionReason: 'abuse'}),
  // Waiting for an editor: neither published nor rejected.
  review('drafts.r6', 'sunset-cruise', 1, sast('2026-11-12 12:00')),
]

beforeAll(async () => {
  lake = await startTestLake()
  const content = lake.client({token: lake.secrets.writeToken}).transaction()
  for (const doc of CONTENT) content.create(doc)
  await content.commit()
  const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'}).transaction()
  for (const doc of [
    ...(BOOKINGS as IdentifiedSanityDocumentStub[]),
    ...WAITLIST,
    ...testStaffMembers(['owner', 'manager', 'staff', 'guide']),
  ])
    bookings.create(doc)
  await bookings.commit()
}, 30_000)

afterAll(async () => {
  await lake?.stop()
})

const deps = (): StaffDeps => ({
  client: lake.client({token: lake.secrets.writeToken, dataset: 'bookings'}),
  content: lake.client({token: lake.secrets.writeToken, perspective: 'published'}) as SanityClient,
  now: () => NOW,
})

async function report(params: Record<string, string>): Promise<Report> {
  const result = await getReport(deps(), new URLSearchParams(params))
  expect(result.status).toBe(200)
  return result.body as Report
}

const NOVEMBER = {from: '2026-11-01', to: '2026-11-30'}
const chart = (body: Report, id: string): ReportChart => {
  const found = body.charts.find((c) => c.id === id)
  if (!found) throw new Error(`No chart ${id}`)
  return found
}
/** A chart as label → values, the way the figures were worked out by hand. */
const table = (body: Report, id: string) =>
  Object.fromEntries(chart(body, id).rows.map((row) => [row.label, row.values]))

describe('the Reports figures for November 2026, all experiences', () => {
  let body: Report
  beforeAll(async () => {
    body = await report(NOVEMBER)
  })

  it('names the previous period: the 30 days before', () => {
    expect(body.previous).toEqual({from: '2026-10-02', to: '2026-10-31'})
    expect(body.today).toBe('2026-12-01')
  })

  it('counts requests per Cape Town week, 23:30 on a Sunday in the week it ends', () => {
    const weekly = chart(body, 'requests-per-week')
    expect(weekly.series.map((s) => s.title)).toEqual(['Sunset Cruise', 'Table Mountain Hike'])
    expect(table(body, 'requests-per-week')).toEqual({
      'Mon 26 Oct 2026': [1, 0],
      'Mon 2 Nov 2026': [1, 0],
      'Mon 9 Nov 2026': [0, 2],
      'Mon 16 Nov 2026': [1, 0],
      'Mon 23 Nov 2026': [1, 0],
      'Mon 30 Nov 2026': [1, 0],
    })
    expect(weekly.summary).toContain('7 requests')
    expect(weekly.summary).toContain('(previous period: 2)')
  })

  it('counts demand by experience, source, answer, lead time, group and country', () => {
    expect(table(body, 'requests-by-experience')).toEqual({
      'Sunset Cruise': [5, 1],
      'Table Mountain Hike': [2, 1],
    })
    expect(table(body, 'requests-by-source')).toEqual({
      'Website': [5, 2],
      'Website, from a waitlist offer': [1, 0],
      'Booking desk (phone or walk-in)': [1, 0],
      'Reseller': [0, 0],
    })
    expect(table(body, 'requests-by-how-heard')).toEqual({
      'Google': [2, 0],
      'Social Media': [1, 0],
      'Friend/Family Referral': [1, 0],
      'Travel Blog/Website': [0, 0],
      'Hotel/Accommodation': [0, 0],
      'Travel Agent': [0, 0],
      'Previous Visit': [0, 0],
      'Other': [0, 0],
      'Not given': [3, 2],
    })
    expect(table(body, 'lead-time')).toEqual({
      'Under a week (0–6 days)': [4, 0],
      '1–2 weeks (7–13 days)': [0, 1],
      '2–4 weeks (14–29 days)': [2, 1],
      '1–2 months (30–59 days)': [1, 0],
      '2–3 months (60–89 days)': [0, 0],
      '3 months or more (90 days and over)': [0, 0],
    })
    expect(chart(body, 'lead-time').summary).toContain('4 days or fewer ahead')
    expect(table(body, 'group-sizes')).toEqual({
      '1 traveller': [2, 0],
      '2 travellers': [3, 2],
      '3–4 travellers': [2, 0],
      '5–8 travellers': [0, 0],
      '9 travellers or more': [0, 0],
    })
    expect(chart(body, 'group-sizes').summary).toBe(
      '15 travellers asked for this period, 2.1 a request on average. Most this period: 2 travellers (3).',
    )
    expect(chart(body, 'countries').rows).toEqual([
      {label: 'Germany', values: [3, 0]},
      {label: 'South Africa', values: [1, 0]},
      {label: 'United Kingdom', values: [1, 0]},
      {label: 'Other countries', values: [0, 0]},
      {label: 'Not given', values: [2, 2]},
    ])
  })

  it('says what became of each request, and how the waitlist went', () => {
    expect(table(body, 'outcomes')).toEqual({
      'Requested': [7, 2],
      'Confirmed': [1, 1],
      'Confirmed and came (checked in)': [1, 0],
      'Confirmed but did not come (no-show)': [0, 1],
      'Declined by the team': [1, 1],
      'Withdrawn by the traveller': [1, 0],
      'Departure cancelled (weather or conditions)': [1, 0],
      'Closed by the team': [1, 0],
      'Still open': [2, 0],
    })
    expect(chart(body, 'outcomes').summary).toContain('(14.3%; previous period 50%); 1 came.')
    expect(table(body, 'waitlist')).toEqual({
      'Joined a waitlist': [3, 1],
      'Offered places': [2, 0],
      'Took the offer': [1, 0],
    })
  })

  it('counts places taken against capacity by trip date, per experience and per weekday', () => {
    // Sunset Cruise: one departure a day of 6 places, 30 days; taken on 5, 7 and 20 November (3 + 2 + 2).
    // Table Mountain: two slots of 4 places a day; nothing taken (its November bookings were closed).
    expect(table(body, 'occupancy-by-experience')).toEqual({
      'Sunset Cruise': [7, 180],
      'Table Mountain Hike': [0, 240],
    })
    expect(chart(body, 'occupancy-by-experience').summary).toContain('7 of 420 places taken (1.7%)')
    const weekday = table(body, 'occupancy-by-weekday')
    // November 2026 has five Sundays and five Mondays, four of every other day.
    expect(weekday['Monday']).toEqual([0, 30])
    expect(weekday['Thursday']).toEqual([3, 24])
    expect(weekday['Friday']).toEqual([2, 24])
    expect(weekday['Saturday']).toEqual([2, 24])
    expect(weekday['Sunday, Morning']).toEqual([0, 20])
    expect(weekday['Friday, Afternoon']).toEqual([0, 16])
    expect(
      chart(body, 'occupancy-by-weekday')
        .rows.map((r) => r.label)
        .slice(0, 3),
    ).toEqual(['Monday', 'Monday, Afternoon', 'Monday, Morning'])
  })

  it('lists the next eight weeks’ departures with people on them', () => {
    expect(chart(body, 'departures-ahead').rows).toEqual([
      {label: 'Thu 3 Dec 2026, Sunset Cruise', values: [0, 1, 6]},
      {label: 'Sun 20 Dec 2026, Sunset Cruise', values: [0, 2, 6]},
    ])
  })

  it('measures the first answer in working hours, per person, against the target', () => {
    // Pat: 1 hour (Sunday 23:30 → Monday 09:00) and 2 (Tuesday 16:00 → Wednesday 09:00); Sam: 7 and 2.
    expect(table(body, 'first-answer')).toEqual({
      Everyone: [4, 2, 7],
      Pat: [2, 1, 2],
      Sam: [2, 2, 7],
    })
    expect(table(body, 'answered-in-time')).toEqual({
      'Answered within the target': [3, 2],
      'Answered after the target': [1, 0],
      'Not answered, waiting too long': [1, 0],
      'Not answered, within the target': [1, 0],
      'Settled without an answer from the team': [1, 0],
    })
  })

  it('values requests at the price per person times the party, in rand', () => {
    expect(table(body, 'value-by-experience')).toEqual({
      'Sunset Cruise': [5500, 1000, 3000],
      'Table Mountain Hike': [3200, 0, 3200],
    })
    expect(table(body, 'value-by-period')).toEqual({
      Requested: [8700, 2600],
      Confirmed: [1000, 1000],
      Lost: [6200, 1600],
    })
  })

  it('averages published reviews by Cape Town month and counts rejections by reason', () => {
    expect(table(body, 'reviews-by-month')).toEqual({
      'November 2026, Sunset Cruise': [2, 4.5],
      'November 2026, Table Mountain Hike': [1, 4],
    })
    expect(chart(body, 'reviews-by-month').summary).toContain('rated 4.33 out of 5')
    expect(table(body, 'review-rejections')).toEqual({
      'Personal data': [0, 0],
      'Abuse': [0, 1],
      'Not about the experience': [0, 0],
      'Spam': [1, 0],
    })
  })

  it('writes a chart’s CSV from exactly the rows drawn', () => {
    expect(reportChartCsv(chart(body, 'value-by-period'))).toBe(
      '\uFEFFValue,This period (ZAR),Previous period (ZAR)\r\nRequested,8700,2600\r\nConfirmed,1000,1000\r\nLost,6200,1600\r\n',
    )
  })
})

describe('the Reports figures for one experience', () => {
  it('keeps to the Sunset Cruise, and lists each of its departures ahead', async () => {
    const body = await report({...NOVEMBER, experience: 'sunset-cruise'})
    expect(table(body, 'requests-by-experience')).toEqual({'Sunset Cruise': [5, 1]})
    expect(table(body, 'outcomes')['Requested']).toEqual([5, 1])
    expect(table(body, 'waitlist')['Joined a waitlist']).toEqual([3, 1])
    expect(table(body, 'occupancy-by-experience')).toEqual({'Sunset Cruise': [7, 180]})
    const ahead = chart(body, 'departures-ahead').rows
    expect(ahead).toHaveLength(56)
    expect(ahead[0]).toEqual({label: 'Tue 1 Dec 2026', values: [0, 0, 6]})
    expect(ahead[2]).toEqual({label: 'Thu 3 Dec 2026', values: [0, 1, 6]})
    expect(table(body, 'reviews-by-month')).toEqual({'November 2026': [2, 4.5]})
    expect(table(body, 'review-rejections')['Spam']).toEqual([1, 0])
    expect(table(body, 'review-rejections')['Abuse']).toEqual([0, 0])
  })
})

describe('places held in the weeks ahead', () => {
  const HELD = [
    // A waitlist offer holds its places; a reseller's hold too; a request made from an offer is held while open.
    waitlistEntry('w-offer', sast('2026-11-20 10:00'), {
      experience_id: 'table-mountain',
      date: '2026-12-10',
      preferred_time: 'Morning',
      pax_total: 2,
      state: 'offered',
      offered_at: sast('2026-11-30 10:00'),
    }),
    {
      _id: 'octoBooking.hold-1',
      _type: 'octoBooking',
      experience_id: 'table-mountain',
      date: '2026-12-10',
      preferred_time: 'Afternoon',
      pax_total: 1,
      state: 'on_hold',
    },
    booking('b-from-offer', 'table-mountain', '2026-11-29 10:00', {
      pax_total: 1,
      date: '2026-12-11',
      preferred_time: 'Morning',
      waitlist_entry: 'waitlistEntry.w-offer',
    }),
  ] as IdentifiedSanityDocumentStub[]
  const bookings = () => lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
  beforeAll(async () => {
    const tx = bookings().transaction()
    for (const doc of HELD) tx.create(doc)
    await tx.commit()
  })
  afterAll(async () => {
    const tx = bookings().transaction()
    for (const doc of HELD) tx.delete(doc._id)
    await tx.commit()
  })

  it('counts offers, resellers’ holds and requests from an offer as taken, as every place count does', async () => {
    const body = await report({...NOVEMBER, experience: 'table-mountain'})
    const ahead = table(body, 'departures-ahead')
    expect(ahead['Thu 10 Dec 2026, Morning']).toEqual([2, 0, 4])
    expect(ahead['Thu 10 Dec 2026, Afternoon']).toEqual([1, 0, 4])
    expect(ahead['Fri 11 Dec 2026, Morning']).toEqual([1, 0, 4])
  })
})

describe('requests a reseller sold', () => {
  const SOLD = booking('b-reseller', 'table-mountain', '2026-11-18 12:00', {
    status: 'confirmed',
    pax_total: 2,
    date: '2026-12-02',
    preferred_time: 'Morning',
    source: 'reseller',
    reseller_name: 'Harbour Tours',
  }) as IdentifiedSanityDocumentStub
  const bookings = () => lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
  beforeAll(async () => {
    await bookings().create(SOLD)
  })
  afterAll(async () => {
    await bookings().delete(SOLD._id)
  })

  it('counts each reseller by name as a source of its own', async () => {
    const body = await report({...NOVEMBER, experience: 'table-mountain'})
    expect(table(body, 'requests-by-source')).toEqual({
      'Website': [1, 1],
      'Website, from a waitlist offer': [1, 0],
      'Booking desk (phone or walk-in)': [0, 0],
      'Reseller: Harbour Tours': [1, 0],
    })
  })
})

describe('bad input', () => {
  it.each([
    [{from: '2026-11-01'}, 'to'],
    [{from: '2026-11-31', to: '2026-12-01'}, 'from'],
    [{from: '2026-12-01', to: '2026-11-01'}, 'to'],
    [{from: '2025-11-01', to: '2026-11-30'}, 'to'],
    [{...NOVEMBER, experience: 'Sunset Cruise'}, 'experience'],
  ])('%j is refused with 400 naming %s', async (params, field) => {
    const result = await getReport(deps(), new URLSearchParams(params))
    expect(result.status).toBe(400)
    expect(Object.keys((result.body as {fieldErrors: object}).fieldErrors)).toContain(field)
  })

  it('refuses a parameter given twice', async () => {
    const result = await getReport(
      deps(),
      new URLSearchParams('from=2026-11-01&from=2026-10-01&to=2026-11-30'),
    )
    expect(result.status).toBe(400)
  })
})

describe('GET /api/staff/reports', () => {
  const app = () =>
    staffTestApp(lake, {
      content: lake.client({token: lake.secrets.writeToken, perspective: 'published'}),
      now: () => NOW,
    })
  const path = '/reports?from=2026-11-01&to=2026-11-30&experience=sunset-cruise'

  it.each(['owner', 'manager'] as const)('answers a %s with the report', async (role) => {
    const {request, signIn} = app()
    const response = await request(path, {cookie: await signIn(role)})
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = (await response.json()) as Report
    expect(table(body, 'outcomes')['Requested']).toEqual([5, 1])
  })

  it.each(['staff', 'guide'] as const)('refuses a %s with 403', async (role) => {
    const {request, signIn} = app()
    const response = await request(path, {cookie: await signIn(role)})
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual(problemBody(403, 'Your role does not allow this.'))
  })

  it('refuses without a session (401) and tells another method to use GET (405)', async () => {
    const {request, signIn} = app()
    expect((await request(path)).status).toBe(401)
    const post = await request('/reports', {
      method: 'POST',
      cookie: await signIn('owner'),
      body: '{}',
    })
    expect(post.status).toBe(405)
  })
})

describe('the bookings CSV', () => {
  it('gives each booking its value: the price per person times the party, as the Value charts count it', async () => {
    const result = await exportBookingsCsv(deps(), {view: 'all'})
    expect(result.status).toBe(200)
    const [header, ...lines] = String(result.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    const titles = header!.split(',')
    const value = titles.indexOf('Value (ZAR)')
    expect(value).toBe(titles.indexOf('Total pax') + 1)
    // The cells before it hold no separator: a naive split finds the reference and the value.
    const valueOf = Object.fromEntries(
      lines.map((line) => [line.split(',')[0], line.split(',')[value]]),
    )
    expect(valueOf['CTE-B2']).toBe('2000')
    expect(valueOf['CTE-B3']).toBe('800')
    expect(valueOf['CTE-B4']).toBe('2400')
  })
})


import {Hono} from 'hono'

import {serveSignedInStaff} from './signed-in-staff-server.ts'

import {addDays} from '../../schemas/src/iso-date.ts'
import {startTestLake} from '../../lake/src/testing/start-test-lake.ts'
import {hashPassword} from '../../functions/staff/admin-password.ts'
import {createStaffRoutes} from '../../functions/staff/create-staff-routes.ts'
import {testDecisionDeps} from '../../functions/staff/testing/decision-deps.ts'
import type {BenchResult} from './stats.ts'

/**
 * The Reports page's data (docs/decisions/210-reports-figures-in-one-module.md) for a year with 10,000 requests
 * over six experiences, with their histories, 1,000 waitlist entries and 1,000 reviews, through the staff API over
 * HTTP as the browser asks for it. Target: p95 ≤ 1 s on the local lake.
 */
const DOCUMENTS = 10_000
const YEAR_START = '2026-01-01'
const EXPERIENCES = [
  {
    slug: 'lions-head-sunset-hike',
    title: "Lion's Head Sunset Hike",
    slots: ['Sunset'],
    capacity: 8,
  },
  {slug: 'cape-winelands-tour', title: 'Cape Winelands Tour', slots: ['Full Day'], capacity: 8},
  {
    slug: 'bo-kaap-food-walk',
    title: 'Bo-Kaap Food Walk',
    slots: ['Morning', 'Afternoon'],
    capacity: 6,
  },
  {slug: 'township-jazz-night', title: 'Township Jazz Night', slots: ['Evening'], capacity: 10},
  {slug: 'cape-point-penguins', title: 'Cape Point & Penguins', slots: ['Full Day'], capacity: 8},
  {slug: 'sunset-cruise', title: 'Sunset Cruise', slots: ['Sunset'], capacity: 30},
]
const STATUSES = ['new', 'contacted', 'confirmed', 'confirmed', 'declined', 'closed']
const COUNTRIES = ['South Africa', 'Germany', 'United Kingdom', 'United States', 'Netherlands']
const HEARD = ['Google', 'Social Media', 'Friend/Family Referral', undefined]
const RUNS = 20
const MINUTES_A_YEAR = 365 * 24 * 60

export async function benchReports(): Promise<BenchResult[]> {
  const lake = await startTestLake()
  const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
  const content = lake.client({token: lake.secrets.writeToken, perspective: 'published'})
  const admin = lake.client({token: lake.secrets.rootToken})
  const tx = admin.transaction()
  EXPERIENCES.forEach((e, index) => {
    tx.createOrReplace({
      _id: `experience-${e.slug}`,
      _type: 'experience',
      title: e.title,
      slug: {_type: 'slug', current: e.slug},
      fromPrice: 300 + index * 150,
    })
    tx.createOrReplace({
      _id: `settings-${e.slug}`,
      _type: 'experienceSettings',
      experience: {_type: 'reference', _ref: `experience-${e.slug}`},
      minPax: 1,
      maxPax: e.capacity,
      timeSlots: e.slots,
      leadTimeDays: 2,
      blackoutDates: [],
      capacity: e.capacity,
    })
  })
  for (let i = 0; i < 1_000; i++) {
    const at = new Date(Date.UTC(2026, 0, 1) + i * 500 * 60_000).toISOString()
    tx.createOrReplace({
      _id: `${i % 5 === 0 ? 'drafts.' : ''}review-${i}`,
      _type: 'review',
      experience: {_type: 'reference', _ref: `experience-${EXPERIENCES[i % 6]!.slug}`},
      rating: 1 + (i % 5),
      text: 'A review long enough to be one.',
      displayName: 'Alex B',
      submittedAt: at,
      ...(i % 10 === 0 ? {rejectionReason: 'spam'} : {}),
    })
  }
  await tx.commit()
  for (let start = 0; start < DOCUMENTS; start += 500) {
    const batch = bookings.transaction()
    for (let i = start; i < Math.min(DOCUMENTS, start + 500); i++) {
      const e = EXPERIENCES[i % EXPERIENCES.length]!
      const created = new Date(
        Date.UTC(2026, 0, 1) + Math.floor((i * MINUTES_A_YEAR) / DOCUMENTS) * 60_000,
      )
      const status = STATUSES[Math.floor(i / EXPERIENCES.length) % STATUSES.length]!
      const answered = new Date(created.getTime() + (1 + (i % 30)) * 3_600_000).toISOString()
      batch.create({
        _id: `booking-${i}`,
        _type: 'booking',
        booking_ref: `CTX-${String(i).padStart(6, '0')}`,
        status,
        created_at: created.toISOString(),
        experience_id: e.slug,
        experience_title: e.title,
        date: addDays(created.toISOString().slice(0, 10), 3 + (i % 80)),
        preferred_time: e.slots[i % e.slots.length],
        pax_adults: 1,
        pax_children: i % 3,
        pax_total: 1 + (i % 3),
        name: `Traveller ${i}`,
        email: `traveller${i}@example.com`,
        country: COUNTRIES[i % COUNTRIES.length],
        how_heard_about_us: HEARD[i % HEARD.length],
        status_history: [
          {
            _key: 'created',
            _type: 'statusChange',
            status: 'new',
            at: created.toISOString(),
            by: 'website',
          },
          ...(status === 'new'
            ? []
            : [
                {
                  _key: 'answer',
                  _type: 'statusChange',
                  status,
                  at: answered,
                  by: i % 2 ? 'Pat Owner' : 'Sam Manager',
                  by_id: i % 2 ? 'staffMember.pat' : 'staffMember.sam',
                },
              ]),
        ],
      })
    }
    await batch.commit({visibility: 'async'})
  }
  const waitlist = bookings.transaction()
  for (let i = 0; i < 1_000; i++) {
    waitlist.create({
      _id: `waitlistEntry.bench-${i}`,
      _type: 'waitlistEntry',
      experience_id: EXPERIENCES[i % 6]!.slug,
      date: '2027-06-01',
      preferred_time: '',
      pax_total: 2,
      name: `Waiting ${i}`,
      email: `waiting${i}@example.com`,
      state: ['waiting', 'lapsed', 'booked'][i % 3],
      joined_at: new Date(Date.UTC(2026, 0, 1) + i * 500 * 60_000).toISOString(),
      ...(i % 3
        ? {offered_at: new Date(Date.UTC(2026, 0, 2) + i * 500 * 60_000).toISOString()}
        : {}),
    })
  }
  await waitlist.commit()

  const app = new Hono()
  const own = new Set<string>()
  app.route(
    '/api/staff',
    createStaffRoutes({
      ownOrigins: own,
      client: bookings,
      content,
      now: () => new Date(),
      bootstrapPassword: hashPassword('bench-password'),
      decisions: testDecisionDeps(content),
      listen: async () => {},
    }),
  )
  const {server, base, cookie} = await serveSignedInStaff(app, own, 'bench-password')
  try {
    const measure = async (name: string, url: (i: number) => string): Promise<BenchResult> => {
      const samples: number[] = []
      let charts = 0
      let requests = 0
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now()
        const response = await fetch(`${base}${url(i)}`, {headers: {cookie}})
        if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`)
        const body = (await response.json()) as {
          charts: {id: string; rows: {label: string; values: number[]}[]}[]
        }
        samples.push(performance.now() - started)
        charts = body.charts.length
        requests = body.charts.find((c) => c.id === 'outcomes')?.rows[0]?.values[0] ?? 0
      }
      return {name, unit: 'ms', samples, extra: {charts, 'requests in the year': requests}}
    }
    // Each run a range starting a day later, so nothing is answered from a cache.
    const from = (i: number) => addDays(YEAR_START, i % 5)
    return [
      await measure(
        `reports: a year, all experiences (${DOCUMENTS / 1000}k bookings)`,
        (i) => `/api/staff/reports?from=${from(i)}&to=${addDays(from(i), 364)}`,
      ),
      await measure(
        `reports: a year, one experience (${DOCUMENTS / 1000}k bookings)`,
        (i) =>
          `/api/staff/reports?from=${from(i)}&to=${addDays(from(i), 364)}&experience=${EXPERIENCES[i % 6]!.slug}`,
      ),
    ]
  } finally {
    server.close()
    await lake.stop()
  }
}

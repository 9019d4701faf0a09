
import {Hono} from 'hono'

import {serveSignedInStaff} from './signed-in-staff-server.ts'

import {addDays} from '../../schemas/src/iso-date.ts'
import {startTestLake} from '../../lake/src/testing/start-test-lake.ts'
import {getAvailability} from '../../functions/get-availability/handler.ts'
import {createRateLimiter} from '../../functions/lib/rate-limit.ts'
import {hashPassword} from '../../functions/staff/admin-password.ts'
import {createStaffRoutes} from '../../functions/staff/create-staff-routes.ts'
import type {BenchResult} from './stats.ts'
import {testDecisionDeps} from '../../functions/staff/testing/decision-deps.ts'

/**
 * Places per departure are computed on the lake by one GROQ query per view, with 10,000 bookings over
 * a year of six experiences. Targets: the public availability of one experience over 90 days p95 ≤ 50 ms; the
 * staff departures view over 30 days (every experience, with the people on each departure) p95 ≤ 150 ms. Both
 * over HTTP, through the real handlers, as the browser calls them.
 */
const DOCUMENTS = 10_000
const FIRST_DATE = '2027-01-01'
const DAYS = 365
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
const RUNS = 60

export async function benchCapacity(): Promise<BenchResult[]> {
  const lake = await startTestLake()
  const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
  const content = lake.client({perspective: 'published'})
  const admin = lake.client({token: lake.secrets.rootToken})
  const tx = admin.transaction()
  for (const e of EXPERIENCES) {
    tx.createOrReplace({
      _id: `experience-${e.slug}`,
      _type: 'experience',
      title: e.title,
      slug: {_type: 'slug', current: e.slug},
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
  }
  await tx.commit()
  for (let start = 0; start < DOCUMENTS; start += 500) {
    const batch = bookings.transaction()
    for (let i = start; i < Math.min(DOCUMENTS, start + 500); i++) {
      const e = EXPERIENCES[i % EXPERIENCES.length]!
      batch.create({
        _id: `booking-${i}`,
        _type: 'booking',
        booking_ref: `CTX-${String(i).padStart(6, '0')}`,
        // Not i % 6 as for the experience, or each experience would get one status.
        status: STATUSES[Math.floor(i / EXPERIENCES.length) % STATUSES.length],
        created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
        experience_id: e.slug,
        experience_title: e.title,
        date: addDays(FIRST_DATE, (i * 7) % DAYS),
        preferred_time: e.slots[i % e.slots.length],
        pax_adults: 1,
        pax_children: i % 2,
        pax_total: 1 + (i % 2),
        name: `Traveller ${i}`,
        email: `traveller${i}@example.com`,
        phone: '+27 82 000 0000',
        pickup_location: 'Sea Point',
      })
    }
    await batch.commit({visibility: 'async'})
  }

  const app = new Hono()
  const limiter = createRateLimiter({limit: 1_000_000, windowMs: 60_000})
  app.get('/api/availability', (c) =>
    getAvailability(
      c.req.raw,
      {clientAddress: '127.0.0.1'},
      {content, bookings, rateLimiter: limiter},
    ),
  )
  const own = new Set<string>()
  app.route(
    '/api/staff',
    createStaffRoutes({
      // The server's address is known once it listens.
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
    const measure = async (
      name: string,
      url: (i: number) => string,
      headers: Record<string, string> = {},
    ): Promise<BenchResult> => {
      const samples: number[] = []
      let rows = 0
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now()
        const response = await fetch(`${base}${url(i)}`, {headers})
        if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`)
        const body = (await response.json()) as {departures: unknown[]}
        samples.push(performance.now() - started)
        rows = body.departures.length
      }
      return {name, unit: 'ms', samples, extra: {'departures in the answer': rows}}
    }
    // Each run a different window, so nothing is answered from a cache.
    const from = (i: number) => addDays(FIRST_DATE, (i * 3) % 240)
    return [
      await measure(
        'availability, one experience, 90 days (10k bookings)',
        (i) =>
          `/api/availability?experience=${EXPERIENCES[i % EXPERIENCES.length]!.slug}&from=${from(i)}&to=${addDays(from(i), 89)}`,
      ),
      await measure(
        'staff departures view, 30 days (10k bookings)',
        (i) => `/api/staff/departures?from=${from(i)}&to=${addDays(from(i), 29)}`,
        {cookie},
      ),
    ]
  } finally {
    server.close()
    await lake.stop()
  }
}

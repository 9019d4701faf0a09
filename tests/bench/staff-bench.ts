
import {Hono} from 'hono'

import {serveSignedInStaff} from './signed-in-staff-server.ts'

import {startTestLake} from '../../lake/src/testing/start-test-lake.ts'
import {hashPassword} from '../../functions/staff/admin-password.ts'
import {createStaffRoutes} from '../../functions/staff/create-staff-routes.ts'
import {createLakeListener} from '../../functions/staff/lake-listen.ts'
import type {BenchResult} from './stats.ts'
import {testDecisionDeps} from '../../functions/staff/testing/decision-deps.ts'

/**
 * Search and filters through the staff API (session cookie, HTTP, GROQ on the lake) over 10,000
 * bookings; the target is p95 ≤ 150 ms. Each request also returns the tiles and the distinct experiences.
 */
const DOCUMENTS = 10_000
const NAMES = [
  'Thandi',
  'Sipho',
  'Emma',
  'Liam',
  'Aisha',
  'Pieter',
  'Naledi',
  'Oliver',
  'Zanele',
  'Sophie',
]
const EXPERIENCES = [
  "Lion's Head Sunset Hike",
  'Cape Winelands Tour',
  'Bo-Kaap Food Walk',
  'Township Jazz Night',
  'Cape Point & Penguins',
  'Sunset Cruise',
]
const STATUSES = ['new', 'contacted', 'confirmed', 'declined', 'closed']
const RUNS = 40

export async function benchStaff(): Promise<BenchResult[]> {
  const lake = await startTestLake()
  const client = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
  for (let start = 0; start < DOCUMENTS; start += 500) {
    const tx = client.transaction()
    for (let i = start; i < Math.min(DOCUMENTS, start + 500); i++) {
      const name = `${NAMES[i % NAMES.length]} Traveller${i}`
      tx.create({
        _id: `booking-${i}`,
        _type: 'booking',
        booking_ref: `CTX-${String(i).padStart(6, '0')}`,
        status: STATUSES[i % STATUSES.length],
        created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
        experience_title: EXPERIENCES[i % EXPERIENCES.length],
        date: '2026-12-10',
        pax_adults: 2,
        pax_children: i % 3,
        pax_total: 2 + (i % 3),
        name,
        email: `traveller${i}@example.com`,
      })
    }
    await tx.commit({visibility: 'async'})
  }
  const app = new Hono()
  const own = new Set<string>()
  app.route(
    '/api/staff',
    createStaffRoutes({
      // The server's address is known once it listens.
      ownOrigins: own,
      client,
      now: () => new Date(),
      bootstrapPassword: hashPassword('bench-password'),
      decisions: testDecisionDeps(lake.client({perspective: 'published'})),
      listen: createLakeListener({
        apiHost: lake.url,
        apiVersion: '2025-02-19',
        dataset: 'bookings',
        token: lake.secrets.writeToken,
      }),
    }),
  )
  const {server, base, cookie} = await serveSignedInStaff(app, own, 'bench-password')
  try {
    const measure = async (name: string, query: (i: number) => string): Promise<BenchResult> => {
      const samples: number[] = []
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now()
        const response = await fetch(`${base}/api/staff/bookings?${query(i)}`, {headers: {cookie}})
        if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`)
        await response.json()
        samples.push(performance.now() - started)
      }
      return {name: `staff API ${name} (10k bookings)`, unit: 'ms', samples}
    }
    // Every staff request reads its session and person in the lake (no cache, so a Lock is seen at once): this is
    // what that costs on top of each request's own work.
    const sessionCheck = async (): Promise<BenchResult> => {
      const samples: number[] = []
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now()
        const response = await fetch(`${base}/api/staff/session`, {headers: {cookie}})
        if (!response.ok) throw new Error(`session check: HTTP ${response.status}`)
        await response.json()
        samples.push(performance.now() - started)
      }
      return {name: 'staff API session check in the lake (GET /session)', unit: 'ms', samples}
    }
    return [
      await sessionCheck(),
      await measure('first page, no filter', () => ''),
      await measure(
        'search',
        (i) => `search=${encodeURIComponent(NAMES[i % NAMES.length]!.toLowerCase().slice(1, 4))}`,
      ),
      await measure('status filter', (i) => `status=${STATUSES[i % STATUSES.length]}`),
      await measure(
        'experience filter',
        (i) => `experience=${encodeURIComponent(EXPERIENCES[i % EXPERIENCES.length]!)}`,
      ),
      await measure(
        'search + status + experience',
        (i) =>
          `search=traveller${i}&status=${STATUSES[i % STATUSES.length]}&experience=${encodeURIComponent(EXPERIENCES[i % EXPERIENCES.length]!)}`,
      ),
      await measure('page 200', () => 'page=200'),
    ]
  } finally {
    server.close()
    await lake.stop()
  }
}

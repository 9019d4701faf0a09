import type {AddressInfo} from 'node:net'
import {randomUUID} from 'node:crypto'

import {serve} from '@hono/node-server'
import {Hono} from 'hono'

import {createRateLimiter} from '../../functions/lib/rate-limit.ts'
import {createOctoRoutes} from '../../functions/octo/octo-routes.ts'
import {createReseller} from '../../functions/octo/resellers.ts'
import {startTestLake} from '../../lake/src/testing/start-test-lake.ts'
import {addDays} from '../../schemas/src/iso-date.ts'
import type {BenchResult} from './stats.ts'

/**
 * The OCTO supplier API (functions/octo) over HTTP, through its real routes on a real lake (issue 44):
 *
 * - a 90-day availability calendar for one product with 10,000 bookings and reseller holds in the dataset, each run a
 *   different window: target p95 ≤ 100 ms;
 * - reserve + confirm by 16 reseller clients at once (each its own key), each booking two places again and again on
 *   16 departures of 10 places (each client starting on its own, then taking the next not yet sold out) until every
 *   place is sold: throughput of whole bookings and p95 of one reserve + confirm; then the places confirmed are
 *   counted on the lake, and the run fails if any departure has more or fewer than its capacity or OCTO still offers
 *   a place.
 */
const DOCUMENTS = 10_000
const FIRST_DATE = '2027-01-01'
const DAYS = 365
const SLUG = 'bo-kaap-food-walk'
const PRODUCT = `experience-${SLUG}`
const OTHERS = [
  'lions-head-sunset-hike',
  'cape-winelands-tour',
  'township-jazz-night',
  'cape-point-penguins',
]
const RUNS = 60
const CLIENTS = 16
/** The raced departures: 16 days after the seeded year, each with these places (five groups of two). */
const RACE_DATES = Array.from({length: 16}, (_, i) => addDays('2028-06-01', i))
const RACE_CAPACITY = 10
const GROUP = 2

type Availability = {
  id: string
  localDateTimeStart: string
  vacancies: number | null
  available: boolean
}

export async function benchOcto(): Promise<BenchResult[]> {
  const lake = await startTestLake()
  const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
  const content = lake.client({perspective: 'published'})
  await lake
    .client({token: lake.secrets.rootToken})
    .transaction()
    .createOrReplace({
      _id: PRODUCT,
      _type: 'experience',
      title: 'Bo-Kaap Food Walk',
      slug: {_type: 'slug', current: SLUG},
      resellable: true,
      fromPrice: 320,
      startTime: '10:00',
      duration: '2 hours',
    })
    .createOrReplace({
      _id: `settings-${SLUG}`,
      _type: 'experienceSettings',
      experience: {_type: 'reference', _ref: PRODUCT},
      minPax: 1,
      maxPax: 6,
      capacity: 12,
      timeSlots: ['Morning'],
      leadTimeDays: 2,
      blackoutDates: [],
      capacityOverrides: RACE_DATES.map((date) => ({_key: date, date, capacity: RACE_CAPACITY})),
    })
    .commit()

  // 10,000 documents over a year: the walk's bookings and reseller holds among other experiences' bookings.
  for (let start = 0; start < DOCUMENTS; start += 500) {
    const batch = bookings.transaction()
    for (let i = start; i < Math.min(DOCUMENTS, start + 500); i++) {
      const slug = i % 3 === 0 ? SLUG : OTHERS[i % OTHERS.length]!
      const date = addDays(FIRST_DATE, (i * 7) % DAYS)
      if (i % 30 === 0) {
        batch.create({
          _id: `octo-hold-${i}`,
          _type: 'octoBooking',
          uuid: randomUUID(),
          reseller_id: 'reseller-bench',
          reseller_name: 'Bench Tours',
          state: 'on_hold',
          product_id: PRODUCT,
          experience_id: SLUG,
          experience_title: 'Bo-Kaap Food Walk',
          date,
          preferred_time: 'Morning',
          availability_id: `${date}T10:00:00+02:00`,
          unit_items: [],
          pax_adults: 1,
          pax_children: 0,
          pax_total: 1,
          supplier_reference: `OCTO-${i}`,
          utc_expires_at: '2099-01-01T00:00:00Z',
        })
        continue
      }
      batch.create({
        _id: `booking-${i}`,
        _type: 'booking',
        booking_ref: `CTX-${String(i).padStart(6, '0')}`,
        status: ['new', 'contacted', 'confirmed', 'confirmed', 'declined'][Math.floor(i / 3) % 5],
        created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
        experience_id: slug,
        experience_title: slug,
        date,
        preferred_time: 'Morning',
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
  const keys = await Promise.all(
    Array.from(
      {length: CLIENTS},
      async (_, i) =>
        (await createReseller(bookings, {name: `Bench reseller ${i + 1}`, createdBy: 'bench'})).key,
    ),
  )

  const app = new Hono().route(
    '/octo',
    createOctoRoutes(() => ({
      content,
      bookings,
      limiter: createRateLimiter({limit: 1_000_000, windowMs: 60_000}),
      siteUrl: 'http://127.0.0.1',
      // A fixed day, so the seeded year is ahead and inside the two-year window.
      now: () => new Date('2026-12-01T08:00:00Z'),
    })),
  )
  const server = serve({fetch: app.fetch, port: 0, hostname: '127.0.0.1'})
  await new Promise((resolve) => server.once('listening', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/octo`
  const octo = async <T>(key: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        'authorization': `Bearer ${key}`,
        'octo-capabilities': 'octo/pricing',
        'content-type': 'application/json',
      },
      ...(body === undefined ? {} : {body: JSON.stringify(body)}),
    })
    return {status: response.status, body: (await response.json()) as T}
  }

  try {
    // The calendar: each run a different 90-day window of the seeded year.
    const calendar: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const from = addDays(FIRST_DATE, (i * 5) % (DAYS - 90))
      const started = performance.now()
      const {status, body} = await octo<unknown[]>(keys[0]!, 'POST', '/availability/calendar', {
        productId: PRODUCT,
        optionId: 'DEFAULT',
        localDateStart: from,
        localDateEnd: addDays(from, 89),
      })
      calendar.push(performance.now() - started)
      if (status !== 200 || body.length !== 90) throw new Error(`calendar: HTTP ${status}`)
    }

    // The race: 16 resellers book two places at a time until every raced departure is sold out.
    const {body: departures} = await octo<Availability[]>(keys[0]!, 'POST', '/availability', {
      productId: PRODUCT,
      optionId: 'DEFAULT',
      localDateStart: RACE_DATES[0],
      localDateEnd: RACE_DATES.at(-1),
    })
    const ids = departures.map((d) => d.id)
    if (ids.length !== RACE_DATES.length) throw new Error(`race: ${ids.length} departures`)
    const booked: number[] = []
    let refused = 0
    // The departures not yet seen sold out, as the resellers' availability reads would tell them.
    const open = [...ids]
    const started = performance.now()
    await Promise.all(
      keys.map(async (key, client) => {
        for (let n = client; open.length > 0; n++) {
          const availabilityId = open[n % open.length]!
          const begun = performance.now()
          const reserved = await octo<{uuid: string; error?: string; errorMessage?: string}>(
            key,
            'POST',
            '/bookings',
            {
              uuid: randomUUID(),
              productId: PRODUCT,
              optionId: 'DEFAULT',
              availabilityId,
              unitItems: Array.from({length: GROUP}, () => ({unitId: 'adult'})),
            },
          )
          if (reserved.status !== 200) {
            if (!/sold out|left on this departure/.test(reserved.body.errorMessage ?? ''))
              throw new Error(`reserve: HTTP ${reserved.status} ${JSON.stringify(reserved.body)}`)
            refused++
            if (open.includes(availabilityId)) open.splice(open.indexOf(availabilityId), 1)
            continue
          }
          const confirmed = await octo<{status: string}>(
            key,
            'POST',
            `/bookings/${reserved.body.uuid}/confirm`,
            {
              resellerReference: `BENCH-${client}-${n}`,
              contact: {
                fullName: `Traveller ${client}-${n}`,
                emailAddress: `t${client}-${n}@example.com`,
              },
            },
          )
          if (confirmed.status !== 200 || confirmed.body.status !== 'CONFIRMED')
            throw new Error(`confirm: HTTP ${confirmed.status} ${JSON.stringify(confirmed.body)}`)
          booked.push(performance.now() - begun)
        }
      }),
    )
    const seconds = (performance.now() - started) / 1000

    // Nothing oversold: the places confirmed on each raced departure, read from the lake, and what OCTO says is left.
    const sold = await bookings.fetch<{date: string; places: number}[]>(
      `*[_type == "booking" && experience_id == $slug && date in $dates && status == "confirmed"]{date, "places": pax_total}`,
      {slug: SLUG, dates: RACE_DATES},
    )
    for (const date of RACE_DATES) {
      const places = sold.filter((s) => s.date === date).reduce((sum, s) => sum + s.places, 0)
      if (places !== RACE_CAPACITY)
        throw new Error(
          `${date}: ${places} places sold of ${RACE_CAPACITY}: ${places > RACE_CAPACITY ? 'oversold' : 'not sold out'}`,
        )
    }
    const {body: after} = await octo<Availability[]>(keys[0]!, 'POST', '/availability', {
      productId: PRODUCT,
      optionId: 'DEFAULT',
      availabilityIds: ids,
    })
    if (after.some((d) => d.available || (d.vacancies ?? 0) !== 0))
      throw new Error(`after the race: ${JSON.stringify(after)}`)

    return [
      {
        name: 'OCTO availability calendar, one product, 90 days (10k bookings)',
        unit: 'ms',
        samples: calendar,
      },
      {
        name: `OCTO reserve + confirm, ${CLIENTS} resellers at once (${GROUP} places each)`,
        unit: 'ms',
        samples: booked,
        extra: {
          'bookings/s': Math.round((booked.length / seconds) * 10) / 10,
          'bookings': booked.length,
          'refused as full': refused,
          'oversold departures': 0,
        },
      },
    ]
  } finally {
    server.close()
    await lake.stop()
  }
}

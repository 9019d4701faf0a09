/**
 * Staff confirmations against places per departure (docs/decisions/007-places-per-departure.md), through the staff
 * API on the real lake: the numbers and "Confirm anyway", the history entry, and 50 confirmations racing for a
 * departure's last 4 places.
 */
import type {SanityClient} from '@sanity/client'
import {Hono} from 'hono'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {FULLY_BOOKED_MESSAGE} from '@repo/schemas/capacity.ts'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {createBookingRequest} from '../create-booking-request/handler.ts'
import {createChallengeService} from '../lib/challenge.ts'
import {createRateLimiter} from '../lib/rate-limit.ts'
import {jsonPost} from '../lib/testing/json-request.ts'
import {solvedQuestion} from '../lib/testing/solve-question.ts'
import {ownOrigins} from '../lib/own-origins.ts'
import {createBookingsClient} from '../lib/sanity-client.ts'
import {hashPassword} from './admin-password.ts'
import {createStaffRoutes} from './create-staff-routes.ts'
import {departureSnapshotQuery} from './departure-queries.ts'
import {SESSION_COOKIE} from './staff-session.ts'
import {testDecisionDeps} from './testing/decision-deps.ts'

const ORIGIN = 'http://site.test'
const PASSWORD = 'correct horse battery'
const SLUG = 'lions-head-sunset-hike'
const TODAY = '2030-01-01'

let lake: TestLake
let app: Hono
let cookie: string

const bookingsClient = () => lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})

/**
 * The local lake answers queries in order on one worker, which happens to serialise racing confirmations; a
 * hosted dataset over a network does not. So the staff API's reads of a departure come back after a pause here,
 * as over a real network: every racer then reads the same places left before anyone writes, and only the
 * departure lock keeps them within capacity (without it, more than the places get confirmed).
 */
function withReadLatency(client: SanityClient, ms: number): SanityClient {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'fetch')
        return async (query: string, ...rest: unknown[]) => {
          const result = await (target.fetch as (...args: unknown[]) => Promise<unknown>)(
            query,
            ...rest,
          )
          if (query === departureSnapshotQuery) await new Promise((r) => setTimeout(r, ms))
          return result
        }
      const value = Reflect.get(target, property, receiver)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

function booking(id: string, date: string, pax: number, status = 'new') {
  return {
    _id: id,
    _type: 'booking',
    booking_ref: `CTE-${id}`,
    status,
    created_at: '2029-12-01T08:00:00.000Z',
    experience_id: SLUG,
    experience_title: "Lion's Head Sunset Hike",
    date,
    preferred_time: 'Sunset',
    pax_adults: pax,
    pax_children: 0,
    pax_total: pax,
    name: `Traveller ${id}`,
    email: `${id}@example.com`,
  }
}

const api = (path: string, init: RequestInit = {}) => {
  const headers = new Headers(init.headers)
  headers.set('cookie', `${SESSION_COOKIE}=${cookie}`)
  headers.set('origin', ORIGIN)
  if (init.body) headers.set('content-type', 'application/json')
  return app.request(`${ORIGIN}/api/staff${path}`, {...init, headers})
}

async function setStatus(id: string, status: string, extra: Record<string, unknown> = {}) {
  const current = await bookingsClient().getDocument(id)
  return api(`/bookings/${id}/status`, {
    method: 'PATCH',
    body: JSON.stringify({status, revision: current!._rev, ...extra}),
  })
}

const confirmedPax = (date: string) =>
  bookingsClient().fetch<number>(
    'math::sum(*[_type == "booking" && experience_id == $slug && date == $date && status == "confirmed"].pax_total)',
    {slug: SLUG, date},
  )

beforeAll(async () => {
  lake = await startTestLake()
  await lake
    .client({token: lake.secrets.rootToken})
    .transaction()
    .createOrReplace({
      _id: 'exp-hike',
      _type: 'experience',
      title: "Lion's Head Sunset Hike",
      slug: {_type: 'slug', current: SLUG},
    })
    .createOrReplace({
      _id: 'settings-hike',
      _type: 'experienceSettings',
      experience: {_type: 'reference', _ref: 'exp-hike'},
      minPax: 1,
      maxPax: 8,
      timeSlots: ['Sunset'],
      leadTimeDays: 2,
      capacity: 8,
    })
    .commit()
  app = new Hono()
  app.route(
    '/api/staff',
    createStaffRoutes({
      ownOrigins: ownOrigins(ORIGIN),
      // The server's own client (functions/lib/sanity-client.ts): a racer the lake turns away with 429 is sent
      // again after its Retry-After, and decided, rather than answered with an error.
      client: withReadLatency(
        createBookingsClient({
          sanity: {
            projectId: bookingsClient().config().projectId!,
            dataset: 'production',
            bookingsDataset: 'bookings',
            apiHost: lake.url,
            apiVersion: '2025-02-19',
          },
          writeToken: lake.secrets.writeToken,
        }),
        30,
      ),
      content: lake.client({perspective: 'published'}),
      now: () => new Date('2030-01-01T10:00:00Z'),
      bootstrapPassword: hashPassword(PASSWORD),
      decisions: testDecisionDeps(lake.client({perspective: 'published'})),
      listen: async () => {},
    }),
  )
  const login = await app.request(`${ORIGIN}/api/staff/session`, {
    method: 'POST',
    headers: {'origin': ORIGIN, 'content-type': 'application/json'},
    body: JSON.stringify({password: PASSWORD}),
  })
  cookie = /staff_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]!
}, 30_000)

afterAll(async () => {
  await lake?.stop()
})

describe('confirming against places', () => {
  it('confirms within the places; beyond them shows the numbers and needs "Confirm anyway", which the history records', async () => {
    const tx = bookingsClient().transaction()
    tx.createOrReplace(booking('a1', '2030-02-01', 6))
    tx.createOrReplace(booking('a2', '2030-02-01', 4))
    tx.createOrReplace(booking('a3', '2030-02-01', 1, 'contacted'))
    await tx.commit()

    expect((await setStatus('a1', 'confirmed')).status).toBe(200)
    const refused = await setStatus('a2', 'confirmed')
    expect(refused.status).toBe(409)
    const body = (await refused.json()) as Record<string, any>
    expect(body.code).toBe('over-capacity')
    expect(body.capacity).toEqual({
      date: '2030-02-01',
      slot: '',
      capacity: 8,
      taken: 6,
      requested: 1,
      left: 2,
      pax: 4,
    })
    expect((await bookingsClient().getDocument('a2'))!.status).toBe('new')

    const anyway = await setStatus('a2', 'confirmed', {confirmAnyway: true})
    expect(anyway.status).toBe(200)
    const stored = await bookingsClient().getDocument('a2')
    expect(stored!.status).toBe('confirmed')
    expect(stored!.status_history.at(-1)).toMatchObject({
      status: 'confirmed',
      note: 'Confirmed anyway: 10 of 8 places (4 for this booking, 2 were left)',
    })
    expect(await confirmedPax('2030-02-01')).toBe(10)
  })

  it('frees places when a confirmed booking is declined', async () => {
    await bookingsClient()
      .transaction()
      .createOrReplace(booking('d1', '2030-02-05', 8))
      .createOrReplace(booking('d2', '2030-02-05', 2))
      .commit()
    expect((await setStatus('d1', 'confirmed')).status).toBe(200)
    expect((await setStatus('d2', 'confirmed')).status).toBe(409)
    expect((await setStatus('d1', 'declined')).status).toBe(200)
    expect((await setStatus('d2', 'confirmed')).status).toBe(200)
  })

  it('50 confirmations racing for the last 4 places: never more than the places; then every request for the departure is refused and nothing stored', async () => {
    const date = '2030-03-01'
    const tx = bookingsClient().transaction()
    tx.createOrReplace(booking('race-base', date, 4, 'confirmed'))
    for (let i = 0; i < 50; i++) tx.createOrReplace(booking(`race-${i}`, date, 1))
    await tx.commit()
    const revisions = await bookingsClient().fetch<{_id: string; _rev: string}[]>(
      '*[_id match "race-*" && _id != "race-base"]{_id, _rev}',
    )
    expect(revisions).toHaveLength(50)

    const responses = await Promise.all(
      revisions.map(({_id, _rev}) =>
        api(`/bookings/${_id}/status`, {
          method: 'PATCH',
          body: JSON.stringify({status: 'confirmed', revision: _rev}),
        }),
      ),
    )
    const statuses = responses.map((r) => r.status)
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([])
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as Record<string, any>[]
    const ok = statuses.filter((s) => s === 200).length
    expect(await confirmedPax(date)).toBe(4 + ok)
    expect(4 + ok).toBeLessThanOrEqual(8)
    // Each confirmation re-reads after losing a race, so all four places are taken, not fewer.
    expect(ok).toBe(4)
    for (const body of bodies.filter((_, i) => statuses[i] === 409))
      expect(body.code).toBe('over-capacity')

    const challenges = createChallengeService({
      secret: 'capacity-test-challenges',
      bookings: bookingsClient(),
    })
    const deps = {
      content: lake.client({perspective: 'published'}),
      bookings: bookingsClient(),
      challenges,
      rateLimiter: createRateLimiter({limit: 1000, windowMs: 60_000}),
      notify: {mails: () => [], stored: () => {}},
      today: () => TODAY,
      onError: () => {},
    }
    const before = await bookingsClient().fetch<number>('count(*[_type == "booking"])')
    const requests = await Promise.all(
      Array.from({length: 20}, (_, i) =>
        createBookingRequest(
          jsonPost('/api/booking-requests', {
            experienceId: SLUG,
            date,
            preferredTime: 'Sunset',
            adults: 1,
            children: 0,
            name: `Late Traveller ${i}`,
            email: `late${i}@example.com`,
            consentBooking: true,
            consentPrivacy: true,
            ...solvedQuestion(challenges),
          }),
          {clientAddress: `10.1.0.${i}`},
          deps,
        ),
      ),
    )
    for (const response of requests) {
      expect(response.status).toBe(409)
      expect(((await response.json()) as {detail: string}).detail).toBe(FULLY_BOOKED_MESSAGE)
    }
    expect(await bookingsClient().fetch<number>('count(*[_type == "booking"])')).toBe(before)
  }, 60_000)
})

describe('departures view', () => {
  it('lists each departure in the range with its numbers and the people on it, and a CSV of the same', async () => {
    const response = await api('/departures?from=2030-02-01&to=2030-02-04')
    expect(response.status).toBe(200)
    const body = (await response.json()) as {departures: Record<string, any>[]}
    expect(body.departures).toHaveLength(1)
    const [departure] = body.departures
    expect(departure).toMatchObject({
      experience_id: SLUG,
      experience_title: "Lion's Head Sunset Hike",
      date: '2030-02-01',
      slot: '',
      capacity: 8,
      taken: 10,
      requested: 1,
      left: 0,
    })
    expect(
      departure!.bookings.map((b: Record<string, unknown>) => [b.name, b.pax, b.status]),
    ).toEqual([
      ['Traveller a1', 6, 'confirmed'],
      ['Traveller a2', 4, 'confirmed'],
      ['Traveller a3', 1, 'contacted'],
    ])

    await bookingsClient()
      .patch('a3')
      .set({name: '=cmd|calc', pickup_location: 'Sea Point; Promenade'})
      .commit()
    const csv = await api('/departures.csv?from=2030-02-01&to=2030-02-04')
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-disposition')).toBe(
      'attachment; filename="departures-2030-02-01-to-2030-02-04.csv"',
    )
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toMatch(/^Date,Experience,Slot,Capacity,Taken,Requested,Left,Reference/)
    expect(lines).toHaveLength(4)
    expect(lines[1]).toMatch(
      /^2030-02-01,Lion's Head Sunset Hike,Any time,8,10,1,0,CTE-a1,confirmed,Traveller a1,6,/,
    )
    expect(lines[3]).toContain(`'=cmd|calc`)
    expect(lines[3]).toContain('"Sea Point; Promenade"')
  })

  it('with empty departures: every departure the settings schedule in the range, blackouts and closed slots left out; the CSV the same', async () => {
    await lake
      .client({token: lake.secrets.rootToken})
      .transaction()
      .createOrReplace({
        _id: 'exp-walk',
        _type: 'experience',
        title: 'Bo-Kaap Food Walk',
        slug: {_type: 'slug', current: 'bo-kaap-food-walk'},
      })
      .createOrReplace({
        _id: 'settings-walk',
        _type: 'experienceSettings',
        experience: {_type: 'reference', _ref: 'exp-walk'},
        maxPax: 6,
        timeSlots: ['Morning', 'Afternoon'],
        capacity: 6,
        slotCapacities: [{_key: 's1', slot: 'Afternoon', capacity: 4}],
        blackoutDates: ['2030-02-03'],
        capacityOverrides: [{_key: 'o1', date: '2030-02-04', slot: 'Afternoon', capacity: 0}],
      })
      .createOrReplace({
        _id: 'exp-bespoke',
        _type: 'experience',
        title: 'Your Own Cape Town',
        isBespoke: true,
        slug: {_type: 'slug', current: 'bespoke'},
      })
      .commit()
    try {
      // Without the choice, still only the departures with bookings.
      const booked = (await (await api('/departures?from=2030-02-01&to=2030-02-04')).json()) as {
        departures: Record<string, any>[]
      }
      expect(booked.departures.map((d) => `${d.date} ${d.experience_id} ${d.slot}`)).toEqual([
        '2030-02-01 lions-head-sunset-hike ',
      ])

      const response = await api('/departures?from=2030-02-01&to=2030-02-04&empty=1')
      expect(response.status).toBe(200)
      const body = (await response.json()) as {
        includeEmpty: boolean
        departures: Record<string, any>[]
      }
      expect(body.includeEmpty).toBe(true)
      expect(
        body.departures.map(
          (d) =>
            `${d.date} ${d.experience_id} ${d.slot || '-'} ${d.capacity}/${d.taken}/${d.left} ${d.bookings.length}`,
        ),
      ).toEqual([
        '2030-02-01 bo-kaap-food-walk Morning 6/0/6 0',
        '2030-02-01 bo-kaap-food-walk Afternoon 4/0/4 0',
        '2030-02-01 lions-head-sunset-hike - 8/10/0 3',
        '2030-02-02 bo-kaap-food-walk Morning 6/0/6 0',
        '2030-02-02 bo-kaap-food-walk Afternoon 4/0/4 0',
        '2030-02-02 lions-head-sunset-hike - 8/0/8 0',
        // The walk's blackout date.
        '2030-02-03 lions-head-sunset-hike - 8/0/8 0',
        // The walk's afternoon is closed that day.
        '2030-02-04 bo-kaap-food-walk Morning 6/0/6 0',
        '2030-02-04 lions-head-sunset-hike - 8/0/8 0',
      ])

      const csv = await api('/departures.csv?from=2030-02-01&to=2030-02-04&empty=1')
      expect(csv.status).toBe(200)
      const lines = (await csv.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
      // The header, three bookings on the hike's 1 February, and one line for each of the eight empty departures.
      expect(lines).toHaveLength(12)
      expect(lines[1]).toBe('2030-02-01,Bo-Kaap Food Walk,Morning,6,0,0,6,,,,,,,,,,')
      expect(
        (await (await api('/departures.csv?from=2030-02-01&to=2030-02-04')).text())
          .trim()
          .split('\r\n'),
      ).toHaveLength(4)

      for (const [query, message] of [
        [
          'from=2030-02-01&to=2030-02-04&empty=yes',
          /^Use empty=1 to include departures with no bookings/,
        ],
        ['from=2030-02-01&to=2030-02-04&empty=1&empty=1', /^Give empty once\.$/],
      ] as const) {
        const refused = await api(`/departures?${query}`)
        expect(refused.status, query).toBe(400)
        expect(((await refused.json()) as {detail: string}).detail).toMatch(message)
      }
    } finally {
      await lake
        .client({token: lake.secrets.rootToken})
        .transaction()
        .delete('settings-walk')
        .delete('exp-walk')
        .delete('exp-bespoke')
        .commit()
    }
  })

  it('refuses a range that is not one, or longer than 92 days, saying what to send; the CSV the same', async () => {
    const cases: [string, RegExp][] = [
      ['', /^Give from as a date written yyyy-MM-dd\.$/],
      ['from=2030-02-01', /^Give to as a date written yyyy-MM-dd\.$/],
      ['from=2030-02-30&to=2030-03-01', /^Use a calendar date/],
      ['from=2030-03-01&to=2030-02-01', /^The range must end on or after its start\.$/],
      ['from=2030-01-01&to=2030-04-03', /^Choose at most 92 days\.$/],
      ['from=2030-01-01&to=%F0%9F%90%A7', /^Use a calendar date/],
      ['from=2030-01-01&to=2030-01-02&from=2030-03-01', /^Give from once\.$/],
      [`from=${'9'.repeat(5000)}&to=2030-01-02`, /^Use a calendar date/],
      ['from[]=2030-01-01&to=2030-01-02', /^Give from as a date/],
      ['from=2030-01-01%00&to=2030-01-02', /^Use a calendar date/],
    ]
    for (const path of ['/departures', '/departures.csv'])
      for (const [query, message] of cases) {
        const response = await api(`${path}?${query}`)
        expect(response.status, `${path}?${query.slice(0, 60)}`).toBe(400)
        expect(((await response.json()) as {detail: string}).detail, query.slice(0, 60)).toMatch(
          message,
        )
      }
    expect((await api('/departures?from=2030-01-01&to=2030-04-02')).status).toBe(200)
    // The last days of year 9999: one day is one day (counted, not compared as strings).
    expect((await api('/departures?from=9999-12-31&to=9999-12-31')).status).toBe(200)
    const anonymous = await app.request(
      `${ORIGIN}/api/staff/departures?from=2030-01-01&to=2030-01-02`,
    )
    expect(anonymous.status).toBe(401)
  })

  it('is read-only: other methods are told to use GET, and change nothing', async () => {
    const before = await bookingsClient().fetch<string[]>('*[]._rev')
    for (const path of ['/departures', '/departures.csv'])
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const response = await api(`${path}?from=2030-01-01&to=2030-01-02`, {
          method,
          ...(method === 'DELETE' ? {} : {body: '{"from":"2030-01-01"}'}),
        })
        expect(response.status, `${method} ${path}`).toBe(405)
        expect(response.headers.get('allow')).toBe('GET, HEAD')
        expect(((await response.json()) as {detail: string}).detail).toBe('Use GET.')
      }
    expect(await bookingsClient().fetch<string[]>('*[]._rev')).toEqual(before)
  })
})

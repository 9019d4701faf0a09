import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {createRateLimiter} from '../lib/rate-limit.ts'
import {getAvailability, MAX_RANGE_DAYS, type GetAvailabilityDeps} from './handler.ts'

let lake: TestLake
let deps: GetAvailabilityDeps

const get = (query: string, init: RequestInit = {}, address = '10.0.0.1') =>
  getAvailability(
    new Request(`http://localhost/api/availability?${query}`, init),
    {clientAddress: address},
    deps,
  )

const countAll = () =>
  lake.client({token: lake.secrets.writeToken, dataset: 'bookings'}).fetch<number>('count(*)')

beforeAll(async () => {
  lake = await startTestLake()
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
    })
    .createOrReplace({
      _id: 'exp-bespoke',
      _type: 'experience',
      title: 'Bespoke',
      isBespoke: true,
      slug: {_type: 'slug', current: 'bespoke'},
    })
    .commit()
  const booking = (id: string, date: string, status: string, pax: number, time = 'Morning') => ({
    _id: id,
    _type: 'booking',
    experience_id: 'bo-kaap-food-walk',
    date,
    preferred_time: time,
    status,
    pax_total: pax,
    name: 'Secret Traveller',
    email: 'secret@example.com',
    phone: '+27 82 111 1111',
  })
  await lake
    .client({token: lake.secrets.writeToken, dataset: 'bookings'})
    .transaction()
    .createOrReplace(booking('b1', '2030-02-01', 'confirmed', 4))
    .createOrReplace(booking('b2', '2030-02-01', 'confirmed', 2))
    .createOrReplace(booking('b3', '2030-02-01', 'new', 5, 'Afternoon'))
    .createOrReplace(booking('b4', '2030-02-02', 'declined', 6))
    .createOrReplace(booking('b5', '2030-05-01', 'confirmed', 6))
    .createOrReplace({...booking('b6', '2030-02-03', 'confirmed', 3), experience_id: 'other'})
    .commit()
  deps = {
    content: lake.client({perspective: 'published'}),
    bookings: lake.client({token: lake.secrets.writeToken, dataset: 'bookings'}),
    rateLimiter: createRateLimiter({limit: 1000, windowMs: 60_000}),
    onError: () => {},
  }
})

afterAll(async () => {
  await lake?.stop()
})

describe('GET /api/availability', () => {
  it('answers places taken per departure in the range, and nothing about who took them', async () => {
    const response = await get('experience=bo-kaap-food-walk&from=2030-01-15&to=2030-03-15')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const text = await response.text()
    expect(JSON.parse(text)).toEqual({
      experience: 'bo-kaap-food-walk',
      from: '2030-01-15',
      to: '2030-03-15',
      unlimited: false,
      departures: [{date: '2030-02-01', slot: 'Morning', taken: 6}],
    })
    for (const secret of ['Secret', 'secret@', '+27', 'b1', 'new', 'declined'])
      expect(text).not.toContain(secret)
  })

  it('names the dates staff cancelled (the weather), so the dialog closes them', async () => {
    const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
    await bookings.createOrReplace({
      _id: 'departure-bo-kaap-food-walk-2030-02-04',
      _type: 'departure',
      experience_id: 'bo-kaap-food-walk',
      date: '2030-02-04',
      cancelled_at: '2030-01-20T08:00:00Z',
    })
    // Another experience's cancelled date, and a lock that only counts confirmations, say nothing.
    await bookings.createOrReplace({
      _id: 'departure-other-2030-02-05',
      _type: 'departure',
      experience_id: 'other',
      date: '2030-02-05',
      cancelled_at: '2030-01-20T08:00:00Z',
    })
    await bookings.createOrReplace({
      _id: 'departure-bo-kaap-food-walk-2030-02-06',
      _type: 'departure',
      experience_id: 'bo-kaap-food-walk',
      date: '2030-02-06',
      updated_at: '2030-01-20T08:00:00Z',
    })
    const response = await get('experience=bo-kaap-food-walk&from=2030-02-01&to=2030-02-07')
    expect(((await response.json()) as {cancelled?: string[]}).cancelled).toEqual(['2030-02-04'])
    const before = await get('experience=bo-kaap-food-walk&from=2030-02-01&to=2030-02-03')
    expect((await before.json()) as object).not.toHaveProperty('cancelled')
  })

  it('says a bespoke itinerary is never limited', async () => {
    const body = await (await get('experience=bespoke&from=2030-01-01&to=2030-01-31')).json()
    expect(body).toMatchObject({unlimited: true, departures: []})
  })

  it('answers hostile input with a clear 4xx and stores nothing', async () => {
    const before = await countAll()
    const cases: [string, number][] = [
      ['', 400],
      ['experience=bo-kaap-food-walk', 400],
      ['experience=bo-kaap-food-walk&from=2030-02-30&to=2030-03-01', 400],
      ['experience=bo-kaap-food-walk&from=2030-03-01&to=2030-02-01', 400],
      [`experience=bo-kaap-food-walk&from=2030-01-01&to=2030-12-31`, 400],
      ['experience=bo-kaap-food-walk&from=%EF%BC%92030-01-01&to=2030-01-02', 400],
      ['experience=Bo-Kaap&from=2030-01-01&to=2030-01-02', 400],
      ['experience=%22%5D%7B...%7D&from=2030-01-01&to=2030-01-02', 400],
      ['experience=bo-kaap-food-walk%00&from=2030-01-01&to=2030-01-02', 400],
      ['experience=b%C3%B6-kaap&from=2030-01-01&to=2030-01-02', 400],
      ['experience=%F0%9F%90%A7&from=2030-01-01&to=2030-01-02', 400],
      ['experience=%ZZ&from=2030-01-01&to=2030-01-02', 400],
      ['experience=a&experience=b&from=2030-01-01&to=2030-01-02', 400],
      ['experience=bo-kaap-food-walk&from=2030-01-01T00:00&to=2030-01-02', 400],
      [`experience=${'a'.repeat(101)}&from=2030-01-01&to=2030-01-02`, 400],
      [`experience=bo-kaap-food-walk&from=2030-01-01&to=2030-01-02&x=${'y'.repeat(3000)}`, 414],
      ['experience=no-such-walk&from=2030-01-01&to=2030-01-02', 404],
      ['experience=bo-kaap-food-walk&from=2030-01-01&from=2030-01-02&to=2030-01-02', 400],
      ['experience[]=bo-kaap-food-walk&from=2030-01-01&to=2030-01-02', 400],
      [`experience=bo-kaap-food-walk&from=${'9'.repeat(1500)}&to=2030-01-02`, 400],
      ['experience=bo-kaap-food-walk&from=2030-01-01&to=%E2%80%AE2030-01-02', 400],
    ]
    for (const [query, status] of cases) {
      const response = await get(query)
      expect(response.status, query.slice(0, 80)).toBe(status)
      const body = (await response.json()) as {detail?: string}
      expect(body.detail, query.slice(0, 80)).toMatch(/\w/)
      // A sentence for a person, never the validator's own wording.
      expect(body.detail, query.slice(0, 80)).not.toMatch(/Invalid input|expected string|Too big/)
    }
    const missing = (await (await get('')).json()) as {detail: string; fieldErrors: object}
    expect(missing).toEqual({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'Say which experience.',
      fieldErrors: {
        experience: ['Say which experience.'],
        from: ['Give from as a date written yyyy-MM-dd.'],
        to: ['Give to as a date written yyyy-MM-dd.'],
      },
    })
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const response = await get('experience=bo-kaap-food-walk&from=2030-01-01&to=2030-01-02', {
        method,
        body: method === 'DELETE' ? null : '{"date":"2030-01-01"}',
      })
      expect(response.status, method).toBe(405)
      expect(response.headers.get('allow')).toBe('GET, HEAD')
    }
    expect(await countAll()).toBe(before)
  })

  it(`takes up to ${MAX_RANGE_DAYS} days, across a leap day and the end of the year (and of year 9999)`, async () => {
    expect((await get('experience=bo-kaap-food-walk&from=9999-12-31&to=9999-12-31')).status).toBe(
      200,
    )
    expect((await get('experience=bo-kaap-food-walk&from=2031-12-01&to=2032-03-09')).status).toBe(
      200,
    )
    expect((await get('experience=bo-kaap-food-walk&from=2031-12-01&to=2032-03-10')).status).toBe(
      400,
    )
  })

  it('limits how often one address may ask', async () => {
    const limited = {...deps, rateLimiter: createRateLimiter({limit: 2, windowMs: 60_000})}
    const ask = () =>
      getAvailability(
        new Request(
          'http://localhost/api/availability?experience=bespoke&from=2030-01-01&to=2030-01-02',
        ),
        {clientAddress: '10.9.9.9'},
        limited,
      )
    expect((await ask()).status).toBe(200)
    expect((await ask()).status).toBe(200)
    const third = await ask()
    expect(third.status).toBe(429)
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/)
  })
})

/**
 * The staff departures view within the lake's query-cost limit: its reads must not nest a scan of the bookings in a
 * scan of the departures (cost departures × bookings), which the lake refuses at its default limit once the bookings
 * dataset holds about 10,000 documents. The lake here keeps a limit scaled to a small dataset (a few flat scans pass,
 * one nested scan does not), so the same shape is refused with sixty bookings, and the view's content is checked.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {departureLockId} from '@repo/schemas/capacity.ts'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {TEST_BOOTSTRAP_PASSWORD, staffTestApp, type StaffTestApp} from './testing/staff-test-app.ts'

const HIKE = 'lions-head-sunset-hike'
const TOUR = 'winelands-tour'
const CANCELLED_AT = '2030-01-20T09:00:00.000Z'
const OTHER_CANCELLED_AT = '2030-01-21T10:30:00.000Z'
const FILLER = 60

let lake: TestLake
let staff: StaffTestApp
let cookie: string

const entry = (action: string, at: string) => ({_key: `${action}-${at}`, action, at, by: 'Pat'})

function booking(id: string, fields: Record<string, unknown>) {
  return {
    _id: id,
    _type: 'booking',
    booking_ref: `CTE-${id}`,
    status: 'new',
    created_at: '2029-12-01T08:00:00.000Z',
    experience_id: HIKE,
    experience_title: "Lion's Head Sunset Hike",
    date: '2030-02-01',
    preferred_time: 'Sunset',
    pax_adults: 2,
    pax_children: 0,
    pax_total: 2,
    name: `Traveller ${id}`,
    email: `${id}@example.com`,
    ...fields,
  }
}

beforeAll(async () => {
  // Sixty bookings and a few departures: a nested scan costs about 4,500, a flat one about 70.
  lake = await startTestLake({maxQueryCost: 1_000})
  await lake
    .client({token: lake.secrets.rootToken})
    .transaction()
    .createOrReplace({
      _id: 'exp-hike',
      _type: 'experience',
      title: "Lion's Head Sunset Hike",
      slug: {_type: 'slug', current: HIKE},
    })
    .createOrReplace({
      _id: 'exp-tour',
      _type: 'experience',
      title: 'Winelands Tour',
      slug: {_type: 'slug', current: TOUR},
    })
    .commit()

  const transaction = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'}).transaction()
  // The hike's 3 February, cancelled: one traveller has not answered, one accepted, one moved to the 10th.
  transaction.create({
    _id: departureLockId(HIKE, '2030-02-03'),
    _type: 'departure',
    experience_id: HIKE,
    date: '2030-02-03',
    cancelled_at: CANCELLED_AT,
    cancelled_by: 'Pat Admin',
    cancelled_reason: 'Storm warning',
  })
  transaction.create(
    booking('c1', {
      date: '2030-02-03',
      status: 'closed',
      created_at: '2029-12-02T08:00:00.000Z',
      status_history: [entry('cancel-departure', CANCELLED_AT)],
    }),
  )
  transaction.create(
    booking('c2', {
      date: '2030-02-03',
      status: 'cancelled',
      created_at: '2029-12-03T08:00:00.000Z',
      pax_total: 3,
      status_history: [
        entry('cancel-departure', CANCELLED_AT),
        entry('accept-cancellation', '2030-01-20T12:00:00.000Z'),
      ],
    }),
  )
  transaction.create(
    booking('c3', {
      date: '2030-02-10',
      status: 'new',
      created_at: '2029-12-01T07:00:00.000Z',
      status_history: [
        entry('cancel-departure', CANCELLED_AT),
        entry('move', '2030-01-20T13:00:00.000Z'),
      ],
    }),
  )
  // The tour's 4 February, cancelled by someone else with one traveller; the same booking's earlier cancellation of
  // a departure outside the range names only that one.
  transaction.create({
    _id: departureLockId(TOUR, '2030-02-04'),
    _type: 'departure',
    experience_id: TOUR,
    date: '2030-02-04',
    cancelled_at: OTHER_CANCELLED_AT,
    cancelled_by: 'Sam Office',
    cancelled_reason: 'Guide ill',
  })
  transaction.create(
    booking('t1', {
      experience_id: TOUR,
      experience_title: 'Winelands Tour',
      date: '2030-02-04',
      status: 'closed',
      status_history: [entry('cancel-departure', OTHER_CANCELLED_AT)],
    }),
  )
  // A hike booking whose history holds the tour's cancellation moment but for another experience: not on it.
  transaction.create(
    booking('h-other', {
      date: '2030-02-02',
      status: 'confirmed',
      status_history: [entry('cancel-departure', OTHER_CANCELLED_AT)],
    }),
  )
  for (let i = 0; i < FILLER; i++)
    transaction.create(booking(`f${i}`, {date: '2030-03-15', status: 'confirmed'}))
  await transaction.commit()

  staff = staffTestApp(lake, {content: lake.client({perspective: 'published'})})
  const login = await staff.request('/session', {
    method: 'POST',
    body: JSON.stringify({password: TEST_BOOTSTRAP_PASSWORD}),
  })
  expect(login.status).toBe(200)
  cookie = /staff_session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]!
})

afterAll(async () => {
  await lake?.stop()
})

describe('departures view on a larger bookings dataset', () => {
  it('is answered within the cost limit, with each cancelled departure and its travellers', async () => {
    const response = await staff.request('/departures?from=2030-02-01&to=2030-02-05', {cookie})
    expect(response.status, await response.clone().text()).toBe(200)
    const body = (await response.json()) as {departures: Record<string, any>[]}
    const cancelled = body.departures.filter((d) => d.cancelled)
    expect(
      cancelled.map((d) => ({
        experience_id: d.experience_id,
        date: d.date,
        capacity: d.capacity,
        ...d.cancelled,
      })),
    ).toEqual([
      {
        experience_id: HIKE,
        date: '2030-02-03',
        capacity: 0,
        at: CANCELLED_AT,
        by: 'Pat Admin',
        reason: 'Storm warning',
        // In the order they were booked.
        travellers: [
          {_id: 'c3', booking_ref: 'CTE-c3', name: 'Traveller c3', pax: 2, answer: 'moved', moved_to: '2030-02-10'},
          {_id: 'c1', booking_ref: 'CTE-c1', name: 'Traveller c1', pax: 2, answer: 'not-answered'},
          {_id: 'c2', booking_ref: 'CTE-c2', name: 'Traveller c2', pax: 3, answer: 'accepted'},
        ],
      },
      {
        experience_id: TOUR,
        date: '2030-02-04',
        capacity: 0,
        at: OTHER_CANCELLED_AT,
        by: 'Sam Office',
        reason: 'Guide ill',
        travellers: [
          {_id: 't1', booking_ref: 'CTE-t1', name: 'Traveller t1', pax: 2, answer: 'not-answered'},
        ],
      },
    ])
    // The departures with bookings are still there beside them.
    expect(body.departures.filter((d) => !d.cancelled).map((d) => `${d.date} ${d.experience_id}`)).toEqual([
      `2030-02-02 ${HIKE}`,
    ])
  })

  it('still refuses a read that nests a scan of the bookings in a scan (the limit is the lake’s, not lifted)', async () => {
    const client = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
    await expect(
      client.fetch('*[_type == "departure"]{"n": count(*[_type == "booking" && experience_id == ^.experience_id])}'),
    ).rejects.toThrow(/Query is too expensive/)
  })
})

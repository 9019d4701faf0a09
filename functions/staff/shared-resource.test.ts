/**
 * A boat's seats cap every experience that uses it (docs/decisions/238-resources-in-the-content.md): the sunset
 * cruise and a private charter sharing one boat, through the staff API on the real lake. The numbers name the boat;
 * confirmations on both experiences racing for its last seats never take more than its seats together.
 */
import type {SanityClient} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {resourceSnapshotQuery} from '../lib/queries/resource-queries.ts'
import {createBookingsClient} from '../lib/sanity-client.ts'
import {staffTestApp, testStaffMembers, type StaffTestApp} from './testing/staff-test-app.ts'

const CRUISE = 'sunset-cruise'
const CHARTER = 'private-charter'
const BOAT_SEATS = 6

let lake: TestLake
let staff: StaffTestApp
let cookie: string

const bookingsClient = () => lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})

/**
 * The local lake answers in order on one worker, which can serialise racers; a hosted dataset over a network does
 * not. So the first two reads of a boat's seats on each date wait for each other (a barrier, no clock): both racers
 * then read the same seats left before either writes, and only the resource's lock keeps them within the boat's
 * seats (without it, both are confirmed). Reads after a lost race pass straight through.
 */
function withPairedResourceReads(client: SanityClient): SanityClient {
  const waiting = new Map<string, {count: number; release: () => void; released: Promise<void>}>()
  const barrier = (date: string) => {
    let entry = waiting.get(date)
    if (!entry) {
      let release = () => {}
      const released = new Promise<void>((resolve) => (release = resolve))
      entry = {count: 0, release, released}
      waiting.set(date, entry)
    }
    entry.count += 1
    if (entry.count === 2) entry.release()
    return entry.count <= 2 ? entry.released : Promise.resolve()
  }
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'fetch')
        return async (query: string, ...rest: unknown[]) => {
          const result = await (target.fetch as (...args: unknown[]) => Promise<unknown>)(
            query,
            ...rest,
          )
          const date = (rest[0] as {date?: string} | undefined)?.date ?? ''
          if (query === resourceSnapshotQuery && date.startsWith('2030-03')) await barrier(date)
          return result
        }
      const value = Reflect.get(target, property, receiver)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

function booking(id: string, slug: string, date: string, pax: number, status = 'new') {
  return {
    _id: id,
    _type: 'booking',
    booking_ref: `CTE-${id}`,
    status,
    created_at: '2029-12-01T08:00:00.000Z',
    experience_id: slug,
    experience_title: slug,
    date,
    pax_adults: pax,
    pax_children: 0,
    pax_total: pax,
    name: `Traveller ${id}`,
    email: `${id}@example.com`,
  }
}

const confirm = async (id: string, extra: Record<string, unknown> = {}) => {
  const current = await bookingsClient().getDocument(id)
  return staff.request(`/bookings/${id}/status`, {
    method: 'PATCH',
    cookie,
    body: JSON.stringify({status: 'confirmed', revision: current!._rev, ...extra}),
  })
}

const confirmedOnBoat = (date: string) =>
  bookingsClient().fetch<number>(
    'math::sum(*[_type == "booking" && experience_id in $slugs && date == $date && status == "confirmed"].pax_total)',
    {slugs: [CRUISE, CHARTER], date},
  )

beforeAll(async () => {
  lake = await startTestLake()
  const content = lake.client({token: lake.secrets.rootToken})
  const tx = content.transaction()
  for (const [id, slug] of [
    ['exp-cruise', CRUISE],
    ['exp-charter', CHARTER],
  ] as const) {
    tx.createOrReplace({
      _id: id,
      _type: 'experience',
      title: slug,
      slug: {_type: 'slug', current: slug},
    })
    tx.createOrReplace({
      _id: `settings-${slug}`,
      _type: 'experienceSettings',
      experience: {_type: 'reference', _ref: id},
      minPax: 1,
      maxPax: 10,
      leadTimeDays: 1,
      capacity: 10,
    })
  }
  tx.createOrReplace({
    _id: 'resource-heron',
    _type: 'resource',
    name: 'Blue Heron',
    seats: BOAT_SEATS,
    experiences: [
      {_key: 'a', _type: 'reference', _ref: 'exp-cruise'},
      {_key: 'b', _type: 'reference', _ref: 'exp-charter'},
    ],
  })
  await tx.commit()
  await bookingsClient()
    .transaction()
    .createOrReplace(testStaffMembers(['manager'])[0]!)
    .commit()
  staff = staffTestApp(lake, {
    content: lake.client({perspective: 'published'}),
    client: withPairedResourceReads(
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
    ),
    now: () => new Date('2030-01-01T10:00:00Z'),
  })
  cookie = await staff.signIn('manager')
}, 30_000)

afterAll(async () => {
  await lake?.stop()
})

describe('a boat shared by two experiences', () => {
  it('refuses a confirmation beyond the boat’s seats though the experience has places, naming the boat', async () => {
    const date = '2030-02-01'
    await bookingsClient()
      .transaction()
      .createOrReplace(booking('s-cruise', CRUISE, date, 4))
      .createOrReplace(booking('s-charter', CHARTER, date, 3))
      .commit()
    expect((await confirm('s-cruise')).status).toBe(200)
    const refused = await confirm('s-charter')
    expect(refused.status).toBe(409)
    const body = (await refused.json()) as Record<string, any>
    expect(body.code).toBe('over-capacity')
    // The charter itself has 10 places left; the boat has 2.
    expect(body.capacity).toMatchObject({capacity: 10, taken: 0, left: 2, pax: 3})
    expect(body.capacity.resource).toEqual({
      id: 'resource-heron',
      name: 'Blue Heron',
      seats: BOAT_SEATS,
      taken: 4,
      left: 2,
    })
    expect((await bookingsClient().getDocument('s-charter'))!.status).toBe('new')
    expect(await confirmedOnBoat(date)).toBe(4)
  })

  it('two experiences racing for one boat on each of five dates: never more than its seats together', async () => {
    // Per date, a group of 4 on the cruise and a group of 4 on the charter: each fits its own experience (10
    // places) and the boat (6 seats) alone, never both. Every racer reads six seats left before anyone writes.
    const dates = ['2030-03-01', '2030-03-02', '2030-03-03', '2030-03-04', '2030-03-05']
    const tx = bookingsClient().transaction()
    for (const date of dates) {
      tx.createOrReplace(booking(`race-cruise-${date}`, CRUISE, date, 4))
      tx.createOrReplace(booking(`race-charter-${date}`, CHARTER, date, 4))
    }
    await tx.commit()
    const revisions = await bookingsClient().fetch<{_id: string; _rev: string}[]>(
      '*[_id match "race-*"]{_id, _rev}',
    )
    expect(revisions).toHaveLength(10)
    const responses = await Promise.all(
      revisions.map(({_id, _rev}) =>
        staff.request(`/bookings/${_id}/status`, {
          method: 'PATCH',
          cookie,
          body: JSON.stringify({status: 'confirmed', revision: _rev}),
        }),
      ),
    )
    const statuses = responses.map((r) => r.status)
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([])
    for (const date of dates) {
      expect(await confirmedOnBoat(date)).toBeLessThanOrEqual(BOAT_SEATS)
      // One of the two won; the other was counted again on fresh numbers and refused.
      expect(await confirmedOnBoat(date)).toBe(4)
      expect(await bookingsClient().getDocument(`resource-resource-heron-${date}`)).toMatchObject({
        _type: 'resourceDeparture',
        resource_id: 'resource-heron',
        date,
      })
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(dates.length)
  }, 120_000)
})

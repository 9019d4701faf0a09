/**
 * The studio's Confirm on the real lake: the same places rule and departure lock as the staff API, so
 * the studio never confirms beyond a departure's places without "Confirm anyway", a draft is published with the
 * confirmation, and racing confirmations stay within capacity.
 */
import type {SanityClient} from '@sanity/client'
import type {DocumentActionComponent} from 'sanity'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {departureLockId} from '@repo/schemas/capacity.ts'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {
  confirmBooking,
  confirmSnapshotQuery,
  publishChanges,
  type ConfirmDeps,
} from './confirmBooking'
import {
  confirmBookingActions,
  confirmOffered,
  overCapacityLines,
  publishConfirms,
} from './confirmBookingActions'

const SLUG = 'lions-head-sunset-hike'
let lake: TestLake

const bookings = () => lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
const deps = (bookingsClient: SanityClient = bookings()): ConfirmDeps => ({
  bookings: bookingsClient,
  content: lake.client({perspective: 'published'}),
  now: () => new Date('2030-01-01T10:00:00Z'),
  pause: () => new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 10)),
})

function booking(id: string, date: string, pax: number, status = 'new') {
  return {
    _id: id,
    _type: 'booking',
    booking_ref: `CTE-${id}`,
    status,
    status_history: [
      {_key: 'k0', _type: 'statusChange', status: 'new', at: '2029-12-01T08:00:00Z', by: 'website'},
    ],
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

async function seed(...docs: Record<string, unknown>[]) {
  const tx = bookings().transaction()
  for (const doc of docs) tx.createOrReplace(doc as never)
  await tx.commit()
}

const confirm = async (id: string, options: {confirmAnyway?: boolean; by?: string} = {}) => {
  const [published, draft] = await Promise.all([
    bookings().getDocument(id),
    bookings().getDocument(`drafts.${id}`),
  ])
  return confirmBooking(deps(), {
    id,
    revision: published!._rev,
    draftRevision: draft?._rev ?? null,
    by: options.by ?? {name: 'Ayanda (studio)', id: 'sanity:p-ayanda'},
    confirmAnyway: options.confirmAnyway ?? false,
  })
}

const confirmedPax = (date: string) =>
  bookings().fetch<number>(
    'math::sum(*[_type == "booking" && !(_id in path("drafts.**")) && date == $date && status == "confirmed"].pax_total)',
    {date},
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
    // A draft of the settings with room for 100 must not count: confirming reads the published rules.
    .createOrReplace({
      _id: 'drafts.settings-hike',
      _type: 'experienceSettings',
      experience: {_type: 'reference', _ref: 'exp-hike'},
      capacity: 100,
    })
    .commit()
}, 30_000)

afterAll(async () => {
  await lake?.stop()
})

describe('Confirm in the studio', () => {
  it('confirms within the places, noting who confirmed, and changes the departure’s lock with it', async () => {
    await seed(booking('s1', '2030-02-01', 6))
    expect(await confirm('s1')).toEqual({kind: 'confirmed'})
    const stored = await bookings().getDocument('s1')
    expect(stored!.status).toBe('confirmed')
    expect(stored!.status_history).toHaveLength(2)
    expect(stored!.status_history.at(-1)).toMatchObject({
      _type: 'statusChange',
      status: 'confirmed',
      at: '2030-01-01T10:00:00.000Z',
      by: 'Ayanda (studio)',
      by_id: 'sanity:p-ayanda',
    })
    expect(stored!.status_history.at(-1).note).toBeUndefined()
    const lock = await bookings().getDocument(departureLockId(SLUG, '2030-02-01'))
    expect(lock).toMatchObject({_type: 'departure', last_change: 's1', date: '2030-02-01'})
  })

  it('beyond the places stores nothing and gives the numbers; "Confirm anyway" confirms and says so in the history', async () => {
    await seed(booking('s2', '2030-02-01', 4), booking('s3', '2030-02-01', 1, 'contacted'))
    const refused = await confirm('s2')
    expect(refused).toEqual({
      kind: 'over-capacity',
      numbers: {date: '2030-02-01', slot: '', capacity: 8, taken: 6, requested: 1, left: 2, pax: 4},
    })
    expect((await bookings().getDocument('s2'))!.status).toBe('new')

    const anyway = await confirm('s2', {confirmAnyway: true})
    expect(anyway.kind).toBe('confirmed')
    const stored = await bookings().getDocument('s2')
    expect(stored!.status).toBe('confirmed')
    expect(stored!.status_history.at(-1).note).toBe(
      'Confirmed anyway: 10 of 8 places (4 for this booking, 2 were left)',
    )
    expect(await confirmedPax('2030-02-01')).toBe(10)
  })

  it('publishes the editor’s draft with the confirmation (Publish of a draft set to Confirmed), checked the same way', async () => {
    await seed(booking('p1', '2030-02-10', 8, 'confirmed'), booking('p2', '2030-02-10', 2))
    await bookings().createOrReplace({
      ...booking('p2', '2030-02-10', 2, 'confirmed'),
      _id: 'drafts.p2',
      staff_notes: 'Called them: happy to wait for a bigger boat',
    })
    // The draft of p2 says confirmed, but only the published bookings count: 8 of 8 taken.
    expect((await confirm('p2')).kind).toBe('over-capacity')
    expect((await bookings().getDocument('p2'))!.status).toBe('new')
    expect(await bookings().getDocument('drafts.p2')).toBeTruthy()

    await bookings().patch('p1').set({status: 'declined'}).commit()
    expect(await confirm('p2')).toEqual({kind: 'confirmed'})
    const stored = await bookings().getDocument('p2')
    expect(stored).toMatchObject({
      status: 'confirmed',
      staff_notes: 'Called them: happy to wait for a bigger boat',
    })
    expect(await bookings().getDocument('drafts.p2')).toBeUndefined()
  })

  it('refuses when the booking or its draft changed since the editor looked', async () => {
    await seed(booking('c1', '2030-02-20', 2))
    const seen = await bookings().getDocument('c1')
    await bookings().patch('c1').set({staff_notes: 'changed by someone else'}).commit()
    expect(
      await confirmBooking(deps(), {id: 'c1', revision: seen!._rev, by: 'x', confirmAnyway: false}),
    ).toEqual({kind: 'changed'})
    expect((await bookings().getDocument('c1'))!.status).toBe('new')
  })

  it('counts the places a waitlist offer holds, and confirms the request made from it', async () => {
    const date = '2030-03-20'
    await seed(booking('h1', date, 6, 'confirmed'), booking('h2', date, 2))
    await bookings().createOrReplace({
      _id: 'waitlist-h',
      _type: 'waitlistEntry',
      state: 'offered',
      experience_id: SLUG,
      date,
      preferred_time: 'Sunset',
      pax_total: 2,
    })
    expect(await confirm('h2')).toMatchObject({kind: 'over-capacity', numbers: {taken: 8, left: 0}})
    // The offer taken: its request holds the places, and is the one that may have them.
    await bookings().delete('waitlist-h')
    await seed({...booking('h3', date, 2), waitlist_entry: 'waitlist-h'})
    expect(await confirm('h2')).toMatchObject({kind: 'over-capacity'})
    expect(await confirm('h3')).toEqual({kind: 'confirmed'})
  })

  it('16 confirmations racing for the last 4 places: the departure lock keeps them within the places', async () => {
    const date = '2030-03-01'
    await seed(booking('race-base', date, 4, 'confirmed'))
    const ids = Array.from({length: 16}, (_, i) => `race-${i}`)
    await seed(...ids.map((id) => booking(id, date, 1)))
    // Every racer reads the same places left before anyone writes, as over a real network.
    const slow = new Proxy(bookings(), {
      get(target, property, receiver) {
        if (property === 'fetch')
          return async (query: string, ...rest: unknown[]) => {
            const result = await (target.fetch as (...args: unknown[]) => Promise<unknown>)(
              query,
              ...rest,
            )
            if (query === confirmSnapshotQuery) await new Promise((r) => setTimeout(r, 30))
            return result
          }
        const value = Reflect.get(target, property, receiver)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    const revisions = await Promise.all(ids.map((id) => bookings().getDocument(id)))
    const outcomes = await Promise.all(
      ids.map((id, i) =>
        confirmBooking(deps(slow), {
          id,
          revision: revisions[i]!._rev,
          by: 'x',
          confirmAnyway: false,
        }),
      ),
    )
    expect(outcomes.filter((o) => o.kind === 'confirmed')).toHaveLength(4)
    expect(outcomes.filter((o) => o.kind === 'over-capacity')).toHaveLength(12)
    expect(await confirmedPax(date)).toBe(8)
  })
})

describe('the bookings workspace’s actions', () => {
  it('offers Confirm on a stored booking not yet confirmed and not being edited, and routes Publish of a draft set to Confirmed through it', () => {
    expect(confirmOffered(null, {status: 'new'})).toBe(true)
    expect(confirmOffered({status: 'contacted'}, {status: 'new'})).toBe(false)
    expect(confirmOffered(null, {status: 'confirmed'})).toBe(false)
    expect(confirmOffered({status: 'confirmed'}, {status: 'new'})).toBe(false)
    expect(confirmOffered({status: 'new'}, null)).toBe(false)

    expect(publishConfirms({status: 'confirmed'}, {status: 'new'})).toBe(true)
    expect(publishConfirms({status: 'declined'}, {status: 'confirmed'})).toBe(false)
    expect(publishConfirms({status: 'confirmed'}, {status: 'confirmed'})).toBe(false)
  })

  it('puts Confirm first and replaces Publish (and only Publish), the same components every time', () => {
    const publish = (() => null) as unknown as DocumentActionComponent
    publish.action = 'publish'
    const remove = (() => null) as unknown as DocumentActionComponent
    remove.action = 'delete'
    const withCapacity = confirmBookingActions({contentDataset: 'production'})
    const first = withCapacity([publish, remove])
    expect(first.map((a) => a.action)).toEqual(['confirmBooking', 'publish', 'delete'])
    expect(first[1]).not.toBe(publish)
    expect(first[2]).toBe(remove)
    const again = withCapacity([publish, remove])
    expect(again[0]).toBe(first[0])
    expect(again[1]).toBe(first[1])
  })

  it('shows the numbers staff decide on', () => {
    expect(
      overCapacityLines({
        date: '2030-02-01',
        slot: 'Sunset',
        capacity: 8,
        taken: 8,
        requested: 1,
        left: 0,
        pax: 1,
      }),
    ).toEqual([
      ['Departure', '2030-02-01 · Sunset'],
      ['Capacity', '8 places'],
      ['Taken (confirmed)', '8 places'],
      ['Requested by others', '1 place'],
      ['Left', '0 places'],
      ['This booking', '1 place'],
    ])
  })

  it('publishing a draft sets what it has and unsets what it dropped, never system fields', () => {
    expect(
      publishChanges(
        {_id: 'a', _rev: 'r1', status: 'new', staff_notes: 'old', name: 'A'},
        {_id: 'drafts.a', _rev: 'r2', status: 'confirmed', name: 'A'},
      ),
    ).toEqual({set: {status: 'confirmed', name: 'A'}, unset: ['staff_notes']})
    expect(publishChanges({_id: 'a', status: 'new'}, null)).toEqual({set: {}, unset: []})
  })
})

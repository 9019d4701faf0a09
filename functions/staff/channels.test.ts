import {randomUUID} from 'node:crypto'

import type {SanityClient} from '@sanity/client'
import {Hono} from 'hono'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import type {ChannelDetails, ChannelsOverview, ResellerWithKey} from '@repo/schemas/channels.ts'
import {addDays, todayInCapeTown} from '@repo/schemas/iso-date.ts'
import {STAFF_ROLES, type StaffRole} from '@repo/schemas/staff-roles.ts'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {createRateLimiter} from '../lib/rate-limit.ts'
import {createOctoRoutes, type OctoDeps} from '../octo/octo-routes.ts'
import {hashKey} from '../octo/resellers.ts'
import {staffTestApp, testStaffMembers, type StaffTestApp} from './testing/staff-test-app.ts'

/**
 * The Channels page's API (issue 44; channels.ts): who may use it, a key shown once and stored as its hash, a
 * replaced or revoked key refused by `/octo` at once, hostile input refused with nothing stored, and a reseller's
 * booking in every staff view, cancelled by staff and read as CANCELLED by the reseller.
 */
let lake: TestLake
let bookings: SanityClient
let request: StaffTestApp['request']
let signIn: StaffTestApp['signIn']
let octoDeps: OctoDeps
const cookies = {} as Record<StaffRole, string>
const octoApp = new Hono().route(
  '/octo',
  createOctoRoutes(() => octoDeps),
)
const DATE = addDays(todayInCapeTown(new Date()), 14)

async function octo(method: string, path: string, key: string, body?: unknown) {
  const response = await octoApp.request(`http://site.test/octo${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : {'Content-Type': 'application/json'}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return {status: response.status, body: (await response.json()) as any}
}

const staff = async (role: StaffRole, path: string, init: RequestInit = {}) => {
  const response = await request(path, {...init, cookie: cookies[role]})
  const text = await response.text()
  let body: any = text
  try {
    body = JSON.parse(text)
  } catch {
    // A CSV.
  }
  return {status: response.status, body}
}
const post = (role: StaffRole, path: string, body?: unknown) =>
  staff(role, path, {method: 'POST', ...(body === undefined ? {} : {body: JSON.stringify(body)})})

const countResellers = () => bookings.fetch<number>('count(*[_type == "reseller"])')

/** Waits for a condition the server reaches by itself (the request log is written after the answer). */
async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read()
    if (ok(value)) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

beforeAll(async () => {
  lake = await startTestLake()
  bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
  const content = lake.client({perspective: 'published'})
  const experience = (id: string, title: string, slug: string, extra: Record<string, unknown>) => ({
    _id: id,
    _type: 'experience',
    title,
    slug: {_type: 'slug', current: slug},
    category: 'culture',
    duration: '3 hours',
    ...extra,
  })
  await lake
    .client({token: lake.secrets.rootToken})
    .transaction()
    .createOrReplace(
      experience('exp-walk', 'Bo-Kaap Food Walk', 'bo-kaap-food-walk', {
        resellable: true,
        fromPrice: 450,
        startTime: '10:00',
      }),
    )
    .createOrReplace({
      _id: 'settings-walk',
      _type: 'experienceSettings',
      experience: {_type: 'reference', _ref: 'exp-walk'},
      minPax: 1,
      maxPax: 6,
      capacity: 6,
      timeSlots: ['Morning'],
    })
    .createOrReplace(experience('exp-private', 'Private Tour', 'private-tour', {fromPrice: 900}))
    .commit()
  const members = bookings.transaction()
  for (const member of testStaffMembers(STAFF_ROLES)) members.createOrReplace(member)
  await members.commit()
  ;({request, signIn} = staffTestApp(lake, {content}))
  for (const role of STAFF_ROLES) cookies[role] = await signIn(role)
  octoDeps = {
    content,
    bookings,
    limiter: createRateLimiter({limit: 100_000, windowMs: 60_000}),
    siteUrl: 'https://site.example',
  }
}, 60_000)

afterAll(async () => {
  await lake?.stop()
})

const addReseller = async (name: string) => {
  const answer = await post('owner', '/channels', {
    name,
    contact: 'ops@example.com',
    experiences: ['exp-walk'],
  })
  expect(answer.status).toBe(201)
  return answer.body as ResellerWithKey
}

describe('the Channels API', () => {
  it('is for owners and managers: staff and guides are refused, and nothing is stored', async () => {
    const before = await countResellers()
    for (const role of ['staff', 'guide'] as const) {
      expect((await staff(role, '/channels')).status).toBe(403)
      expect((await staff(role, '/channels/reseller-x')).status).toBe(403)
      expect(
        (
          await post(role, '/channels', {
            name: 'X',
            contact: 'x@x.example',
            experiences: ['exp-walk'],
          })
        ).status,
      ).toBe(403)
      expect((await post(role, '/channels/reseller-x/key')).status).toBe(403)
      expect((await post(role, '/channels/reseller-x/revoke')).status).toBe(403)
    }
    expect((await post('guide', '/bookings/booking-x/reseller-cancel')).status).toBe(403)
    expect(await countResellers()).toBe(before)
    for (const role of ['owner', 'manager'] as const) {
      const answer = await staff(role, '/channels')
      expect(answer.status).toBe(200)
      // Only experiences editors opened to resellers may be given to one.
      expect((answer.body as ChannelsOverview).experiences).toEqual([
        {_id: 'exp-walk', title: 'Bo-Kaap Food Walk'},
      ])
    }
  })

  it('shows a new key once, stores only its hash, and names the person in the activity log', async () => {
    const {reseller, key} = await addReseller('Key Once Tours')
    expect(key).toMatch(/^octo_[\w-]{43}$/)
    const stored = await bookings.getDocument(reseller._id)
    expect(stored).toMatchObject({name: 'Key Once Tours', key_hash: hashKey(key)})
    expect(JSON.stringify(stored)).not.toContain(key)
    for (const path of ['/channels', `/channels/${reseller._id}`]) {
      const text = JSON.stringify((await staff('owner', path)).body)
      expect(text).toContain('Key Once Tours')
      expect(text).not.toContain(key)
      expect(text).not.toContain(hashKey(key))
    }
    expect((await octo('GET', '/products', key)).body.map((p: {id: string}) => p.id)).toEqual([
      'exp-walk',
    ])
    const activity = (await staff('owner', '/activity')).body.activity as {
      personName: string
      summary: string
    }[]
    expect(activity).toContainEqual(
      expect.objectContaining({
        personName: 'Pat owner',
        summary: 'Added the reseller Key Once Tours',
      }),
    )
  })

  it('refuses hostile input with a clear 400 and stores nothing', async () => {
    const before = await countResellers()
    const good = {name: 'Fine Tours', contact: 'ops@fine.example', experiences: ['exp-walk']}
    const cases: [unknown, RegExp][] = [
      [{...good, name: ''}, /name/],
      [{...good, name: 'x'.repeat(101)}, /100/],
      [{...good, name: 'Evil\nTours'}, /line/i],
      [{...good, contact: 'not an address'}, /email/],
      [{...good, experiences: []}, /at least one/],
      [{...good, experiences: ['exp-private']}, /resellers may sell/],
      [{...good, experiences: ['no-such-experience']}, /resellers may sell/],
      [{...good, experiences: ['../etc']}, /experience/],
      [{...good, key: 'octo_mine'}, /./],
      [['not', 'an', 'object'], /./],
      [null, /./],
    ]
    for (const [body, message] of cases) {
      const answer = await post('owner', '/channels', body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.detail).toMatch(message)
    }
    const raw = await request('/channels', {method: 'POST', body: '{', cookie: cookies.owner})
    expect(raw.status).toBe(400)
    expect(await countResellers()).toBe(before)
    expect((await staff('owner', '/channels/reseller-none')).status).toBe(404)
    expect((await post('owner', '/channels/reseller-none/key')).status).toBe(404)
    expect((await post('owner', '/channels/reseller-none/revoke')).status).toBe(404)
  })

  it('a replaced key is refused by /octo at once, the new one works; a revoked key is refused', async () => {
    const {reseller, key: first} = await addReseller('Rotating Tours')
    expect((await octo('GET', '/supplier', first)).status).toBe(200)
    const rotated = await post('manager', `/channels/${reseller._id}/key`)
    expect(rotated.status).toBe(200)
    const second = (rotated.body as ResellerWithKey).key
    expect(second).not.toBe(first)
    expect((await octo('GET', '/supplier', first)).status).toBe(401)
    expect((await octo('GET', '/supplier', second)).status).toBe(200)
    expect(await bookings.getDocument(reseller._id)).toMatchObject({
      key_hash: hashKey(second),
      key_rotated_by: 'Pat manager',
    })

    expect((await post('owner', `/channels/${reseller._id}/revoke`)).status).toBe(200)
    expect((await octo('GET', '/supplier', second)).status).toBe(401)
    // A revoked reseller gets no new key: it is added again instead.
    expect((await post('owner', `/channels/${reseller._id}/key`)).status).toBe(409)
    const activity = (await staff('owner', '/activity')).body.activity as {
      personName: string
      summary: string
    }[]
    expect(activity).toContainEqual(
      expect.objectContaining({
        personName: 'Pat manager',
        summary: 'Replaced the key of Rotating Tours',
      }),
    )
    expect(activity).toContainEqual(
      expect.objectContaining({
        personName: 'Pat owner',
        summary: 'Revoked the key of Rotating Tours',
      }),
    )
  })

  it('a reseller’s booking shows in every staff view; staff cancel it and the reseller reads CANCELLED', async () => {
    const {reseller, key} = await addReseller('Harbour Resellers')
    const uuid = randomUUID()
    const reserved = await octo('POST', '/bookings', key, {
      uuid,
      productId: 'exp-walk',
      optionId: 'DEFAULT',
      availabilityId: `${DATE}T10:00:00+02:00`,
      resellerReference: 'HR-1001',
      unitItems: [{unitId: 'adult'}, {unitId: 'adult'}],
    })
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(200)
    const confirmed = await octo('POST', `/bookings/${uuid}/confirm`, key, {
      contact: {fullName: 'Sipho Dlamini', emailAddress: 'sipho@example.com'},
    })
    expect(confirmed.body.status).toBe('CONFIRMED')

    const details = await eventually(
      async () => (await staff('owner', `/channels/${reseller._id}`)).body as ChannelDetails,
      (answer) => answer.requests.length >= 2,
    )
    expect(details.bookings).toEqual([
      expect.objectContaining({
        uuid,
        reseller_reference: 'HR-1001',
        experience_title: 'Bo-Kaap Food Walk',
        date: DATE,
        pax_adults: 2,
        status: 'CONFIRMED',
      }),
    ])
    expect(details.requests[0]).toMatchObject({
      method: 'POST',
      path: `/octo/bookings/${uuid}/confirm`,
      status: 200,
    })
    expect(details.requests.map((r) => r.path)).toContain('/octo/bookings')

    const listed = (await staff('staff', '/bookings?view=all')).body.bookings as {
      _id: string
      reseller_name?: string
      reseller_reference?: string
    }[]
    const row = listed.find((b) => b.reseller_reference === 'HR-1001')
    expect(row).toMatchObject({reseller_name: 'Harbour Resellers', name: 'Sipho Dlamini'})
    const bookingId = row!._id

    const departures = (await staff('staff', `/departures?from=${DATE}&to=${DATE}`)).body
      .departures as {bookings: {reseller_name?: string; reseller_reference?: string}[]}[]
    expect(departures.flatMap((d) => d.bookings)).toContainEqual(
      expect.objectContaining({reseller_name: 'Harbour Resellers', reseller_reference: 'HR-1001'}),
    )
    const csv = (await staff('owner', '/bookings.csv?view=all')).body as string
    expect(csv).toMatch(/Reseller,Reseller reference\r\n/)
    expect(csv).toMatch(/Harbour Resellers,HR-1001\r\n/)

    // Not a reseller's booking, or not found: refused, nothing changed.
    expect((await post('staff', '/bookings/booking-none/reseller-cancel')).status).toBe(404)
    const cancelled = await post('staff', `/bookings/${bookingId}/reseller-cancel`)
    expect(cancelled.status).toBe(200)
    const read = await octo('GET', `/bookings/${uuid}`, key)
    expect(read.body).toMatchObject({
      status: 'CANCELLED',
      cancellation: {reason: 'Cancelled by the supplier'},
    })
    expect((await post('staff', `/bookings/${bookingId}/reseller-cancel`)).status).toBe(409)
    const activity = (await staff('owner', `/activity?booking=${bookingId}`)).body.activity as {
      personName: string
      summary: string
    }[]
    // The booking's log: the reseller's own confirmation (under its name), then the person who cancelled it.
    expect(activity.map(({personName, summary}) => ({personName, summary}))).toEqual([
      {personName: 'Pat staff', summary: 'Cancelled a reseller’s booking'},
      {
        personName: 'Reseller: Harbour Resellers',
        summary: expect.stringMatching(/^Confirmed 2 adults on Bo-Kaap Food Walk, .* \(OCTO\)$/),
      },
    ])
    expect(
      ((await staff('owner', `/channels/${reseller._id}`)).body as ChannelDetails).bookings[0]
        ?.status,
    ).toBe('CANCELLED')
  })
})

import {randomUUID} from 'node:crypto'

import {
  zAvailability,
  zAvailabilityCalendar,
  zBooking,
  zPricing,
  zPricingUnit,
  zProduct,
  zSupplier,
  type Availability,
  type AvailabilityCalendar,
  type Booking,
  type Product,
} from '@octocloud/types'
import type {SanityClient} from '@sanity/client'
import {Hono} from 'hono'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {createBookingRequest} from '../create-booking-request/handler.ts'
import {getAvailability} from '../get-availability/handler.ts'
import {createChallengeService, type ChallengeService} from '../lib/challenge.ts'
import {createRateLimiter} from '../lib/rate-limit.ts'
import {jsonPost} from '../lib/testing/json-request.ts'
import {solvedQuestion} from '../lib/testing/solve-question.ts'
import {loadMailContent, mailContentLoader} from '../lib/mail-content.ts'
import {createOutbox, smtpTransport} from '../lib/mailer.ts'
import {openSealedLink} from '../lib/sealed-link.ts'
import {startSmtpListener} from '../lib/testing/smtp-listener.ts'
import {sendReviewRequests} from '../send-review-requests/handler.ts'
import {sendTripReminders} from '../send-trip-reminders/handler.ts'
import {confirmWithCapacity} from '../staff/confirm-booking.ts'
import {loadDepartures} from '../staff/departures-view.ts'
import {listActivity} from '../staff/staff-activity.ts'
import type {WaitlistDeps} from '../waitlist/waitlist-deps.ts'
import {offerWaitlistPlaces} from '../waitlist/offer-places.ts'
import {cancelDeparture} from '../staff/cancel-departure.ts'
import {testDecisionDeps} from '../staff/testing/decision-deps.ts'
import {BLACKED_OUT_REASON, expireHolds} from './bookings.ts'
import {createLakeRateLimiter, pruneRateWindows, RATE_WINDOW_TYPE} from './key-rate-limit.ts'
import {createOctoRoutes, type OctoDeps} from './octo-routes.ts'
import {runResellersCommand} from './resellers-command.ts'
import {createReseller, revokeReseller} from './resellers.ts'

/**
 * The OCTO supplier API (issue 44) through its Hono routes, against a real lake: what resellers see, what they may
 * book, and that a reseller's hold is a place taken for the site, the traveller's request and staff confirmations.
 */
let lake: TestLake
let content: SanityClient
let bookings: SanityClient
let deps: OctoDeps
let challenges: ChallengeService
const errors: unknown[] = []
const START = new Date('2030-01-01T08:00:00Z')
let clock = START
const keys: Record<'a' | 'b' | 'cruiseOnly' | 'revoked', string> = {
  a: '',
  b: '',
  cruiseOnly: '',
  revoked: '',
}
// Mounted as the site server mounts it.
const app = new Hono().route(
  '/octo',
  createOctoRoutes(() => deps),
)

const ALL = 'octo/pricing, octo/content'
const uuids = new Map<string, string>()
/** A UUID per name, as resellers send them. */
const uid = (name: string) => {
  if (!uuids.has(name)) uuids.set(name, randomUUID())
  return uuids.get(name)!
}
type Call = {body?: unknown; key?: string | null; capabilities?: string; raw?: string}

async function octo(method: string, path: string, call: Call = {}) {
  const headers: Record<string, string> = {}
  const key = call.key === undefined ? keys.a : call.key
  if (key !== null) headers.Authorization = `Bearer ${key}`
  if (call.capabilities) headers['Octo-Capabilities'] = call.capabilities
  const body = call.raw ?? (call.body === undefined ? undefined : JSON.stringify(call.body))
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const response = await app.request(`http://site.test/octo${path}`, {method, headers, body})
  return {status: response.status, headers: response.headers, body: (await response.json()) as any}
}

const walkAt = (date: string) => `${date}T10:00:00+02:00`
const reserveBody = (date: string, units: string[], extra: Record<string, unknown> = {}) => ({
  productId: 'exp-walk',
  optionId: 'DEFAULT',
  availabilityId: walkAt(date),
  unitItems: units.map((unitId) => ({unitId})),
  ...extra,
})

const countHolds = () => bookings.fetch<number>('count(*[_type == "octoBooking"])')

/** Places taken on the walk's departure as the site's own `/api/availability` reports them. */
async function siteTaken(date: string): Promise<number> {
  const response = await getAvailability(
    new Request(
      `http://site.test/api/availability?experience=bo-kaap-food-walk&from=${date}&to=${date}`,
    ),
    {clientAddress: '10.0.0.9'},
    {content, bookings, rateLimiter: createRateLimiter({limit: 1000, windowMs: 60_000})},
  )
  const answer = (await response.json()) as {departures: {date: string; taken: number}[]}
  return answer.departures.find((d) => d.date === date)?.taken ?? 0
}

/** A traveller's request through the site's booking function. */
async function travellerRequest(date: string, adults: number) {
  const response = await createBookingRequest(
    jsonPost('/api/booking-requests', {
      experienceId: 'bo-kaap-food-walk',
      date,
      preferredTime: '',
      adults,
      children: 0,
      name: 'Thandi Nkosi',
      email: 'thandi@example.com',
      phone: '+27 82 000 0000',
      consentBooking: true,
      consentPrivacy: true,
      ...solvedQuestion(challenges),
    }),
    {clientAddress: '10.0.0.2'},
    {
      content,
      bookings,
      challenges,
      rateLimiter: createRateLimiter({limit: 1000, windowMs: 60_000}),
      notify: {mails: () => [], stored: () => {}},
      today: () => '2030-01-01',
      onError: (error) => errors.push(error),
    },
  )
  return {status: response.status, body: (await response.json()) as {booking_ref?: string}}
}

const confirmedBooking = (id: string, date: string, pax: number) => ({
  _id: id,
  _type: 'booking',
  booking_ref: id,
  experience_id: 'bo-kaap-food-walk',
  date,
  preferred_time: '',
  status: 'confirmed',
  pax_total: pax,
  name: 'Seeded Traveller',
})

beforeAll(async () => {
  lake = await startTestLake()
  content = lake.client({perspective: 'published'})
  bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
  challenges = createChallengeService({secret: 'test-secret-test-secret', bookings})
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
        blurb: 'Spice, colour and history.',
        description: 'A walk through the Bo-Kaap with tastings.',
        minimumAge: 6,
        included: ['Tastings'],
        whatToBring: ['Water'],
        meetingPoint: {name: 'Heritage Square', address: '100 Shortmarket Street'},
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
      leadTimeDays: 2,
      blackoutDates: ['2030-02-10'],
    })
    .createOrReplace(
      experience('exp-cruise', 'Table Bay Cruise', 'table-bay-cruise', {
        resellable: true,
        fromPrice: 900,
      }),
    )
    .createOrReplace({
      _id: 'settings-cruise',
      _type: 'experienceSettings',
      experience: {_type: 'reference', _ref: 'exp-cruise'},
      maxPax: 10,
      capacity: 10,
      timeSlots: ['Morning', 'Afternoon'],
    })
    .createOrReplace(
      experience('exp-private', 'Private Dinner', 'private-dinner', {fromPrice: 2000}),
    )
    .createOrReplace(
      experience('exp-bespoke', 'Bespoke', 'bespoke', {resellable: true, isBespoke: true}),
    )
    .commit()
  keys.a = (await createReseller(bookings, {name: 'Example Tours', createdBy: 'test'})).key
  keys.b = (await createReseller(bookings, {name: 'Other Travel', createdBy: 'test'})).key
  keys.cruiseOnly = (
    await createReseller(bookings, {
      name: 'Boats Only',
      experiences: ['exp-cruise'],
      createdBy: 'test',
    })
  ).key
  const revoked = await createReseller(bookings, {name: 'Gone Ltd', createdBy: 'test'})
  keys.revoked = revoked.key
  await revokeReseller(bookings, revoked.reseller._id, 'test')
  deps = {
    content,
    bookings,
    limiter: createRateLimiter({limit: 100_000, windowMs: 60_000}),
    siteUrl: 'https://site.example',
    now: () => clock,
    onError: (error) => errors.push(error),
  }
})

afterAll(async () => {
  await lake?.stop()
  // No route failed on our side: every refusal above was an answer, never a 500.
  expect(errors).toEqual([])
})

describe('OCTO keys', () => {
  it('refuses a request without a valid key, and a revoked key stores nothing', async () => {
    const before = await countHolds()
    for (const key of [null, 'nope', 'octo_not-a-key', keys.revoked]) {
      const answer = await octo('POST', '/bookings', {
        key,
        body: reserveBody('2030-02-06', ['adult']),
      })
      expect(answer.status).toBe(401)
      expect(answer.body).toEqual({error: 'UNAUTHORIZED', errorMessage: expect.any(String)})
    }
    const basic = await app.request('http://site.test/octo/supplier', {
      headers: {Authorization: `Basic ${keys.a}`},
    })
    expect(basic.status).toBe(401)
    expect(await countHolds()).toBe(before)
  })

  it('the resellers command prints the new key alone on its last line, lists no key, and revokes it', async () => {
    const lines: string[] = []
    const out = {log: (line: string) => lines.push(line), error: (line: string) => lines.push(line)}
    expect(
      await runResellersCommand(
        ['add', 'Script Safaris', '--contact', 'ops@safaris.example'],
        bookings,
        out,
        'owner',
      ),
    ).toBe(0)
    const key = lines.at(-1)!
    expect(key).toMatch(/^octo_[\w-]{43}$/)
    expect((await octo('GET', '/supplier', {key})).status).toBe(200)

    lines.length = 0
    expect(await runResellersCommand(['list'], bookings, out, 'owner')).toBe(0)
    const row = lines.find((line) => line.includes('Script Safaris'))!
    expect(row).toContain('active')
    const stored = await bookings.fetch<{_id: string; key_hash: string}>(
      '*[_type == "reseller" && name == "Script Safaris"][0]{_id, key_hash}',
    )
    // Neither the key nor its hash is shown, and the dataset keeps only the hash.
    expect(lines.join('\n')).not.toContain(key)
    expect(lines.join('\n')).not.toContain(stored.key_hash)
    expect(JSON.stringify(await bookings.getDocument(stored._id))).not.toContain(key)

    expect(await runResellersCommand(['revoke', stored._id], bookings, out, 'owner')).toBe(0)
    expect((await octo('GET', '/supplier', {key})).status).toBe(401)
    expect(await runResellersCommand(['revoke', 'reseller-none'], bookings, out, 'owner')).toBe(1)
    expect(await runResellersCommand(['add'], bookings, out, 'owner')).toBe(2)
    expect(await runResellersCommand(['rotate'], bookings, out, 'owner')).toBe(2)
  })

  it('limits each key on its own', async () => {
    const saved = deps
    deps = {...deps, limiter: createRateLimiter({limit: 2, windowMs: 60_000})}
    try {
      expect((await octo('GET', '/supplier')).status).toBe(200)
      expect((await octo('GET', '/supplier')).status).toBe(200)
      const limited = await octo('GET', '/supplier')
      expect(limited.status).toBe(429)
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
      expect((await octo('GET', '/supplier', {key: keys.b})).status).toBe(200)
    } finally {
      deps = saved
    }
  })
})

describe('the per-key limit across servers', () => {
  it('holds across two site servers on one lake: the key’s requests count together, each key on its own', async () => {
    // Two servers, each with its own lake clients and limiter, sharing only the lake, on one clock that stands
    // still 30 seconds into a 10-minute window (windows are aligned to the clock: every server names the same one).
    const windowMs = 10 * 60_000
    const at = Date.parse('2030-01-01T08:00:30Z')
    const server = () => {
      const client = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
      const serverDeps: OctoDeps = {
        ...deps,
        bookings: client,
        limiter: createLakeRateLimiter(() => client, {limit: 4, windowMs, now: () => at}),
      }
      return new Hono().route(
        '/octo',
        createOctoRoutes(() => serverDeps),
      )
    }
    const servers = [server(), server()]
    const call = (n: number, key: string) =>
      servers[n % 2]!.request('http://site.test/octo/supplier', {
        headers: {Authorization: `Bearer ${key}`},
      })
    // Four at once, two on each server: all within the limit, none counted twice or lost.
    const first = await Promise.all([0, 1, 2, 3].map((n) => call(n, keys.b)))
    expect(first.map((r) => r.status)).toEqual([200, 200, 200, 200])
    // The fifth, on either server, is over: OCTO's error body, with Retry-After.
    for (const n of [0, 1]) {
      const limited = await call(n, keys.b)
      expect(limited.status).toBe(429)
      // The rest of the window: 9 minutes 30 seconds.
      expect(limited.headers.get('retry-after')).toBe('570')
      expect(await limited.json()).toEqual({
        error: 'TOO_MANY_REQUESTS',
        errorMessage: expect.any(String),
      })
    }
    // Another key has its own count.
    expect((await call(1, keys.cruiseOnly)).status).toBe(200)
    // A window past its end is pruned; the current one stays.
    const windows = () => bookings.fetch('count(*[_type == $type])', {type: RATE_WINDOW_TYPE})
    expect(await windows()).toBe(2)
    await pruneRateWindows(bookings, new Date(at))
    expect(await windows()).toBe(2)
    await pruneRateWindows(bookings, new Date(at + windowMs))
    expect(await windows()).toBe(0)
  })
})

describe('OCTO supplier and products', () => {
  it('answers the supplier in the OCTO schema', async () => {
    const answer = await octo('GET', '/supplier')
    expect(answer.status).toBe(200)
    expect(zSupplier.parse(answer.body).endpoint).toBe('https://site.example/octo')
  })

  it('lists only experiences opened to resellers, typed by the OCTO schema, priced in ZAR cents', async () => {
    const answer = await octo('GET', '/products', {capabilities: ALL})
    expect(answer.status).toBe(200)
    expect(answer.headers.get('octo-capabilities')).toBe('octo/pricing, octo/content')
    const products = (answer.body as Product[]).map((p) => zProduct.parse(p))
    expect(products.map((p) => p.id)).toEqual(['exp-walk', 'exp-cruise'])
    const walk = products[0]!
    expect(walk).toMatchObject({
      availabilityType: 'START_TIME',
      timeZone: 'Africa/Johannesburg',
      defaultCurrency: 'ZAR',
      title: 'Bo-Kaap Food Walk',
    })
    const option = walk.options[0]!
    expect(option.restrictions).toEqual({minUnits: 1, maxUnits: 6})
    expect(option.availabilityLocalStartTimes).toEqual(['10:00'])
    expect(
      option.units.map((u) => [u.id, u.type, u.restrictions.minAge, u.restrictions.maxAge]),
    ).toEqual([
      ['adult', 'ADULT', 18, 99],
      ['child', 'CHILD', 6, 17],
    ])
    expect(option.units[0]!.pricingFrom).toEqual([
      {
        original: 45000,
        retail: 45000,
        net: null,
        currency: 'ZAR',
        currencyPrecision: 2,
        includedTaxes: [],
      },
    ])
    expect(walk.features?.map((f) => f.shortDescription)).toEqual([
      'Tastings',
      'Bring: Water',
      'Meeting point: Heritage Square, 100 Shortmarket Street',
    ])
    expect(products[1]!.options[0]!.availabilityLocalStartTimes).toEqual(['09:00', '14:00'])

    // Without the capabilities, neither prices nor content.
    const plain = (await octo('GET', '/products/exp-walk')).body as Product
    expect(zProduct.parse(plain).options[0]!.units[0]!.pricingFrom).toBeUndefined()
    expect(plain.title).toBeUndefined()
  })

  it('refuses unknown, closed and other resellers’ products with INVALID_PRODUCT_ID', async () => {
    for (const id of ['exp-private', 'exp-bespoke', 'nope', 'drafts.exp-walk']) {
      const answer = await octo('GET', `/products/${id}`)
      expect(answer.status).toBe(400)
      expect(answer.body).toEqual({
        error: 'INVALID_PRODUCT_ID',
        errorMessage: expect.any(String),
        productId: id,
      })
    }
    const boats = await octo('GET', '/products', {key: keys.cruiseOnly})
    expect((boats.body as Product[]).map((p) => p.id)).toEqual(['exp-cruise'])
    expect((await octo('GET', '/products/exp-walk', {key: keys.cruiseOnly})).body.error).toBe(
      'INVALID_PRODUCT_ID',
    )
  })
})

describe('OCTO availability', () => {
  beforeAll(async () => {
    await bookings
      .transaction()
      .createOrReplace(confirmedBooking('seed-limited', '2030-02-03', 4))
      .createOrReplace(confirmedBooking('seed-full', '2030-02-04', 6))
      .createOrReplace({
        _id: 'departure-bo-kaap-food-walk-2030-02-05',
        _type: 'departure',
        experience_id: 'bo-kaap-food-walk',
        date: '2030-02-05',
        cancelled_at: '2030-01-01T07:00:00Z',
      })
      .commit()
  })

  it('gives each day’s status from the site’s own counts, rules and cancellations', async () => {
    const answer = await octo('POST', '/availability/calendar', {
      capabilities: ALL,
      body: {
        productId: 'exp-walk',
        optionId: 'DEFAULT',
        localDateStart: '2030-02-02',
        localDateEnd: '2030-02-10',
      },
    })
    expect(answer.status).toBe(200)
    const days = (answer.body as AvailabilityCalendar[]).map((d) => zAvailabilityCalendar.parse(d))
    expect(Object.fromEntries(days.map((d) => [d.localDate, [d.status, d.vacancies]]))).toEqual({
      '2030-02-02': ['AVAILABLE', 6],
      '2030-02-03': ['LIMITED', 2],
      '2030-02-04': ['SOLD_OUT', 0],
      '2030-02-05': ['CLOSED', 0],
      '2030-02-06': ['AVAILABLE', 6],
      '2030-02-07': ['AVAILABLE', 6],
      '2030-02-08': ['AVAILABLE', 6],
      '2030-02-09': ['AVAILABLE', 6],
      '2030-02-10': ['CLOSED', 0],
    })
    expect(days[0]!.pricingFrom?.retail).toBe(45000)
    // Within the lead time (two days): closed.
    const soon = await octo('POST', '/availability/calendar', {
      body: {
        productId: 'exp-walk',
        optionId: 'DEFAULT',
        localDateStart: '2030-01-02',
        localDateEnd: '2030-01-02',
      },
    })
    expect(soon.body[0].status).toBe('CLOSED')
  })

  it('checks departures by date or availability id, at the local start in Cape Town', async () => {
    const answer = await octo('POST', '/availability', {
      capabilities: ALL,
      body: {
        productId: 'exp-walk',
        optionId: 'DEFAULT',
        localDateStart: '2030-02-03',
        localDateEnd: '2030-02-03',
        units: [{id: 'adult', quantity: 3}],
      },
    })
    expect(answer.status).toBe(200)
    const [departure] = (answer.body as Availability[]).map((a) => zAvailability.parse(a))
    expect(departure).toMatchObject({
      id: '2030-02-03T10:00:00+02:00',
      localDateTimeStart: '2030-02-03T10:00:00+02:00',
      localDateTimeEnd: '2030-02-03T13:00:00+02:00',
      utcCutoffAt: '2030-02-01T22:00:00Z',
      status: 'LIMITED',
      vacancies: 2,
      capacity: 6,
      // Three adults do not fit in two places.
      available: false,
    })
    expect(departure!.pricing?.retail).toBe(3 * 45000)

    const byId = await octo('POST', '/availability', {
      body: {productId: 'exp-walk', optionId: 'DEFAULT', availabilityIds: [walkAt('2030-02-04')]},
    })
    expect(byId.body.map((a: Availability) => [a.id, a.status])).toEqual([
      [walkAt('2030-02-04'), 'SOLD_OUT'],
    ])

    const cruise = await octo('POST', '/availability', {
      body: {productId: 'exp-cruise', optionId: 'DEFAULT', localDate: '2030-02-03'},
    })
    expect(cruise.body.map((a: Availability) => a.id)).toEqual([
      '2030-02-03T09:00:00+02:00',
      '2030-02-03T14:00:00+02:00',
    ])
  })

  it('prices adults and children at the editors’ price per person, in ZAR cents, as OCTO’s pricing schemas read it', async () => {
    // The content has one price, `fromPrice` (rand per person): no child price, so a child pays what an adult does.
    const perPerson = {
      original: 45000,
      retail: 45000,
      net: null,
      currency: 'ZAR',
      currencyPrecision: 2,
      includedTaxes: [],
    }
    const product = zProduct.parse(
      (await octo('GET', '/products/exp-walk', {capabilities: ALL})).body,
    )
    const units = product.options[0]!.units
    expect(units.map((u) => u.type)).toEqual(['ADULT', 'CHILD'])
    for (const unit of units) {
      expect(unit.pricingFrom).toEqual([perPerson])
      expect(unit.pricingFrom!.map((p) => zPricing.parse(p))).toEqual([perPerson])
    }

    const answer = await octo('POST', '/availability', {
      capabilities: ALL,
      body: {
        productId: 'exp-walk',
        optionId: 'DEFAULT',
        localDate: '2030-02-06',
        units: [
          {id: 'adult', quantity: 2},
          {id: 'child', quantity: 1},
        ],
      },
    })
    expect(answer.status).toBe(200)
    const [departure] = (answer.body as Availability[]).map((a) => zAvailability.parse(a))
    expect(departure!.unitPricing!.map((u) => zPricingUnit.parse(u))).toEqual([
      {...perPerson, unitId: 'adult'},
      {...perPerson, unitId: 'child'},
    ])
    // Two adults and a child: three people at the price per person, whole cents.
    expect(zPricing.parse(departure!.pricing)).toEqual({
      ...perPerson,
      original: 135000,
      retail: 135000,
    })
    expect(Number.isInteger(departure!.pricing!.retail)).toBe(true)
  })

  it('prices a booking under octo/pricing at the price its places were held at, per unit item and in total', async () => {
    const uuid = randomUUID()
    const held = await octo('POST', '/bookings', {
      capabilities: ALL,
      body: {...reserveBody('2030-03-20', ['adult', 'adult', 'child']), uuid},
    })
    expect(held.status).toBe(200)
    const perPerson = zPricing.parse({
      original: 45000,
      retail: 45000,
      net: null,
      currency: 'ZAR',
      currencyPrecision: 2,
      includedTaxes: [],
    })
    const booking = zBooking.parse(held.body)
    expect(booking.unitItems.map((item) => item.pricing)).toEqual([perPerson, perPerson, perPerson])
    expect(booking.pricing).toEqual({...perPerson, original: 135000, retail: 135000})
    // The editors raise the price: the hold keeps the price it was made at.
    const editor = lake.client({token: lake.secrets.writeToken})
    await editor.patch('exp-walk').set({fromPrice: 500}).commit()
    try {
      const read = zBooking.parse((await octo('GET', `/bookings/${uuid}`, {capabilities: ALL})).body)
      expect(read.pricing?.retail).toBe(135000)
    } finally {
      await editor.patch('exp-walk').set({fromPrice: 450}).commit()
    }
    // Without the capability, no price on the booking or its units.
    const plain = (await octo('GET', `/bookings/${uuid}`)).body as Booking
    expect(plain.pricing).toBeUndefined()
    expect(plain.unitItems[0]!.pricing).toBeUndefined()
    expect((await octo('POST', `/bookings/${uuid}/cancel`, {body: {reason: 'test'}})).status).toBe(200)
  })

  it('answers hostile availability requests with the spec’s errors', async () => {
    const ask = (body: unknown, path = '/availability') => octo('POST', path, {body})
    const base = {
      productId: 'exp-walk',
      optionId: 'DEFAULT',
      localDateStart: '2030-02-03',
      localDateEnd: '2030-02-03',
    }
    expect((await ask({...base, productId: 'exp-private'})).body.error).toBe('INVALID_PRODUCT_ID')
    expect((await ask({...base, optionId: 'VIP'})).body).toMatchObject({
      error: 'INVALID_OPTION_ID',
      optionId: 'VIP',
    })
    expect((await ask({...base, units: [{id: 'dog', quantity: 1}]})).body).toMatchObject({
      error: 'INVALID_UNIT_ID',
      unitId: 'dog',
    })
    expect(
      (
        await ask({
          productId: 'exp-walk',
          optionId: 'DEFAULT',
          availabilityIds: ['2030-02-03T11:00:00+02:00'],
        })
      ).body,
    ).toMatchObject({
      error: 'INVALID_AVAILABILITY_ID',
      availabilityId: '2030-02-03T11:00:00+02:00',
    })
    expect(
      (await ask({productId: 'exp-walk', optionId: 'DEFAULT', availabilityIds: ['junk']})).body
        .error,
    ).toBe('INVALID_AVAILABILITY_ID')
    for (const body of [
      {...base, localDateStart: 'tomorrow'},
      {...base, localDateStart: '2030-02-04'},
      {...base, localDateEnd: '2031-12-31'},
      {...base, productId: 5},
      {productId: 'exp-walk', optionId: 'DEFAULT'},
      // One way of naming the departures at a time.
      {...base, availabilityIds: [walkAt('2030-02-03')]},
      {...base, localDate: '2030-02-03'},
    ]) {
      const answer = await ask(body)
      expect(answer.status).toBe(400)
      expect(answer.body.error).toBe('BAD_REQUEST')
    }
    const notJson = await octo('POST', '/availability/calendar', {raw: '{"productId":'})
    expect([notJson.status, notJson.body.error]).toEqual([400, 'BAD_REQUEST'])
    const huge = await octo('POST', '/availability/calendar', {
      raw: JSON.stringify({...base, pad: 'x'.repeat(100_000)}),
    })
    expect([huge.status, huge.body.error]).toEqual([413, 'BAD_REQUEST'])
  })
})

describe('OCTO bookings', () => {
  it('a hold takes the places for the site, a traveller’s request and other resellers at once', async () => {
    const date = '2030-02-07'
    await bookings.createOrReplace(confirmedBooking('seed-0207', date, 4))
    const answer = await octo('POST', '/bookings', {
      capabilities: ALL,
      body: reserveBody(date, ['adult', 'child'], {
        uuid: uid('hold-0207'),
        resellerReference: 'EX-1',
      }),
    })
    expect(answer.status).toBe(200)
    const booking = zBooking.parse(answer.body) as Booking
    expect(booking).toMatchObject({
      uuid: uid('hold-0207'),
      status: 'ON_HOLD',
      productId: 'exp-walk',
      optionId: 'DEFAULT',
      availabilityId: walkAt(date),
      resellerReference: 'EX-1',
      utcExpiresAt: '2030-01-01T08:30:00Z',
    })
    expect(booking.unitItems.map((u) => u.unitId)).toEqual(['adult', 'child'])

    expect(await siteTaken(date)).toBe(6)
    // Staff's departures view counts the hold as held places.
    const [row] = await loadDepartures(
      {client: bookings, content, now: () => clock},
      {from: date, to: date},
    )
    expect(row).toMatchObject({date, capacity: 6, taken: 6, held: 2, left: 0})
    const refused = await travellerRequest(date, 1)
    expect(refused.status).toBe(409)
    const other = await octo('POST', '/bookings', {
      key: keys.b,
      body: reserveBody(date, ['adult'], {uuid: uid('late')}),
    })
    expect(other.status).toBe(400)
    expect(other.body).toEqual({
      error: 'UNPROCESSABLE_ENTITY',
      errorMessage: 'This departure is sold out.',
    })
    const check = await octo('POST', '/availability', {
      body: {productId: 'exp-walk', optionId: 'DEFAULT', localDate: date},
    })
    expect(check.body[0].status).toBe('SOLD_OUT')
    expect(await bookings.fetch('count(*[_type == "octoBooking" && date == $date])', {date})).toBe(
      1,
    )
  })

  it('a retried uuid answers the same booking; the same uuid with another body is refused and changes nothing', async () => {
    const body = reserveBody('2030-02-09', ['adult'], {uuid: uid('retry-1')})
    const answers = await Promise.all([1, 2, 3].map(() => octo('POST', '/bookings', {body})))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
    expect(new Set(answers.map((a) => a.body.supplierReference)).size).toBe(1)
    expect(
      await bookings.fetch('count(*[_type == "octoBooking" && uuid == $uuid])', {
        uuid: uid('retry-1'),
      }),
    ).toBe(1)
    const again = await octo('POST', '/bookings', {body})
    expect(again.body.id).toBe(answers[0]!.body.id)

    const before = await bookings.fetch('*[_type == "octoBooking" && uuid == $uuid][0]', {
      uuid: uid('retry-1'),
    })
    const changed = await octo('POST', '/bookings', {
      body: {...body, unitItems: [{unitId: 'adult'}, {unitId: 'adult'}]},
    })
    expect(changed.status).toBe(400)
    expect(changed.body.error).toBe('UNPROCESSABLE_ENTITY')
    expect(
      await bookings.fetch('*[_type == "octoBooking" && uuid == $uuid][0]', {uuid: uid('retry-1')}),
    ).toEqual(before)
    // Another reseller's same uuid is its own booking.
    const theirs = await octo('POST', '/bookings', {key: keys.b, body})
    expect(theirs.status).toBe(200)
    expect(theirs.body.id).not.toBe(answers[0]!.body.id)
  })

  it('refuses hostile reservations with the spec’s errors and stores nothing', async () => {
    const before = await countHolds()
    const date = '2030-02-09'
    const cases: [unknown, string, Record<string, string>?][] = [
      [
        {...reserveBody(date, ['adult']), productId: 'nope'},
        'INVALID_PRODUCT_ID',
        {productId: 'nope'},
      ],
      [{...reserveBody(date, ['adult']), optionId: 'VIP'}, 'INVALID_OPTION_ID', {optionId: 'VIP'}],
      [reserveBody(date, ['adult', 'dog']), 'INVALID_UNIT_ID', {unitId: 'dog'}],
      [
        {...reserveBody(date, ['adult']), availabilityId: `${date}T11:00:00+02:00`},
        'INVALID_AVAILABILITY_ID',
      ],
      [{...reserveBody(date, ['adult']), availabilityId: 'x'}, 'INVALID_AVAILABILITY_ID'],
      [reserveBody('2030-02-10', ['adult']), 'UNPROCESSABLE_ENTITY'],
      [reserveBody('2030-01-02', ['adult']), 'UNPROCESSABLE_ENTITY'],
      [reserveBody(date, Array(7).fill('adult')), 'UNPROCESSABLE_ENTITY'],
      [reserveBody(date, ['child']), 'UNPROCESSABLE_ENTITY'],
      [reserveBody(date, []), 'UNPROCESSABLE_ENTITY'],
      [{...reserveBody(date, ['adult']), unitItems: undefined}, 'UNPROCESSABLE_ENTITY'],
      [{...reserveBody(date, ['adult']), unitItems: 'adult'}, 'BAD_REQUEST'],
      [{...reserveBody(date, ['adult']), productId: 7}, 'BAD_REQUEST'],
      [{...reserveBody(date, ['adult']), expirationMinutes: -5}, 'BAD_REQUEST'],
      [{...reserveBody(date, ['adult']), uuid: '../../etc'}, 'BAD_REQUEST'],
      [[], 'BAD_REQUEST'],
      [{...reserveBody(date, ['adult']), notes: 'x'.repeat(40_000)}, 'BAD_REQUEST'],
    ]
    for (const [body, error, extra] of cases) {
      const answer = await octo('POST', '/bookings', {body})
      expect
        .soft(
          [answer.status === 413 ? 400 : answer.status, answer.body.error],
          JSON.stringify(body).slice(0, 120),
        )
        .toEqual([400, error])
      if (extra) expect(answer.body).toMatchObject(extra)
    }
    expect(await countHolds()).toBe(before)
  })

  it('one reseller never sees or changes another’s booking', async () => {
    const mine = await octo('POST', '/bookings', {
      body: reserveBody('2030-02-11', ['adult'], {
        uuid: uid('mine-1'),
        resellerReference: 'MINE-1',
      }),
    })
    expect(mine.status).toBe(200)
    for (const [method, path] of [
      ['GET', `/bookings/${uid('mine-1')}`],
      ['POST', `/bookings/${uid('mine-1')}/confirm`],
      ['POST', `/bookings/${uid('mine-1')}/cancel`],
      ['POST', `/bookings/${uid('mine-1')}/extend`],
      ['PATCH', `/bookings/${uid('mine-1')}`],
    ] as const) {
      const answer = await octo(method, path, {
        key: keys.b,
        body: method === 'GET' ? undefined : {contact: {}},
      })
      expect(answer.status, path).toBe(400)
      expect(answer.body).toEqual({
        error: 'INVALID_BOOKING_UUID',
        errorMessage: expect.any(String),
        uuid: uid('mine-1'),
      })
    }
    expect((await octo('GET', '/bookings?resellerReference=MINE-1', {key: keys.b})).body).toEqual(
      [],
    )
    expect(
      (await octo('GET', '/bookings?resellerReference=MINE-1')).body.map((b: Booking) => b.uuid),
    ).toEqual([uid('mine-1')])
    expect((await octo('GET', `/bookings/${uid('mine-1')}`)).body.status).toBe('ON_HOLD')
    expect((await octo('GET', '/bookings')).body.error).toBe('BAD_REQUEST')
  })

  it('confirm makes the confirmed booking staff see, counting its places once', async () => {
    const date = '2030-02-08'
    await octo('POST', '/bookings', {
      body: reserveBody(date, ['adult', 'adult', 'child'], {uuid: uid('conf-1')}),
    })
    expect(await siteTaken(date)).toBe(3)
    const answer = await octo('POST', `/bookings/${uid('conf-1')}/confirm`, {
      body: {
        resellerReference: 'EX-CONF',
        contact: {fullName: 'Amahle Dube', emailAddress: 'amahle@example.com'},
        // The traveller agreed to our mails: the booking keeps the address (see "mail to a reseller's traveller").
        emailReceipt: true,
      },
    })
    expect(answer.status).toBe(200)
    const booking = zBooking.parse(answer.body)
    expect(booking).toMatchObject({
      status: 'CONFIRMED',
      utcExpiresAt: null,
      resellerReference: 'EX-CONF',
    })
    expect(booking.contact.fullName).toBe('Amahle Dube')
    expect(await siteTaken(date)).toBe(3)
    const site = await bookings.fetch<Record<string, unknown>>(
      '*[_type == "booking" && date == $date][0]',
      {date},
    )
    expect(site).toMatchObject({
      status: 'confirmed',
      name: 'Amahle Dube',
      email: 'amahle@example.com',
      pax_adults: 2,
      pax_children: 1,
      pax_total: 3,
      source: 'reseller',
      reseller_name: 'Example Tours',
      reseller_reference: 'EX-CONF',
      booking_ref: booking.supplierReference,
      marketing_opt_in: false,
    })
    // Confirmed again: the same booking, nothing new.
    expect((await octo('POST', `/bookings/${uid('conf-1')}/confirm`, {body: {}})).body.status).toBe(
      'CONFIRMED',
    )
    expect(await bookings.fetch('count(*[_type == "booking" && date == $date])', {date})).toBe(1)
    // Staff closed it: the reseller reads CANCELLED.
    await bookings
      .patch(site._id as string)
      .set({status: 'closed'})
      .commit()
    expect((await octo('GET', `/bookings/${uid('conf-1')}`)).body.status).toBe('CANCELLED')
  })

  it('extends, updates and cancels; a cancelled booking frees its places and cannot be confirmed', async () => {
    const date = '2030-02-13'
    await octo('POST', '/bookings', {
      body: reserveBody(date, ['adult', 'adult'], {uuid: uid('life-1')}),
    })
    const extended = await octo('POST', `/bookings/${uid('life-1')}/extend`, {
      body: {expirationMinutes: 60},
    })
    expect(extended.body.utcExpiresAt).toBe('2030-01-01T09:00:00Z')
    const updated = await octo('PATCH', `/bookings/${uid('life-1')}`, {
      body: {resellerReference: 'LIFE-REF', notes: 'Vegetarian'},
    })
    expect(zBooking.parse(updated.body)).toMatchObject({
      resellerReference: 'LIFE-REF',
      notes: 'Vegetarian',
      status: 'ON_HOLD',
    })
    expect((await octo('GET', '/bookings?resellerReference=LIFE-REF')).body).toHaveLength(1)
    expect(await siteTaken(date)).toBe(2)
    const cancelled = await octo('POST', `/bookings/${uid('life-1')}/cancel`, {
      body: {reason: 'Traveller changed plans'},
    })
    expect(zBooking.parse(cancelled.body)).toMatchObject({
      status: 'CANCELLED',
      cancellation: {reason: 'Traveller changed plans'},
    })
    expect(await siteTaken(date)).toBe(0)
    expect((await octo('POST', `/bookings/${uid('life-1')}/cancel`)).body.status).toBe('CANCELLED')
    expect((await octo('POST', `/bookings/${uid('life-1')}/confirm`, {body: {}})).body.error).toBe(
      'UNPROCESSABLE_ENTITY',
    )

    // A confirmed booking cancelled by the reseller closes the site's booking, named after the reseller.
    await octo('POST', '/bookings', {body: reserveBody(date, ['adult'], {uuid: uid('life-2')})})
    await octo('POST', `/bookings/${uid('life-2')}/confirm`, {body: {}})
    expect(await siteTaken(date)).toBe(1)
    expect((await octo('POST', `/bookings/${uid('life-2')}/cancel`, {body: {}})).body.status).toBe(
      'CANCELLED',
    )
    expect(await siteTaken(date)).toBe(0)
    const site = await bookings.fetch<{status: string; last: {by: string}}>(
      '*[_type == "booking" && date == $date][0]{status, "last": status_history[-1]}',
      {date},
    )
    expect(site).toMatchObject({status: 'closed', last: {by: 'reseller:Example Tours'}})
    expect((await octo('GET', `/bookings/${uid('unknown-uuid')}`)).body).toMatchObject({
      error: 'INVALID_BOOKING_UUID',
      uuid: uid('unknown-uuid'),
    })
    expect((await octo('GET', '/bookings/not-a-uuid')).body).toMatchObject({
      error: 'INVALID_BOOKING_UUID',
      uuid: 'not-a-uuid',
    })
  })

  it('an expired hold frees its places exactly once, whichever runner sees it first', async () => {
    const date = '2030-02-14'
    await octo('POST', '/bookings', {
      body: reserveBody(date, ['adult', 'adult', 'adult'], {
        uuid: uid('lapse-1'),
        expirationMinutes: 5,
      }),
    })
    expect(await siteTaken(date)).toBe(3)
    const later = new Date(clock.getTime() + 10 * 60_000)
    const saved = clock
    clock = later
    try {
      expect((await octo('GET', `/bookings/${uid('lapse-1')}`)).body.status).toBe('EXPIRED')
      expect(
        (await octo('POST', `/bookings/${uid('lapse-1')}/confirm`, {body: {}})).body.error,
      ).toBe('UNPROCESSABLE_ENTITY')
      expect(
        (await octo('POST', `/bookings/${uid('lapse-1')}/extend`, {body: {}})).body.error,
      ).toBe('UNPROCESSABLE_ENTITY')
      const runs = await Promise.all([1, 2, 3].map(() => expireHolds(bookings, later)))
      expect(runs.reduce((sum, run) => sum + run.expired, 0)).toBe(1)
      expect(await siteTaken(date)).toBe(0)
      expect((await expireHolds(bookings, later)).expired).toBe(0)
      expect(
        await bookings.fetch('*[_type == "octoBooking" && uuid == $uuid][0].state', {
          uuid: uid('lapse-1'),
        }),
      ).toBe('expired')
    } finally {
      clock = saved
    }
  })

  it('moves a hold or changes its units under the lock, counting its own places once', async () => {
    const [from, to] = ['2030-02-20', '2030-02-21']
    await bookings.createOrReplace(confirmedBooking('seed-move', to, 3))
    await octo('POST', '/bookings', {
      body: reserveBody(from, ['adult', 'adult'], {uuid: uid('move-1')}),
    })
    // Growing within its own departure: its two places are not counted against it.
    const grown = await octo('PATCH', `/bookings/${uid('move-1')}`, {
      body: {
        unitItems: [
          {unitId: 'adult'},
          {unitId: 'adult'},
          {unitId: 'child'},
          {unitId: 'child'},
          {unitId: 'child'},
          {unitId: 'child'},
        ],
      },
    })
    expect(grown.status).toBe(200)
    expect(grown.body.unitItems).toHaveLength(6)
    expect(await siteTaken(from)).toBe(6)
    // Too many for the other departure (3 of 6 taken): refused, nothing changes.
    const tooBig = await octo('PATCH', `/bookings/${uid('move-1')}`, {
      body: {availabilityId: walkAt(to)},
    })
    expect(tooBig.body).toEqual({
      error: 'UNPROCESSABLE_ENTITY',
      errorMessage: 'Only 3 places are left on this departure.',
    })
    expect(await siteTaken(from)).toBe(6)
    const moved = await octo('PATCH', `/bookings/${uid('move-1')}`, {
      body: {availabilityId: walkAt(to), unitItems: [{unitId: 'adult'}, {unitId: 'child'}]},
    })
    expect(zBooking.parse(moved.body)).toMatchObject({
      availabilityId: walkAt(to),
      status: 'ON_HOLD',
    })
    expect(moved.body.availability).toMatchObject({id: walkAt(to), vacancies: 1, status: 'LIMITED'})
    expect([await siteTaken(from), await siteTaken(to)]).toEqual([0, 5])
    // Units changed at confirmation are counted again too.
    const confirmed = await octo('POST', `/bookings/${uid('move-1')}/confirm`, {
      body: {unitItems: [{unitId: 'adult'}]},
    })
    expect(confirmed.body).toMatchObject({status: 'CONFIRMED'})
    expect(confirmed.body.unitItems).toHaveLength(1)
    expect(await siteTaken(to)).toBe(4)
    const unknownUnit = await octo('POST', `/bookings/${uid('move-1')}/confirm`, {
      body: {unitItems: [{unitId: 'dog'}]},
    })
    expect(unknownUnit.body).toMatchObject({error: 'INVALID_UNIT_ID', unitId: 'dog'})
    // A confirmed booking is not moved: cancelled and booked again instead.
    const late = await octo('PATCH', `/bookings/${uid('move-1')}`, {
      body: {availabilityId: walkAt(from)},
    })
    expect(late.body.error).toBe('UNPROCESSABLE_ENTITY')
  })

  it('an expired hold’s places go to the waitlist, once', async () => {
    const date = '2030-02-22'
    await bookings.createOrReplace(confirmedBooking('seed-wait', date, 4))
    await octo('POST', '/bookings', {
      body: reserveBody(date, ['adult', 'adult'], {uuid: uid('wait-1'), expirationMinutes: 5}),
    })
    await bookings.create({
      _id: 'waitlist-octo-1',
      _type: 'waitlistEntry',
      state: 'waiting',
      experience_id: 'bo-kaap-food-walk',
      experience_title: 'Bo-Kaap Food Walk',
      date,
      preferred_time: '',
      pax_adults: 2,
      pax_children: 0,
      pax_total: 2,
      name: 'Waiting Traveller',
      email: 'waiting@example.com',
      joined_at: '2030-01-01T07:00:00Z',
    })
    const sent: string[] = []
    const outbox = createOutbox({
      bookings,
      transport: {send: async (id) => void sent.push(id)},
      from: 'Bookings <bookings@example.com>',
    })
    const waitlist = (now: Date): WaitlistDeps => ({
      content,
      bookings,
      mailContent: mailContentLoader(content),
      outbox,
      notify: {mails: () => [], stored: () => {}},
      secret: 'waitlist-secret-for-the-octo-test',
      siteUrl: 'https://site.example',
      now: () => now,
    })
    try {
      // While the hold stands, nothing is free to offer.
      expect((await offerWaitlistPlaces(waitlist(clock), clock)).offered).toBe(0)
      const later = new Date(clock.getTime() + 10 * 60_000)
      await Promise.all([expireHolds(bookings, later), expireHolds(bookings, later)])
      const runs = await Promise.all([1, 2].map(() => offerWaitlistPlaces(waitlist(later), later)))
      expect(runs.reduce((sum, run) => sum + run.offered, 0)).toBe(1)
      expect(await bookings.fetch('*[_id == "waitlist-octo-1"][0].state')).toBe('offered')
      // The offer holds the two places as the reseller's hold did.
      expect(await siteTaken(date)).toBe(6)
    } finally {
      await outbox.stop()
    }
  })

  it('a reseller’s hold races another reseller and staff confirming a request for the last places: no overbooking', async () => {
    for (const date of ['2030-02-15', '2030-02-16', '2030-02-17']) {
      await bookings.createOrReplace(confirmedBooking(`seed-race-${date}`, date, 4))
      const request = await travellerRequest(date, 2)
      expect(request.status).toBe(201)
      const requested = await bookings.fetch<{_id: string; _rev: string}>(
        '*[_type == "booking" && booking_ref == $ref][0]{_id, _rev}',
        {ref: request.body.booking_ref},
      )
      const [a, b, staff] = await Promise.all([
        octo('POST', '/bookings', {
          body: reserveBody(date, ['adult', 'adult'], {uuid: uid(`race-a-${date}`)}),
        }),
        octo('POST', '/bookings', {
          key: keys.b,
          body: reserveBody(date, ['adult', 'adult'], {uuid: uid(`race-b-${date}`)}),
        }),
        confirmWithCapacity(
          {client: bookings, content, now: () => clock},
          requested._id,
          requested._rev,
          'Staff Member',
          false,
        ),
      ])
      const winners = [a.status === 200, b.status === 200, staff?.status === 200].filter(Boolean)
      expect(winners, date).toHaveLength(1)
      expect(await siteTaken(date), date).toBe(6)
    }
  })
})

describe('OCTO closed departures', () => {
  const staff = () => ({client: bookings, content, now: () => clock})

  it('a departure staff cancel is CLOSED at once: its holds are released and its bookings read CANCELLED', async () => {
    const date = '2030-03-02'
    await octo('POST', '/bookings', {body: reserveBody(date, ['adult', 'adult'], {uuid: uid('wx-hold')})})
    await octo('POST', '/bookings', {body: reserveBody(date, ['adult'], {uuid: uid('wx-conf')})})
    await octo('POST', `/bookings/${uid('wx-conf')}/confirm`, {
      body: {contact: {fullName: 'Pieter Botha', emailAddress: 'pieter@example.com'}},
    })
    expect(await siteTaken(date)).toBe(3)

    const cancelled = await cancelDeparture(
      staff(),
      testDecisionDeps(content, () => clock),
      {experience: 'bo-kaap-food-walk', date, reason: 'A gale is forecast.', alternatives: []},
      {name: 'Sam Staff', id: 'staff-sam'},
    )
    expect(cancelled.status).toBe(200)

    // The hold is released: no place counted, and the reseller reads it cancelled by the supplier.
    const hold = await octo('GET', `/bookings/${uid('wx-hold')}`)
    expect(zBooking.parse(hold.body)).toMatchObject({
      status: 'CANCELLED',
      cancellation: {reason: 'Cancelled by the supplier: A gale is forecast.'},
    })
    expect(
      await bookings.fetch('*[_type == "octoBooking" && uuid == $uuid][0].state', {
        uuid: uid('wx-hold'),
      }),
    ).toBe('cancelled')
    const booked = await octo('GET', `/bookings/${uid('wx-conf')}`)
    expect(zBooking.parse(booked.body)).toMatchObject({
      status: 'CANCELLED',
      cancellation: {reason: 'Cancelled by the supplier: A gale is forecast.'},
    })
    expect((await octo('POST', `/bookings/${uid('wx-hold')}/confirm`, {body: {}})).body.error).toBe(
      'UNPROCESSABLE_ENTITY',
    )
    expect(await siteTaken(date)).toBe(0)

    // Closed to resellers: availability says so and a new reservation is refused, storing nothing.
    const check = await octo('POST', '/availability', {
      body: {productId: 'exp-walk', optionId: 'DEFAULT', localDate: date},
    })
    expect(check.body).toHaveLength(1)
    expect(zAvailability.parse(check.body[0])).toMatchObject({status: 'CLOSED', available: false})
    const before = await countHolds()
    const refused = await octo('POST', '/bookings', {body: reserveBody(date, ['adult'])})
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({error: 'UNPROCESSABLE_ENTITY', errorMessage: expect.any(String)})
    expect(await countHolds()).toBe(before)
  })

  it('a date editors black out is CLOSED at once, and a hold on it is released on the reseller’s next read', async () => {
    const date = '2030-03-03'
    await octo('POST', '/bookings', {body: reserveBody(date, ['adult', 'adult'], {uuid: uid('bo-hold')})})
    expect(await siteTaken(date)).toBe(2)
    const root = lake.client({token: lake.secrets.rootToken})
    await root.patch('settings-walk').append('blackoutDates', [date]).commit()
    try {
      const calendar = await octo('POST', '/availability/calendar', {
        body: {productId: 'exp-walk', optionId: 'DEFAULT', localDateStart: date, localDateEnd: date},
      })
      expect(calendar.body[0]).toMatchObject({localDate: date, status: 'CLOSED', available: false})
      const hold = await octo('GET', `/bookings/${uid('bo-hold')}`)
      expect(zBooking.parse(hold.body)).toMatchObject({
        status: 'CANCELLED',
        cancellation: {reason: BLACKED_OUT_REASON},
      })
      expect(
        (await octo('POST', `/bookings/${uid('bo-hold')}/confirm`, {body: {}})).body.error,
      ).toBe('UNPROCESSABLE_ENTITY')
      const before = await countHolds()
      const refused = await octo('POST', '/bookings', {body: reserveBody(date, ['adult'])})
      expect(refused.body.error).toBe('UNPROCESSABLE_ENTITY')
      expect(await countHolds()).toBe(before)
    } finally {
      await root.patch('settings-walk').unset([`blackoutDates[@ == "${date}"]`]).commit()
    }
    // Opened again: the released hold took no place with it.
    expect(await siteTaken(date)).toBe(0)
  })
})

describe('OCTO writes in the staff activity log', () => {
  const entriesFor = (ref: string) =>
    bookings.fetch<{personId: string; personName: string; kind: string; summary: string; bookingId: string}[]>(
      '*[_type == "staffActivity" && bookingRef == $ref] | order(at asc, summary asc){personId, personName, kind, summary, bookingId}',
      {ref},
    )

  it('records each write under the reseller’s name, in the staff view, and nothing for a refused one', async () => {
    const date = '2030-03-04'
    const uuid = uid('log-1')
    const held = await octo('POST', '/bookings', {body: reserveBody(date, ['adult', 'child'], {uuid})})
    expect(held.status).toBe(200)
    const ref = held.body.supplierReference as string
    // A retried reserve writes nothing, so logs nothing.
    await octo('POST', '/bookings', {body: reserveBody(date, ['adult', 'child'], {uuid})})
    await octo('POST', `/bookings/${uuid}/extend`, {body: {expirationMinutes: 45}})
    await octo('PATCH', `/bookings/${uuid}`, {body: {resellerReference: 'LOG-REF'}})
    await octo('POST', `/bookings/${uuid}/confirm`, {body: {}})
    // Confirmed again: nothing new.
    await octo('POST', `/bookings/${uuid}/confirm`, {body: {}})
    await octo('POST', `/bookings/${uuid}/cancel`, {body: {reason: 'Plans changed'}})
    const entries = await entriesFor(ref)
    const reseller = await bookings.fetch<string>('*[_type == "reseller" && name == "Example Tours"][0]._id')
    // The test's clock stands still: the five share one instant, so compared as a set.
    expect(entries.map((e) => e.summary).sort()).toEqual([
      'Held 1 adult, 1 child on Bo-Kaap Food Walk, Monday 4 March 2030 (OCTO)',
      'Extended the hold of 1 adult, 1 child on Bo-Kaap Food Walk, Monday 4 March 2030 (OCTO)',
      'Changed the booking of 1 adult, 1 child on Bo-Kaap Food Walk, Monday 4 March 2030 (OCTO)',
      'Confirmed 1 adult, 1 child on Bo-Kaap Food Walk, Monday 4 March 2030 (OCTO)',
      'Cancelled 1 adult, 1 child on Bo-Kaap Food Walk, Monday 4 March 2030 (OCTO)',
    ].sort())
    for (const entry of entries)
      expect(entry).toMatchObject({personId: reseller, personName: 'Reseller: Example Tours', kind: 'reseller'})
    // Once confirmed, the entries name the site booking staff open.
    const site = await bookings.fetch<string>('*[_type == "booking" && booking_ref == $ref][0]._id', {ref})
    expect(
      entries.filter((e) => /^(Confirmed|Cancelled)/.test(e.summary)).map((e) => e.bookingId),
    ).toEqual([site, site])
    // The owner's activity view reads them, by the reseller or by the reference.
    const listed = await listActivity(bookings, new URLSearchParams({person: reseller}))
    expect((listed.body as {activity: {bookingRef: string}[]}).activity.filter((e) => e.bookingRef === ref)).toHaveLength(5)

    // Refused (a date within the lead time), another reseller's uuid: no entry.
    const before = await bookings.fetch<number>('count(*[_type == "staffActivity"])')
    expect((await octo('POST', '/bookings', {body: reserveBody('2030-01-02', ['adult'])})).status).toBe(400)
    expect((await octo('POST', `/bookings/${uuid}/extend`, {key: keys.b, body: {}})).status).toBe(400)
    expect(await bookings.fetch<number>('count(*[_type == "staffActivity"])')).toBe(before)
  })

  it('the resellers command names who ran it, from --as or the operating system’s user', async () => {
    const out = {log: () => {}, error: () => {}}
    expect(
      await runResellersCommand(['add', 'Named Tours', '--as', 'olwethu@example.com'], bookings, out, 'script:ops'),
    ).toBe(0)
    const named = await bookings.fetch<{_id: string; created_by: string}>(
      '*[_type == "reseller" && name == "Named Tours"][0]{_id, created_by}',
    )
    expect(named.created_by).toBe('olwethu@example.com')
    expect(await runResellersCommand(['revoke', named._id], bookings, out, 'script:ops')).toBe(0)
    expect(await bookings.getDocument(named._id)).toMatchObject({revoked_by: 'script:ops'})
    const logged = await bookings.fetch<{personName: string; summary: string}[]>(
      '*[_type == "staffActivity" && subjectId == $id] | order(at asc, summary asc){personName, summary}',
      {id: named._id},
    )
    expect(logged).toEqual([
      {personName: 'olwethu@example.com (command line)', summary: 'Added the reseller Named Tours'},
      {personName: 'script:ops (command line)', summary: `Revoked the key of the reseller ${named._id}`},
    ])
    // --as without a name, or twice: the usage, and nothing stored.
    for (const argv of [['add', 'X', '--as'], ['add', 'X', '--as', 'a', '--as', 'b']])
      expect(await runResellersCommand(argv, bookings, out, 'script:ops')).toBe(2)
    expect(await bookings.fetch('count(*[_type == "reseller" && name == "X"])')).toBe(0)
  })
})

describe('mail to a reseller’s traveller', () => {
  const SECRET = 'reseller-mail-secret-0123456789abcdef'
  const links = {siteUrl: 'https://site.example', secret: SECRET, now: () => clock}
  const mailContent = () => loadMailContent(content)
  const outbox = (transport: Parameters<typeof createOutbox>[0]['transport']) =>
    createOutbox({
      bookings,
      transport,
      from: 'Bookings <bookings@example.com>',
      openLink: (sealed) => openSealedLink(sealed, SECRET),
      // The test's mails are queued in 2030: the outbox's clock is after them.
      now: () => Date.parse('2030-03-09T00:00:00Z'),
    })

  it('goes only with the address and emailReceipt: the confirmation with its invitation, reminders and a cancelled departure’s mail; never a review request', async () => {
    const date = '2030-03-05'
    const saved = deps
    deps = {...deps, mail: {content: mailContent, links}}
    try {
      const confirm = async (name: string, body: Record<string, unknown>) => {
        await octo('POST', '/bookings', {body: reserveBody(date, ['adult'], {uuid: uid(name)})})
        const answer = await octo('POST', `/bookings/${uid(name)}/confirm`, {body})
        expect(answer.body.status).toBe('CONFIRMED')
        return bookings.fetch<string>('*[_type == "booking" && octo_booking == $id][0]._id', {
          id: answer.body.id,
        })
      }
      const consented = await confirm('mail-yes', {
        emailReceipt: true,
        contact: {fullName: 'Lerato Mokoena', emailAddress: 'lerato@example.com'},
      })
      const silent = await confirm('mail-no', {
        contact: {fullName: 'Johan Smit', emailAddress: 'johan@example.com'},
      })
      // Without emailReceipt the site booking holds no address: nothing of ours can reach the traveller.
      expect(await bookings.getDocument(silent)).not.toHaveProperty('email')

      // The jobs queue their mails; they are sent below, through the SMTP server.
      const jobsOutbox = {
        ...outbox({send: async () => {}}),
        flush: async () => ({sent: 0, failed: 0, pending: 0}),
      }
      // The day before: the reminder; days after: the review requests' run.
      await sendTripReminders(
        {bookings, content, mailContent, outbox: jobsOutbox, links},
        new Date('2030-03-04T08:00:00Z'),
      )
      await sendReviewRequests(
        {bookings, content, mailContent, outbox: jobsOutbox, siteUrl: links.siteUrl, secret: SECRET},
        new Date('2030-03-08T08:00:00Z'),
      )
      // Then the departure is cancelled for the weather.
      const cancelled = await cancelDeparture(
        {client: bookings, content, now: () => clock},
        {...testDecisionDeps(content, () => clock), links},
        {experience: 'bo-kaap-food-walk', date, reason: 'Strong winds.', alternatives: []},
        {name: 'Sam Staff', id: 'staff-sam'},
      )
      expect(cancelled.status).toBe(200)

      const mails = await bookings.fetch<{about: string; mail_id: string; to: string}[]>(
        '*[_type == "outboxMail" && about in $ids] | order(mail_id asc){about, mail_id, to}',
        {ids: [consented, silent]},
      )
      expect(mails.map((m) => m.mail_id.replace(`${consented}-`, ''))).toEqual([
        expect.stringMatching(/^cancel-departure-/),
        'confirm-created',
        `reminder-${date}`,
      ])
      expect(mails.every((m) => m.about === consented && m.to === 'lerato@example.com')).toBe(true)

      // On the wire, through a real SMTP server: the confirmation carries the calendar invitation.
      const smtp = await startSmtpListener()
      try {
        await outbox(smtpTransport(smtp.url)).flush()
        const received = smtp.received.map((mail) => ({to: mail.to.join(), raw: mail.raw}))
        expect(received.filter((mail) => mail.to.includes('johan@example.com'))).toEqual([])
        const lerato = received.filter((mail) => mail.to.includes('lerato@example.com'))
        expect(lerato).toHaveLength(3)
        expect(lerato.some((mail) => /METHOD:REQUEST/.test(mail.raw.replace(/=\r?\n/g, '')))).toBe(
          true,
        )
      } finally {
        await smtp.close()
      }
    } finally {
      deps = saved
    }
  })
})

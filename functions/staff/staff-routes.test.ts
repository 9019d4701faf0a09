import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'
import {Hono} from 'hono'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {createOutbox} from '../lib/mailer.ts'
import {ownOrigins} from '../lib/own-origins.ts'
import {hashPassword} from './admin-password.ts'
import {staffMemberDocument} from './staff-accounts.ts'
import {csvCell} from './bookings-csv.ts'
import {createStaffRoutes} from './create-staff-routes.ts'
import {createLakeListener} from './lake-listen.ts'
import {
  createDeviceToken,
  createSessionToken,
  DEVICE_COOKIE,
  SESSION_COOKIE,
  SESSION_MAX_AGE_MS,
} from './staff-session.ts'
import {testDecisionDeps} from './testing/decision-deps.ts'

const ORIGIN = 'http://site.test'
const PASSWORD = 'correct horse battery'
const SECRET = 'test-session-secret'

let lake: TestLake
let app: Hono
let clock = Date.parse('2026-11-20T10:00:00Z')

function booking(n: number, fields: Record<string, unknown> = {}) {
  return {
    _id: `booking-${n}`,
    _type: 'booking',
    booking_ref: `CTX-${String(n).padStart(4, '0')}`,
    status: 'new',
    // Received within the hour before the clock: none waits too long, so the list is newest first.
    created_at: new Date(Date.parse('2026-11-20T09:00:00Z') + n * 60_000).toISOString(),
    experience_id: 'sunset-cruise',
    experience_title: 'Sunset Cruise',
    date: '2026-12-10',
    pax_adults: 2,
    pax_children: 0,
    pax_total: 2,
    name: `Traveller ${n}`,
    email: `traveller${n}@example.com`,
    consent_booking: true,
    consent_privacy: true,
    ...fields,
  }
}

beforeAll(async () => {
  lake = await startTestLake()
  const client = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
  const tx = client.transaction()
  tx.createOrReplace(
    booking(1, {
      name: 'Anna Müller',
      email: 'ANNA@Example.de',
      experience_title: 'Cape Winelands Tour',
      pax_total: 4,
      pax_adults: 4,
    }),
  )
  tx.createOrReplace(booking(2, {name: 'Ben Okafor', status: 'contacted'}))
  tx.createOrReplace(
    booking(3, {name: 'Chloé Annan', experience_title: 'Cape Winelands Tour', status: 'confirmed'}),
  )
  tx.createOrReplace(
    booking(4, {
      name: '=HYPERLINK("http://evil")',
      email: 'x@evil.test',
      notes: '<script>alert(1)</script>',
    }),
  )
  await tx.commit()
  app = new Hono()
  app.route(
    '/api/staff',
    createStaffRoutes({
      ownOrigins: ownOrigins(ORIGIN),
      client: lake.client({token: lake.secrets.writeToken, dataset: 'bookings'}),
      now: () => new Date(clock),
      bootstrapPassword: hashPassword(PASSWORD),
      // Known here so the tests can forge device cookies; the default one lives in the lake.
      signingSecret: async () => SECRET,
      decisions: testDecisionDeps(lake.client({perspective: 'published'})),
      listen: createLakeListener({
        apiHost: lake.url,
        apiVersion: '2025-02-19',
        dataset: 'bookings',
        token: lake.secrets.writeToken,
      }),
    }),
  )
}, 30_000)

afterAll(async () => {
  await lake?.stop()
})

// Each test starts with a fresh back-off: the lake keeps it for every server.
beforeEach(async () => {
  await lake
    .client({token: lake.secrets.writeToken, dataset: 'bookings'})
    .delete({query: '*[_type == "staffLoginThrottle"]'})
})

function request(
  path: string,
  init: RequestInit & {cookie?: string | undefined; device?: string; origin?: string | null} = {},
) {
  const headers = new Headers(init.headers)
  const cookies = [
    init.cookie && `${SESSION_COOKIE}=${init.cookie}`,
    init.device && `${DEVICE_COOKIE}=${init.device}`,
  ].filter(Boolean)
  if (cookies.length > 0) headers.set('cookie', cookies.join('; '))
  if (init.origin !== null) headers.set('origin', init.origin ?? ORIGIN)
  return app.request(`${ORIGIN}/api/staff${path}`, {...init, headers})
}

async function login(password = PASSWORD, device?: string) {
  return request('/session', {
    method: 'POST',
    ...(device ? {device} : {}),
    body: JSON.stringify({password}),
    headers: {'content-type': 'application/json'},
  })
}

async function sessionCookie() {
  const response = await login()
  expect(response.status).toBe(200)
  const setCookie = response.headers.get('set-cookie') ?? ''
  return /staff_session=([^;]+)/.exec(setCookie)![1]!
}

/** The device cookie a sign-in set, as a request sends it back. */
function deviceCookieOf(response: Response): string {
  const cookie = response.headers
    .getSetCookie()
    .find((value) => value.startsWith(`${DEVICE_COOKIE}=`))
  expect(cookie).toBeDefined()
  return cookie!.split(';')[0]!.slice(DEVICE_COOKIE.length + 1)
}

const json = async (response: Response) => (await response.json()) as Record<string, any>

describe('staff session', () => {
  it('refuses a wrong password and accepts the right one with a strict, HttpOnly browser-session cookie', async () => {
    expect((await login('nope')).status).toBe(401)
    const response = await login()
    expect(response.status).toBe(200)
    const cookie = response.headers
      .getSetCookie()
      .find((value) => value.startsWith(`${SESSION_COOKIE}=`))!
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Strict/)
    expect(cookie).not.toMatch(/Max-Age|Expires/i)
  })

  it('remembers the device after a correct password: a signed, HttpOnly, strict cookie for the login only', async () => {
    const cookies = (await login()).headers.getSetCookie()
    const device = cookies.find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`))!
    expect(device).toMatch(/HttpOnly/)
    expect(device).toMatch(/SameSite=Strict/)
    expect(device).toMatch(/Path=\/api\/staff\/session/)
    expect(device).toMatch(/Max-Age=15552000/)
  })

  it('an attacker’s 100 wrong guesses cannot lock out a known device’s correct login', async () => {
    const device = deviceCookieOf(await login())
    const statuses = new Set<number>()
    for (let i = 0; i < 100; i++) statuses.add((await login(`guess-${i}`)).status)
    expect(statuses).toEqual(new Set([401, 429]))
    expect((await login(PASSWORD, device)).status).toBe(200)
    // An unknown device (no cookie, or a forged one) with the right password waits like the attacker.
    expect((await login()).status).toBe(429)
    expect((await login(PASSWORD, createDeviceToken('not-the-secret'))).status).toBe(429)
  })

  it('bounds guessing: after five failures each attempt waits longer, and waiting attempts are not checked', async () => {
    for (let i = 0; i < 5; i++) expect((await login(`guess-${i}`)).status).toBe(401)
    const blocked = await login()
    expect(blocked.status).toBe(429)
    expect(blocked.headers.get('retry-after')).toBe('1')
    // An attacker who retries the moment the wait ends, for an hour: every checked guess is counted.
    const start = clock
    let checked = 5
    try {
      while (clock - start < 60 * 60 * 1000) {
        const response = await login(`guess-${checked}`)
        if (response.status === 401) checked += 1
        else clock += Number(response.headers.get('retry-after')) * 1000
      }
      expect(checked).toBeLessThan(30)
      let guess = await login('one more guess')
      if (guess.status === 429) {
        clock += Number(guess.headers.get('retry-after')) * 1000
        guess = await login('one more guess')
      }
      expect(guess.status).toBe(401)
      const wait = await login()
      expect(wait.status).toBe(429)
      expect(Number(wait.headers.get('retry-after'))).toBe(300)
      // The right password, once the wait is over, from a new device: slowed, never locked out.
      clock += 300_000
      expect((await login()).status).toBe(200)
    } finally {
      clock = start
    }
  })

  it('a known device that fails five times loses its bypass until its next correct password', async () => {
    const device = deviceCookieOf(await login())
    for (let i = 0; i < 5; i++) expect((await login(`guess-${i}`, device)).status).toBe(401)
    expect((await login(PASSWORD, device)).status).toBe(429)
  })

  it('a device signed in to one account skips no other account’s wait: a guide’s fresh cookie waits for the manager', async () => {
    const client = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
    const manager = staffMemberDocument({
      _id: 'staffMember.backoff-manager',
      name: 'Mo Manager',
      email: 'mo.manager@team.example',
      role: 'manager',
      password: PASSWORD,
      now: new Date(clock),
    })
    const guide = staffMemberDocument({
      _id: 'staffMember.backoff-guide',
      name: 'Gus Guide',
      email: 'gus.guide@team.example',
      role: 'guide',
      password: PASSWORD,
      now: new Date(clock),
    })
    await client.transaction().createOrReplace(manager).createOrReplace(guide).commit()
    const signIn = (email: string, password: string, device?: string) =>
      request('/session', {
        method: 'POST',
        ...(device ? {device} : {}),
        body: JSON.stringify({email, password}),
        headers: {'content-type': 'application/json'},
      })
    // The manager's account in its back-off.
    for (let i = 0; i < 5; i++) {
      expect((await signIn(manager.email, `guess-${i}`)).status).toBe(401)
    }
    const waiting = await signIn(manager.email, PASSWORD)
    expect(waiting.status).toBe(429)
    // The guide signs in to their own account and gets a fresh device cookie...
    const guideSignIn = await signIn(guide.email, PASSWORD)
    expect(guideSignIn.status).toBe(200)
    const guideDevice = deviceCookieOf(guideSignIn)
    // ...which skips nothing at the manager's account: the same wait, and the password is not checked.
    const fromGuideDevice = await signIn(manager.email, PASSWORD, guideDevice)
    expect(fromGuideDevice.status).toBe(429)
    expect(fromGuideDevice.headers.get('retry-after')).toBe(waiting.headers.get('retry-after'))
    // Still its own account's known device: the guide is never slowed by the manager's back-off.
    expect((await signIn(guide.email, PASSWORD, guideDevice)).status).toBe(200)
    // Once the wait is over, the manager's right password signs in and makes that browser known to the manager.
    clock += 60_000
    try {
      const managerSignIn = await signIn(manager.email, PASSWORD, guideDevice)
      expect(managerSignIn.status).toBe(200)
      for (let i = 5; i < 10; i++) {
        expect((await signIn(manager.email, `guess-${i}`)).status).not.toBe(200)
      }
      expect((await signIn(manager.email, PASSWORD)).status).toBe(429)
      expect((await signIn(manager.email, PASSWORD, guideDevice)).status).toBe(200)
    } finally {
      clock -= 60_000
    }
  })

  const endpoints: [string, string, unknown?][] = [
    ['GET', '/session'],
    ['DELETE', '/session'],
    ['GET', '/bookings'],
    ['GET', '/bookings.csv'],
    ['GET', '/events'],
    ['PATCH', '/bookings/booking-1/status', {status: 'closed', revision: 'x'}],
    ['PATCH', '/bookings/booking-1/notes', {notes: 'x', revision: 'x'}],
    ['GET', '/departures/alternatives?experience=sunset-cruise&date=2030-01-01'],
    [
      'POST',
      '/departures/cancel',
      {experience: 'sunset-cruise', date: '2030-01-01', reason: 'Wind', alternatives: []},
    ],
    [
      'POST',
      '/departures/cancel/preview',
      {experience: 'sunset-cruise', date: '2030-01-01', reason: 'Wind', alternatives: []},
    ],
  ]

  it.each(endpoints)(
    '%s %s: 401 without a session, with a forged and with an expired cookie',
    async (method, path, body) => {
      const init = {method, ...(body ? {body: JSON.stringify(body)} : {})}
      expect((await request(path, init)).status).toBe(401)
      const forged = createSessionToken('not-the-secret', clock).token
      expect((await request(path, {...init, cookie: forged})).status).toBe(401)
      const tampered = (await sessionCookie()).replace(/^\d+/, String(clock + 1000))
      expect((await request(path, {...init, cookie: tampered})).status).toBe(401)
      const expired = createSessionToken(SECRET, clock - SESSION_MAX_AGE_MS - 1).token
      expect((await request(path, {...init, cookie: expired})).status).toBe(401)
    },
  )

  it.each(endpoints.filter(([method]) => method !== 'GET'))(
    '%s %s: 403 cross-origin or without Origin, even with a session',
    async (method, path, body) => {
      const cookie = await sessionCookie()
      const init = {method, cookie, ...(body ? {body: JSON.stringify(body)} : {})}
      expect((await request(path, {...init, origin: 'https://evil.test'})).status).toBe(403)
      expect((await request(path, {...init, origin: null})).status).toBe(403)
      // The right Origin, but the browser says the page is another site's (a sibling subdomain's).
      const headers = {'sec-fetch-site': 'same-site'}
      expect((await request(path, {...init, headers})).status).toBe(403)
    },
  )

  it('cancelling a departure takes POST only, and refuses bodies that are not a cancellation', async () => {
    const cookie = await sessionCookie()
    for (const path of ['/departures/cancel', '/departures/cancel/preview']) {
      const wrong = await request(path, {method: 'GET', cookie})
      expect(wrong.status).toBe(405)
      expect(wrong.headers.get('allow')).toBe('POST')
    }
    const garbage = await request('/departures/cancel', {method: 'POST', cookie, body: 'not json'})
    expect(garbage.status).toBe(400)
    expect((await json(garbage)).detail).toBe(
      'Send the departure, the reason and the other dates only.',
    )
    const noDate = await request('/departures/alternatives?experience=sunset-cruise', {cookie})
    expect(noDate.status).toBe(400)
  })

  it('refuses a cross-origin login', async () => {
    const response = await request('/session', {
      method: 'POST',
      origin: 'https://evil.test',
      body: JSON.stringify({password: PASSWORD}),
    })
    expect(response.status).toBe(403)
  })

  it('refuses a login from a page on another domain that resolves to this server (DNS rebinding)', async () => {
    // The rebound page names itself in Host and Origin alike: only the configured origins count.
    const response = await app.request('http://rebind.evil.test/api/staff/session', {
      method: 'POST',
      headers: {'origin': 'http://rebind.evil.test', 'content-type': 'application/json'},
      body: JSON.stringify({password: PASSWORD}),
    })
    expect(response.status).toBe(403)
    expect(response.headers.get('set-cookie')).toBeNull()
  })

  it('Lock ends the session, so the same cookie no longer works', async () => {
    const cookie = await sessionCookie()
    expect((await request('/session', {cookie})).status).toBe(200)
    expect((await request('/session', {method: 'DELETE', cookie})).status).toBe(204)
    expect((await request('/bookings', {cookie})).status).toBe(401)
  })

  it('keeps sessions in the lake as hashes only: the dataset holds nothing that passes for a session', async () => {
    const cookie = await sessionCookie()
    const id = cookie.split('.')[1]!
    const sessions = await lake
      .client({token: lake.secrets.writeToken, dataset: 'bookings'})
      .fetch<unknown[]>('*[_type == "staffSession"]')
    expect(sessions.length).toBeGreaterThan(0)
    expect(JSON.stringify(sessions)).not.toContain(id)
    expect(JSON.stringify(sessions)).not.toContain(cookie)
  })

  it('the bookings dataset refuses anonymous reads at the lake', async () => {
    const anonymous = lake.client({dataset: 'bookings'})
    await expect(anonymous.fetch('*[_type == "booking"]')).rejects.toMatchObject({
      statusCode: expect.any(Number),
    })
  })
})

describe('bookings list', () => {
  const list = async (query: string) =>
    json(await request(`/bookings?${query}`, {cookie: await sessionCookie()}))
  const refs = (body: Record<string, any>) =>
    (body.bookings as {booking_ref: string}[]).map((b) => b.booking_ref)

  it('lists newest first with summary tiles and the distinct experiences', async () => {
    const body = await list('')
    expect(refs(body)).toEqual(['CTX-0004', 'CTX-0003', 'CTX-0002', 'CTX-0001'])
    expect(body.summary).toMatchObject({total: 4, new: 2, contacted: 1, confirmed: 1, pax: 10})
    expect(body.experiences).toEqual(['Cape Winelands Tour', 'Sunset Cruise'])
  })

  it('searches name, email, reference and experience case-insensitively as substrings', async () => {
    expect(refs(await list('search=ANN'))).toEqual(['CTX-0003', 'CTX-0001'])
    expect(refs(await list('search=example.DE'))).toEqual(['CTX-0001'])
    expect(refs(await list('search=tx-0002'))).toEqual(['CTX-0002'])
    expect(refs(await list('search=winelands'))).toEqual(['CTX-0003', 'CTX-0001'])
    expect(refs(await list('search=nobody-here'))).toEqual([])
  })

  it('filters by status and experience, combined with search by AND', async () => {
    expect(refs(await list('status=contacted'))).toEqual(['CTX-0002'])
    expect(refs(await list('experience=Cape%20Winelands%20Tour'))).toEqual(['CTX-0003', 'CTX-0001'])
    expect(refs(await list('experience=Cape%20Winelands%20Tour&status=confirmed'))).toEqual([
      'CTX-0003',
    ])
    expect(
      refs(await list('experience=Cape%20Winelands%20Tour&status=confirmed&search=MÜLLER')),
    ).toEqual([])
    expect(refs(await list('experience=Sunset%20Cruise&search=traveller'))).toEqual(['CTX-0002'])
    expect((await request('/bookings?status=bogus', {cookie: await sessionCookie()})).status).toBe(
      400,
    )
  })

  it('lists and counts a booking once while a studio draft of it exists, and exports it once', async () => {
    const client = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
    await client.createOrReplace({...booking(2, {status: 'confirmed'}), _id: 'drafts.booking-2'})
    clock += 60_000 // past the tiles' moment of caching
    try {
      const body = await list('')
      expect(refs(body)).toEqual(['CTX-0004', 'CTX-0003', 'CTX-0002', 'CTX-0001'])
      expect(body.summary).toMatchObject({total: 4, contacted: 1, confirmed: 1})
      const csv = await request('/bookings.csv?search=CTX-0002', {cookie: await sessionCookie()})
      expect((await csv.text()).trim().split('\r\n')).toHaveLength(2)
    } finally {
      await client.delete('drafts.booking-2')
    }
  })

  it('pages results', async () => {
    const first = await list('pageSize=3&page=1')
    const second = await list('pageSize=3&page=2')
    expect(refs(first)).toEqual(['CTX-0004', 'CTX-0003', 'CTX-0002'])
    expect(refs(second)).toEqual(['CTX-0001'])
    expect(first).toMatchObject({hasMore: true})
    expect(second).toMatchObject({hasMore: false})
  })
})

describe('changes', () => {
  it('changes a status with the revision, records history, and tells the second writer it changed', async () => {
    const cookie = await sessionCookie()
    const before = (await json(await request('/bookings?search=CTX-0002', {cookie}))).bookings[0]
    clock += 1000
    const first = await request('/bookings/booking-2/status', {
      method: 'PATCH',
      cookie,
      body: JSON.stringify({status: 'confirmed', revision: before._rev}),
    })
    expect(first.status).toBe(200)
    const updated = (await json(first)).booking
    expect(updated.status).toBe('confirmed')
    expect(updated.status_history.at(-1)).toMatchObject({
      status: 'confirmed',
      at: new Date(clock).toISOString(),
      by: 'Owner',
    })
    const second = await request('/bookings/booking-2/status', {
      method: 'PATCH',
      cookie,
      body: JSON.stringify({status: 'declined', revision: before._rev}),
    })
    expect(second.status).toBe(409)
    const conflict = await json(second)
    expect(conflict.detail).toMatch(/changed by someone else/)
    expect(conflict.booking).toMatchObject({status: 'confirmed', _rev: updated._rev})
  })

  it('saves internal notes and 404s an unknown booking', async () => {
    const cookie = await sessionCookie()
    const current = (await json(await request('/bookings?search=CTX-0003', {cookie}))).bookings[0]
    const saved = await request('/bookings/booking-3/notes', {
      method: 'PATCH',
      cookie,
      body: JSON.stringify({notes: 'Called, prefers Friday', revision: current._rev}),
    })
    // Saved with who wrote them and when, to be shown apart from the traveller's own notes.
    expect((await json(saved)).booking).toMatchObject({
      staff_notes: 'Called, prefers Friday',
      staff_notes_by: expect.stringMatching(/\S/),
      staff_notes_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    })
    const missing = await request('/bookings/nope/notes', {
      method: 'PATCH',
      cookie,
      body: JSON.stringify({notes: 'x', revision: 'r'}),
    })
    expect(missing.status).toBe(404)
  })
})

describe('mail log', () => {
  it('lists a booking’s mails with their state, and sends a failed one again, once', async () => {
    const cookie = await sessionCookie()
    const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
    const message = (to: string) => ({to, subject: `Mail to ${to}`, text: 'Hi', html: '<p>Hi</p>'})
    let day = Date.parse('2026-11-20T10:00:00Z')
    const refusing = createOutbox({
      bookings,
      transport: {send: () => Promise.reject(new Error('550 5.1.1 no such user'))},
      from: 'Bookings <b@example.com>',
      now: () => day,
      onError: () => {},
    })
    await refusing.enqueue('booking-2-traveller', message('traveller2@example.com'), 'booking-2')
    await refusing.enqueue('booking-2-team', message('team@example.com'), 'booking-2')
    await refusing.flush()
    day += 4 * 24 * 3_600_000
    await refusing.flush()
    const delivered: string[] = []
    const delivering = createOutbox({
      bookings,
      transport: {send: async (id) => void delivered.push(id)},
      from: 'Bookings <b@example.com>',
      now: () => day,
    })
    await bookings
      .patch('mail-booking-2-team')
      .set({status: 'pending', next_attempt_at: new Date(day).toISOString()})
      .commit()
    await delivering.flush()
    expect(delivered).toEqual(['booking-2-team'])

    const log = await request('/bookings/booking-2/mail', {cookie})
    expect(log.status).toBe(200)
    expect((await json(log)).mail).toMatchObject([
      {
        mail_id: 'booking-2-team',
        to: 'team@example.com',
        status: 'sent',
        sent_at: expect.any(String),
      },
      {
        mail_id: 'booking-2-traveller',
        to: 'traveller2@example.com',
        status: 'failed',
        attempts: 2,
        last_error: 'Error: 550 5.1.1 no such user',
      },
    ])
    // Another booking's log shows none of these; a sent mail is not sent again from here.
    expect((await json(await request('/bookings/booking-1/mail', {cookie}))).mail).toEqual([])
    const sentAgain = await request('/bookings/booking-2/mail/booking-2-team/resend', {
      method: 'POST',
      cookie,
    })
    expect(sentAgain.status).toBe(409)
    expect((await json(sentAgain)).detail).toBe('Only a mail that failed can be sent again.')
    const otherBooking = await request('/bookings/booking-1/mail/booking-2-traveller/resend', {
      method: 'POST',
      cookie,
    })
    expect(otherBooking.status).toBe(404)

    // Two members of staff press "Send again" at once: it is queued once, and sent once.
    const [first, second] = await Promise.all(
      [0, 1].map(() =>
        request('/bookings/booking-2/mail/booking-2-traveller/resend', {method: 'POST', cookie}),
      ),
    )
    expect([first!.status, second!.status].toSorted()).toEqual([200, 409])
    const resent = (await json(first!.status === 200 ? first! : second!)).mail
    expect(resent[1]).toMatchObject({mail_id: 'booking-2-traveller', status: 'pending'})
    await delivering.flush()
    await delivering.flush()
    expect(delivered).toEqual(['booking-2-team', 'booking-2-traveller'])
  })

  it('sends again only a mail about a booking: one about a newsletter sign-up or a trip plan is not found', async () => {
    const cookie = await sessionCookie()
    const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
    let day = Date.parse('2026-11-20T10:00:00Z')
    const refusing = createOutbox({
      bookings,
      transport: {send: () => Promise.reject(new Error('550 5.1.1 no such user'))},
      from: 'Bookings <b@example.com>',
      now: () => day,
      onError: () => {},
    })
    const message = {
      to: 'someone@example.com',
      subject: 'Not a booking’s',
      text: 'Hi',
      html: '<p>Hi</p>',
    }
    await bookings.createOrReplace({
      _id: 'newsletter-0123456789abcdef',
      _type: 'newsletterSignup',
      email: 'someone@example.com',
    })
    await refusing.enqueue(
      'newsletter-0123456789abcdef-confirm-1',
      message,
      'newsletter-0123456789abcdef',
    )
    await refusing.enqueue('itinerary-1-traveller', message, 'itinerary-1')
    await refusing.flush()
    day += 4 * 24 * 3_600_000
    await refusing.flush()
    for (const [about, mailId] of [
      ['newsletter-0123456789abcdef', 'newsletter-0123456789abcdef-confirm-1'],
      ['itinerary-1', 'itinerary-1-traveller'],
    ]) {
      const refused = await request(`/bookings/${about}/mail/${mailId}/resend`, {
        method: 'POST',
        cookie,
      })
      expect(refused.status).toBe(404)
      const stored = await bookings.getDocument<{status: string}>(`mail-${mailId}`)
      expect(stored?.status).toBe('failed')
    }
  })

  it('answers 404 for an unknown booking or an id that is not one, 401 without a session, 403 cross-site', async () => {
    const cookie = await sessionCookie()
    for (const id of ['nope', 'drafts.booking-1', 'booking-1%2F..', '%00', 'x'.repeat(200)])
      expect((await request(`/bookings/${id}/mail`, {cookie})).status).toBe(404)
    expect((await request('/bookings/booking-1/mail')).status).toBe(401)
    const crossSite = await request('/bookings/booking-2/mail/booking-2-traveller/resend', {
      method: 'POST',
      cookie,
      origin: 'https://evil.example',
    })
    expect(crossSite.status).toBe(403)
  })
})

describe('CSV export', () => {
  it('exports the filtered list with formula cells neutralised', async () => {
    const response = await request('/bookings.csv?search=evil', {cookie: await sessionCookie()})
    expect(response.headers.get('content-type')).toMatch(/text\/csv/)
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="bookings-/)
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`)
    expect(lines[1]).toContain('<script>alert(1)</script>')
  })

  it.each([
    ['=1+1', "'=1+1"],
    ['+27 21 000', "'+27 21 000"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', `"'\tx"`],
    ['\nx', `"'\nx"`],
    [' =1+1', "' =1+1"],
    ['\u3000=1+1', "'\u3000=1+1"],
    ['\uFF1DHYPERLINK("http://evil")', `"'\uFF1DHYPERLINK(""http://evil"")"`],
    ['\uFF0B1', "'\uFF0B1"],
    ['\uFF0D1', "'\uFF0D1"],
    ['\uFF20SUM(A1)', "'\uFF20SUM(A1)"],
    ['a;=1+1', '"a;=1+1"'],
    ['a\t=1+1', '"a\t=1+1"'],
    [-2, '-2'],
    [4, '4'],
    ['\rx', `"'\rx"`],
    ['<b>x</b>', '<b>x</b>'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['plain', 'plain'],
  ])('csvCell(%j) is %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected)
  })
})

describe('live updates', () => {
  it('relays a new booking from the lake as an event', async () => {
    const response = await request('/events', {cookie: await sessionCookie()})
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/)
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    let text = ''
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const {value, done} = await reader.read()
        if (done) break
        text += decoder.decode(value)
      }
    }
    await readUntil('event: ready')
    await new Promise((resolve) => setTimeout(resolve, 200))
    await lake.client({token: lake.secrets.writeToken, dataset: 'bookings'}).create(booking(99))
    await readUntil('booking-99')
    expect(text).toMatch(
      /event: booking\ndata: \{"documentId":"booking-99","transition":"appear"\}/,
    )
    await reader.cancel()
  })

  it('tells an open dashboard at once when its session ends elsewhere, and ends the stream', async () => {
    const cookie = await sessionCookie()
    const response = await request('/events', {cookie})
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    let text = ''
    let ended = false
    const readUntil = async (needle: string) => {
      while (!text.includes(needle) && !ended) {
        const {value, done} = await reader.read()
        if (done) ended = true
        else text += decoder.decode(value)
      }
    }
    await readUntil('event: ready')
    await new Promise((resolve) => setTimeout(resolve, 200))
    // Lock from another tab (or server): the session's document in the lake changes.
    const started = Date.now()
    expect((await request('/session', {method: 'DELETE', cookie})).status).toBe(204)
    await readUntil('event: signed-out')
    expect(text).toContain('event: signed-out')
    expect(Date.now() - started).toBeLessThan(1_000)
    await readUntil('the end of the stream')
    expect(ended).toBe(true)
  })
})

import {Secret, TOTP} from 'otpauth'
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'

import {todayInCapeTown} from '@repo/schemas/iso-date.ts'
import {problemBody} from '@repo/schemas/problem.ts'
import {STAFF_ROLES, staffCan, type StaffRole} from '@repo/schemas/staff-roles.ts'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {createOutbox, type MailMessage} from '../lib/mailer.ts'
import {openSealedLink, REDACTED_LINK} from '../lib/sealed-link.ts'
import {createRateLimiter, RATE_LIMITED_MESSAGE} from '../lib/rate-limit.ts'
import {hashPassword} from './admin-password.ts'
import {FIRST_OWNER_ID, staffMemberDocument} from './staff-accounts.ts'
import {STAFF_ROUTE_ACTIONS, type StaffRouteKey} from './staff-route-actions.ts'
import {SESSION_COOKIE} from './staff-session.ts'
import {createToken} from './staff-tokens.ts'
import {TEST_LINK_SECRET} from './testing/decision-deps.ts'
import {
  TEST_BOOTSTRAP_PASSWORD,
  TEST_ORIGIN,
  TEST_STAFF_PASSWORD,
  staffEmailOf,
  staffTestApp,
  testStaffMembers,
  type StaffTestApp,
} from './testing/staff-test-app.ts'

/**
 * People, roles and sign-in by email: what each role may reach (every route in the table, as each role), the same
 * answer for an unknown address as for a wrong password, and a deactivation or role change seen on the very next
 * request.
 */
const ORIGIN = TEST_ORIGIN
const BOOTSTRAP = TEST_BOOTSTRAP_PASSWORD
const PASSWORD = TEST_STAFF_PASSWORD

let lake: TestLake
let app: StaffTestApp['app']
let request: StaffTestApp['request']
let signIn: StaffTestApp['signIn']
const bookings = () => lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
const emailOf = staffEmailOf

beforeAll(async () => {
  lake = await startTestLake()
  const tx = bookings().transaction()
  tx.createOrReplace({
    _id: 'booking-1',
    _type: 'booking',
    booking_ref: 'CTX-0001',
    status: 'new',
    created_at: '2026-11-20T09:00:00Z',
    experience_id: 'sunset-cruise',
    experience_title: 'Sunset Cruise',
    date: '2026-12-10',
    pax_adults: 2,
    pax_children: 0,
    pax_total: 2,
    name: 'Traveller',
    email: 'traveller@example.com',
    consent_booking: true,
    consent_privacy: true,
  })
  for (const member of testStaffMembers(STAFF_ROLES)) tx.createOrReplace(member)
  await tx.commit()
  ;({app, request, signIn} = staffTestApp(lake))
}, 30_000)

afterAll(async () => {
  await lake?.stop()
})

beforeEach(async () => {
  await bookings().delete({query: '*[_type == "staffLoginThrottle"]'})
})

const login = (body: unknown) => request('/session', {method: 'POST', body: JSON.stringify(body)})

describe('signing in by email', () => {
  it('answers the person and what their role may do, and the same for GET /session', async () => {
    const response = await login({email: ' Manager@Team.Example ', password: PASSWORD})
    expect(response.status).toBe(200)
    const body = (await response.json()) as {actions: string[]}
    expect(body).toEqual({
      person: {
        id: 'staffMember.test-manager',
        name: 'Pat manager',
        email: 'manager@team.example',
        role: 'manager',
      },
      actions: expect.arrayContaining(['bookings.export', 'departures.read']),
      secondStep: {enabled: false, setupRequired: false},
      profile: {required: false},
    })
    expect(body.actions).not.toContain('people.manage')
    const cookie = /staff_session=([^;]+)/.exec(response.headers.get('set-cookie')!)![1]!
    expect(await (await request('/session', {cookie})).json()).toEqual(body)
  })

  it('gives an unknown address and a wrong password the same answer, and counts both toward the back-off', async () => {
    const unknown = await login({email: 'nobody@team.example', password: PASSWORD})
    const wrong = await login({email: emailOf('staff'), password: 'not the password'})
    expect([unknown.status, wrong.status]).toEqual([401, 401])
    expect(await unknown.json()).toEqual(await wrong.json())
    for (let i = 0; i < 4; i++) await login({email: 'nobody@team.example', password: `guess ${i}`})
    expect((await login({email: 'nobody@team.example', password: PASSWORD})).status).toBe(429)
    // Another account is not slowed by guesses at this one.
    expect((await login({email: emailOf('staff'), password: PASSWORD})).status).toBe(200)
  })

  it.each([
    ['not JSON', '{'],
    ['no password', JSON.stringify({email: emailOf('staff')})],
    ['a bad address', JSON.stringify({email: 'not an address', password: PASSWORD})],
    ['an object for a password', JSON.stringify({email: emailOf('staff'), password: {$ne: ''}})],
    ['a huge password', JSON.stringify({email: emailOf('staff'), password: 'x'.repeat(501)})],
  ])('refuses %s with 400 and stores nothing', async (_, body) => {
    const before = await bookings().fetch<number>(
      'count(*[_type in ["staffSession", "staffMember"]])',
    )
    const response = await request('/session', {method: 'POST', body})
    expect(response.status).toBe(400)
    expect(response.headers.get('set-cookie')).toBeNull()
    expect(await bookings().fetch('count(*[_type in ["staffSession", "staffMember"]])')).toBe(
      before,
    )
  })

  it('creates the first owner from the bootstrap password once; afterwards only the lake’s hash counts', async () => {
    expect(await bookings().getDocument(FIRST_OWNER_ID)).toBeUndefined()
    const first = await login({password: BOOTSTRAP})
    expect(first.status).toBe(200)
    expect(((await first.json()) as {person: unknown}).person).toMatchObject({
      id: FIRST_OWNER_ID,
      role: 'owner',
    })
    const owner = await bookings().getDocument(FIRST_OWNER_ID)
    expect(JSON.stringify(owner)).not.toContain(BOOTSTRAP)
    // The owner's password changed in the lake: the bootstrap one no longer signs in.
    await bookings()
      .patch(FIRST_OWNER_ID)
      .set({password: hashPassword('the owner’s new one')})
      .commit()
    expect((await login({password: BOOTSTRAP})).status).toBe(401)
    expect((await login({password: 'the owner’s new one'})).status).toBe(200)
  })
})

describe('an account without a name or address', () => {
  it('is asked for both (the dashboard asks before anything else), then signs in and is named by them', async () => {
    await bookings().createOrReplace({
      _id: FIRST_OWNER_ID,
      _type: 'staffMember',
      name: 'Owner',
      email: null,
      role: 'owner',
      state: 'active',
      password: hashPassword(PASSWORD),
    })
    try {
      const first = await login({password: PASSWORD})
      expect(first.status).toBe(200)
      expect(await first.json()).toMatchObject({profile: {required: true}})
      const cookie = /staff_session=([^;]+)/.exec(first.headers.get('set-cookie')!)![1]!
      const put = (body: unknown) =>
        request('/profile', {method: 'PUT', cookie, body: JSON.stringify(body)})
      expect((await put({name: 'Thandi Mokoena', email: 'not an address'})).status).toBe(400)
      expect((await put({name: '', email: 'thandi@team.example'})).status).toBe(400)
      expect((await put({name: 'Thandi Mokoena', email: emailOf('manager')})).status).toBe(409)
      expect((await bookings().getDocument(FIRST_OWNER_ID))?.email).toBeNull()
      expect((await put({name: 'Thandi Mokoena', email: ' Thandi@Team.Example '})).status).toBe(200)
      const session = (await (await request('/session', {cookie})).json()) as {
        person: unknown
        actions: string[]
        profile: unknown
      }
      expect(session).toMatchObject({
        person: {name: 'Thandi Mokoena', email: 'thandi@team.example'},
        profile: {required: false},
      })
      expect(session.actions).toContain('people.manage')
      expect((await request('/bookings', {cookie})).status).toBe(200)
      // Their address now signs them in (and "Forgot your password?" can reach them).
      expect((await login({email: 'thandi@team.example', password: PASSWORD})).status).toBe(200)
    } finally {
      await bookings().delete({query: '*[_type == "staffSession"]'})
      await bookings().delete(FIRST_OWNER_ID)
    }
  })
})

describe('the per-address request limit', () => {
  it('refuses sign-ins from one address past the limit whichever accounts they name, before any work', async () => {
    const {app: limited} = staffTestApp(lake, {
      listen: async () => {},
      signInLimit: {
        limiter: createRateLimiter({limit: 3, windowMs: 60_000}),
        clientAddress: (c) => c.req.header('x-test-client') ?? 'unknown',
      },
    })
    const post = (path: string, body: unknown, client: string) =>
      limited.request(`${ORIGIN}/api/staff${path}`, {
        method: 'POST',
        headers: {'origin': ORIGIN, 'content-type': 'application/json', 'x-test-client': client},
        body: JSON.stringify(body),
      })
    const sessions = () => bookings().fetch<number>('count(*[_type == "staffSession"])')
    // Three guesses at three accounts: each account's back-off sees one failure only.
    for (const email of ['a@team.example', 'b@team.example', 'c@team.example'])
      expect(
        (await post('/session', {email, password: 'a guess at it'}, '203.0.113.7')).status,
      ).toBe(401)
    const before = await sessions()
    const refused = await post(
      '/session',
      {email: emailOf('staff'), password: PASSWORD},
      '203.0.113.7',
    )
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await refused.json()).toEqual(problemBody(429, RATE_LIMITED_MESSAGE))
    expect(await sessions()).toBe(before)
    for (const [path, body] of [
      ['/password-reset', {email: emailOf('staff')}],
      ['/password', {token: 'x'.repeat(43), password: 'a long new password'}],
      ['/session/passkey/options', {}],
    ] as const)
      expect((await post(path, body, '203.0.113.7')).status).toBe(429)
    // Another address is not held back by this one.
    expect(
      (await post('/session', {email: emailOf('staff'), password: PASSWORD}, '198.51.100.2'))
        .status,
    ).toBe(200)
  })
})

describe('roles', () => {
  const bodies: Partial<Record<StaffRouteKey, unknown>> = {
    'PATCH /bookings/:id/status': {status: 'contacted', revision: 'stale'},
    'PATCH /bookings/:id/notes': {notes: 'x', revision: 'stale'},
    'POST /bookings/:id/decision': {decision: 'question', revision: 'stale'},
    'POST /bookings/:id/decision/preview': {decision: 'question'},
  }
  const pathOf = (key: StaffRouteKey) =>
    key.split(' ')[1]!.replace(':id', 'booking-1').replace(':mailId', 'no-such-mail')

  it.each(STAFF_ROLES)(
    '%s: every route in the table answers 403 exactly when the role may not use it',
    async (role) => {
      const cookie = await signIn(role)
      // Sign-out last: it ends the session the others use.
      const keys = (Object.keys(STAFF_ROUTE_ACTIONS) as StaffRouteKey[]).sort((a) =>
        a === 'DELETE /session' ? 1 : -1,
      )
      const wrong: string[] = []
      for (const key of keys) {
        const action = STAFF_ROUTE_ACTIONS[key]
        const body = bodies[key]
        const response = await request(pathOf(key), {
          method: key.split(' ')[0],
          cookie,
          ...(body ? {body: JSON.stringify(body)} : {}),
        })
        await response.body?.cancel()
        const allowed = action === 'signed-in' || staffCan(role, action)
        if ((response.status === 403) === allowed || response.status === 401)
          wrong.push(`${key}: ${response.status}`)
      }
      expect(wrong).toEqual([])
    },
  )

  it('a guide cannot decide, export bookings or departures, read the list or the departures view; has Today', async () => {
    const cookie = await signIn('guide')
    expect((await request('/bookings', {cookie})).status).toBe(403)
    expect((await request('/bookings.csv', {cookie})).status).toBe(403)
    const decision = await request('/bookings/booking-1/decision', {
      method: 'POST',
      cookie,
      body: JSON.stringify({decision: 'confirm', revision: 'x'}),
    })
    expect(decision.status).toBe(403)
    expect((await bookings().getDocument('booking-1'))?.status).toBe('new')
    // Only the departures they guide, in the Today view (guide-day.test.ts).
    expect((await request('/departures?from=2026-12-01&to=2026-12-31', {cookie})).status).toBe(403)
    expect((await request('/today', {cookie})).status).toBe(200)
    expect((await request('/departures.csv?from=2026-12-01&to=2026-12-31', {cookie})).status).toBe(
      403,
    )
  })

  it('staff may download the departures CSV', async () => {
    const cookie = await signIn('staff')
    const csv = await request('/departures.csv?from=2026-12-01&to=2026-12-31', {cookie})
    expect(csv.status).toBe(200)
    await csv.body?.cancel()
  })
})

describe('changes to a person take effect on the next request', () => {
  it('a role change: staff made guide loses the bookings list at once', async () => {
    const id = 'staffMember.changing'
    await bookings().createOrReplace(
      staffMemberDocument({
        _id: id,
        name: 'Sam',
        email: 'sam@team.example',
        role: 'staff',
        password: PASSWORD,
        now: new Date(),
      }),
    )
    const response = await login({email: 'sam@team.example', password: PASSWORD})
    const cookie = /staff_session=([^;]+)/.exec(response.headers.get('set-cookie')!)![1]!
    expect((await request('/bookings', {cookie})).status).toBe(200)
    await bookings().patch(id).set({role: 'guide'}).commit()
    expect((await request('/bookings', {cookie})).status).toBe(403)
    expect(
      ((await (await request('/session', {cookie})).json()) as {person: {role: string}}).person
        .role,
    ).toBe('guide')
  })

  it('a deactivation ends every session of the person, and their password no longer signs in', async () => {
    const id = 'staffMember.leaving'
    await bookings().createOrReplace(
      staffMemberDocument({
        _id: id,
        name: 'Lee',
        email: 'lee@team.example',
        role: 'manager',
        password: PASSWORD,
        now: new Date(),
      }),
    )
    const cookies = await Promise.all(
      [1, 2].map(async () => {
        const response = await login({email: 'lee@team.example', password: PASSWORD})
        return /staff_session=([^;]+)/.exec(response.headers.get('set-cookie')!)![1]!
      }),
    )
    await bookings().patch(id).set({state: 'deactivated'}).commit()
    for (const cookie of cookies) expect((await request('/session', {cookie})).status).toBe(401)
    const again = await login({email: 'lee@team.example', password: PASSWORD})
    expect(again.status).toBe(401)
    expect(await again.json()).toEqual(problemBody(401, 'Wrong email or password.'))
  })
})

describe('who did what', () => {
  type Activity = {
    personId: string
    personName: string
    kind: string
    summary: string
    bookingRef: string | null
  }
  const activity = async (cookie: string, query = '') => {
    const response = await request(`/activity${query}`, {cookie})
    expect(response.status).toBe(200)
    return ((await response.json()) as {activity: Activity[]}).activity
  }

  it('names the person in the request’s history, the activity log and the CSV’s status changes', async () => {
    const manager = await signIn('manager')
    const current = await bookings().getDocument<{_rev: string}>('booking-1')
    const changed = await request('/bookings/booking-1/status', {
      method: 'PATCH',
      cookie: manager,
      body: JSON.stringify({status: 'contacted', revision: current!._rev}),
    })
    expect(changed.status).toBe(200)
    const stored = await bookings().getDocument<{status_history: Record<string, unknown>[]}>(
      'booking-1',
    )
    expect(stored!.status_history.at(-1)).toMatchObject({
      status: 'contacted',
      by: 'Pat manager',
      by_id: 'staffMember.test-manager',
    })
    const csv = await request('/bookings.csv?view=all', {cookie: manager})
    expect(await csv.text()).toContain('Contacted by Pat manager')

    const owner = await signIn('owner')
    const entries = await activity(owner, '?person=staffMember.test-manager')
    // Newest first; the manager signed in before, in other tests, too.
    expect(entries.slice(0, 3).map((entry) => entry.kind)).toEqual([
      'bookings-export',
      'status',
      'signed-in',
    ])
    expect(entries[1]).toMatchObject({
      personName: 'Pat manager',
      summary: 'Changed the status to contacted',
      bookingRef: 'CTX-0001',
    })
    expect((await activity(owner, '?booking=CTX-0001')).map((entry) => entry.kind)).toEqual([
      'status',
    ])
    expect(await activity(owner, '?booking=booking-1&person=staffMember.test-guide')).toEqual([])
    // The filter's days are Cape Town's: from 22:00 UTC it is already tomorrow there.
    const today = todayInCapeTown()
    expect(
      (await activity(owner, `?from=${today}&to=${today}&person=staffMember.test-manager`)).length,
    ).toBe(entries.length)
    expect(await activity(owner, '?from=2020-01-01&to=2020-12-31')).toEqual([])
  })

  it('refuses hostile activity filters with 400, and the log to anyone but an owner with 403', async () => {
    const owner = await signIn('owner')
    for (const query of [
      '?from=yesterday',
      '?person=*',
      '?booking="]',
      '?from=2026-01-01&from=2026-02-01',
    ])
      expect((await request(`/activity${query}`, {cookie: owner})).status).toBe(400)
    for (const role of ['manager', 'staff', 'guide'] as const)
      expect((await request('/activity', {cookie: await signIn(role)})).status).toBe(403)
  })

  it('records nothing for a refused change', async () => {
    const staff = await signIn('staff')
    const before = await bookings().fetch<number>(
      'count(*[_type == "staffActivity" && kind == "status"])',
    )
    const stale = await request('/bookings/booking-1/status', {
      method: 'PATCH',
      cookie: staff,
      body: JSON.stringify({status: 'closed', revision: 'stale'}),
    })
    expect(stale.status).toBe(409)
    expect(await bookings().fetch('count(*[_type == "staffActivity" && kind == "status"])')).toBe(
      before,
    )
  })
})

describe('the people API (owners only)', () => {
  const change = (cookie: string, id: string, body: unknown) =>
    request(`/people/${id}`, {method: 'PATCH', cookie, body: JSON.stringify(body)})

  it('lists everyone without a password hash; 403 for every other role', async () => {
    const owner = await signIn('owner')
    const response = await request('/people', {cookie: owner})
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(text).toContain('staff@team.example')
    expect(text).not.toMatch(/password|salt|hash/)
    for (const role of ['manager', 'staff', 'guide'] as const) {
      const cookie = await signIn(role)
      expect((await request('/people', {cookie})).status).toBe(403)
      expect((await change(cookie, 'staffMember.test-guide', {role: 'owner'})).status).toBe(403)
    }
    expect((await bookings().getDocument('staffMember.test-guide'))?.role).toBe('guide')
  })

  it('changes a role and ends access, and logs both with the names', async () => {
    const owner = await signIn('owner')
    const id = 'staffMember.people-api'
    await bookings().createOrReplace(
      staffMemberDocument({
        _id: id,
        name: 'Nomsa Dlamini',
        email: 'nomsa@team.example',
        role: 'guide',
        password: PASSWORD,
        now: new Date(),
      }),
    )
    const theirs = (await login({email: 'nomsa@team.example', password: PASSWORD})).headers
    const cookie = /staff_session=([^;]+)/.exec(theirs.get('set-cookie')!)![1]!
    expect((await change(owner, id, {role: 'staff'})).status).toBe(200)
    expect((await request('/bookings', {cookie})).status).toBe(200)
    expect((await change(owner, id, {state: 'deactivated'})).status).toBe(200)
    expect((await request('/session', {cookie})).status).toBe(401)
    const log = await request('/activity?person=staffMember.test-owner', {cookie: owner})
    const summaries = ((await log.json()) as {activity: {summary: string}[]}).activity.map(
      (entry) => entry.summary,
    )
    expect(summaries.slice(0, 2)).toEqual([
      'Ended Nomsa Dlamini’s access',
      'Made Nomsa Dlamini staff',
    ])
  })

  it.each([
    ['an empty change', {}],
    ['an unknown role', {role: 'admin'}],
    ['an unknown field', {role: 'staff', password: 'x'}],
    ['an operator for a state', {state: {$ne: 'active'}}],
  ])('refuses %s with 400 and changes nothing', async (_, body) => {
    const owner = await signIn('owner')
    const before = await bookings().getDocument<{_rev: string}>('staffMember.test-staff')
    expect((await change(owner, 'staffMember.test-staff', body)).status).toBe(400)
    expect((await bookings().getDocument<{_rev: string}>('staffMember.test-staff'))?._rev).toBe(
      before?._rev,
    )
  })

  it('answers 404 for an id that is not a person’s, and keeps the last active owner', async () => {
    const owner = await signIn('owner')
    expect((await change(owner, 'booking-1', {role: 'guide'})).status).toBe(404)
    expect((await bookings().getDocument<{status: string}>('booking-1'))?.status).not.toBe('guide')
    // The bootstrap test made a second owner: end that one's access first, then the last one is kept.
    await change(owner, FIRST_OWNER_ID, {state: 'deactivated'})
    const last = await change(owner, 'staffMember.test-owner', {role: 'manager'})
    expect(last.status).toBe(409)
    expect((await change(owner, 'staffMember.test-owner', {state: 'deactivated'})).status).toBe(409)
    expect((await bookings().getDocument('staffMember.test-owner'))?.role).toBe('owner')
  })
})

describe('invitations and password resets by mail', () => {
  type Mail = {_id: string; to: string; subject: string; text: string; sealed_link?: string}
  type Delivered = Pick<Mail, 'text' | 'sealed_link'>
  const mailsTo = (address: string) =>
    bookings().fetch<Mail[]>('*[_type == "outboxMail" && to == $address] | order(queued_at asc)', {
      address,
    })
  // A queued mail's link is sealed (the outbox opens it with the servers' secret); a delivered one has it in its text.
  const linkToken = (mail: Delivered, kind: 'invite' | 'reset') =>
    new RegExp(`/admin/bookings#${kind}=([\\w-]+)`).exec(
      mail.sealed_link ? openSealedLink(mail.sealed_link, TEST_LINK_SECRET) : mail.text,
    )![1]!
  const setPassword = (body: unknown, origin = ORIGIN) =>
    app.request(`${ORIGIN}/api/staff/password`, {
      method: 'POST',
      headers: {origin, 'content-type': 'application/json'},
      body: JSON.stringify(body),
    })

  it('invites by mail; the link sets a strong password once and makes the person active', async () => {
    // The mail names the company (site settings) and the person who invites.
    await lake
      .client({token: lake.secrets.writeToken})
      .createOrReplace({_id: 'siteSettings', _type: 'siteSettings', siteName: 'Cape Curated'})
    const owner = await signIn('owner')
    const invited = await request('/people', {
      method: 'POST',
      cookie: owner,
      body: JSON.stringify({name: 'Zanele Khumalo', email: 'Zanele@Team.Example', role: 'staff'}),
    })
    expect(invited.status).toBe(200)
    const [mail] = await mailsTo('zanele@team.example')
    expect(mail!.subject).toBe('Pat owner invites you to the Cape Curated staff dashboard')
    expect(mail!.text).toContain(
      'Pat owner has given you a staff account (Staff) on the Cape Curated staff dashboard',
    )
    const token = linkToken(mail!, 'invite')
    // Only the token's hash is kept as the link's record; the person has no password yet and cannot sign in.
    const tokens = await bookings().fetch<unknown[]>('*[_type == "staffToken"]')
    expect(JSON.stringify(tokens)).not.toContain(token)
    expect(
      (await login({email: 'zanele@team.example', password: 'anything at all here'})).status,
    ).toBe(401)

    const weak = await setPassword({token, password: 'password123'})
    expect(weak.status).toBe(400)
    expect(((await weak.json()) as {detail: string}).detail).toMatch(/too easy to guess|at least 10/)
    const named = await setPassword({token, password: 'ZaneleKhumalo'})
    expect(named.status).toBe(400)

    const strong = 'kettle umbrella harbour 42'
    expect((await setPassword({token, password: strong})).status).toBe(200)
    expect((await login({email: 'zanele@team.example', password: strong})).status).toBe(200)
    // Single use: the same link again is refused, and the password stays.
    const again = await setPassword({token, password: 'another fine long phrase'})
    expect(again.status).toBe(400)
    expect((await login({email: 'zanele@team.example', password: strong})).status).toBe(200)
  })

  it('refuses passwords made of the person’s name, address, the company’s name or the site’s words, joined or apart', async () => {
    const content = lake.client({token: lake.secrets.writeToken})
    await content.createOrReplace({
      _id: 'siteSettings',
      _type: 'siteSettings',
      siteName: 'Cape Curated',
    })
    try {
      const owner = await signIn('owner')
      const tokenFor = async (name: string, email: string) => {
        const invited = await request('/people', {
          method: 'POST',
          cookie: owner,
          body: JSON.stringify({name, email, role: 'staff'}),
        })
        expect(invited.status).toBe(200)
        return linkToken((await mailsTo(email)).at(-1)!, 'invite')
      }
      const sam = await tokenFor('Sam Staff', 'sam.staff@team.example')
      const gugu = await tokenFor('Gugu Dlamini', 'gugu@capecurated.co.za')
      for (const [token, password] of [
        [sam, 'Cape Town 1'],
        [sam, 'Sam Staff 2026'],
        [sam, 'Cape Curated 2026!'],
        [gugu, 'gugucapecurated'],
        [gugu, 'Dlamini Gugu 1990'],
      ] as const) {
        const refused = await setPassword({token, password})
        expect(refused.status, password).toBe(400)
        expect(((await refused.json()) as {detail: string}).detail).toBe(
          'This password is too easy to guess: it is made of your name, your email address, the company’s name or the site’s words. A few unrelated words make a strong one.',
        )
      }
      // Nothing was set: neither can sign in yet, and a password of unrelated words is taken.
      expect(
        (await bookings().getDocument<{password?: unknown}>(
          (await bookings().fetch<string>('*[email == "sam.staff@team.example"][0]._id'))!,
        ))!.password,
      ).toBeNull()
      expect(
        (await setPassword({token: sam, password: 'Cape kettle umbrella harbour'})).status,
      ).toBe(200)
      expect((await setPassword({token: gugu, password: 'violin tractor lantern 7'})).status).toBe(
        200,
      )
    } finally {
      await content.delete('siteSettings')
    }
  })

  it('never lets the lake hold a usable link: sealed while queued, blanked once sent, in no earlier revision', async () => {
    const owner = await signIn('owner')
    const invited = await request('/people', {
      method: 'POST',
      cookie: owner,
      body: JSON.stringify({name: 'Ayesha Patel', email: 'ayesha@team.example', role: 'guide'}),
    })
    expect(invited.status).toBe(200)
    const [queued] = await mailsTo('ayesha@team.example')
    expect(queued!.sealed_link).toBeTruthy()
    expect(queued!.text).not.toContain('#invite=')

    // An outbox without the servers' secret (the Sanity Function's) leaves it for one that has it.
    const withoutKey: MailMessage[] = []
    await createOutbox({
      bookings: bookings(),
      transport: {send: async (_id, message) => void withoutKey.push(message)},
      from: 'team@site.test',
    }).flush()
    expect(withoutKey.filter((message) => message.to === 'ayesha@team.example')).toEqual([])

    const delivered: MailMessage[] = []
    const outbox = createOutbox({
      bookings: bookings(),
      transport: {send: async (_id, message) => void delivered.push(message)},
      from: 'team@site.test',
      openLink: (sealed) => openSealedLink(sealed, TEST_LINK_SECRET),
    })
    await outbox.flush()
    const mail = delivered.find((message) => message.to === 'ayesha@team.example')!
    const token = linkToken(mail, 'invite')
    expect(mail.html).toContain(`#invite=${token}`)

    // The whole dataset as an export reads it, and every revision in its history: the token is nowhere, the seal
    // is gone, and the log keeps the mail, link blanked.
    const read = async (path: string) =>
      (
        await fetch(`${lake.url}/v2025-02-19/data/${path}`, {
          headers: {authorization: `Bearer ${lake.secrets.rootToken}`},
        })
      ).text()
    const exported = await read('export/bookings')
    expect(exported).toContain('Ayesha Patel')
    expect(exported).not.toContain(token)
    const history = await read(
      `history/bookings/transactions/${queued!._id}?excludeContent=false&effectFormat=mendoza`,
    )
    expect(history).toContain('ayesha@team.example')
    expect(history).not.toContain(token)
    const [kept] = await bookings().fetch<(Mail & {html: string; status: string})[]>(
      '*[_type == "outboxMail" && to == $address]',
      {address: 'ayesha@team.example'},
    )
    expect(kept!.status).toBe('sent')
    expect(kept!.text).toContain(REDACTED_LINK)
    expect(kept!.html).toContain(REDACTED_LINK)
    expect(kept!.text).not.toContain('#invite=')
    expect(kept).not.toHaveProperty('sealed_link')

    // The link in the delivered mail still works, once.
    expect((await setPassword({token, password: 'copper lantern meadow 19'})).status).toBe(200)
  })

  it('invites again someone who has not accepted: only the newest link works, and it names who sent it', async () => {
    const owner = await signIn('owner')
    const invited = await request('/people', {
      method: 'POST',
      cookie: owner,
      body: JSON.stringify({name: 'Thabo Nkosi', email: 'thabo@team.example', role: 'staff'}),
    })
    const {person} = (await invited.json()) as {person: {_id: string}}
    const again = () => request(`/people/${person._id}/invitation`, {method: 'POST', cookie: owner})
    const patch = (body: unknown) =>
      request(`/people/${person._id}`, {method: 'PATCH', cookie: owner, body: JSON.stringify(body)})
    // An invitation cancelled cannot be turned into access without a password: only a new invitation.
    expect((await patch({state: 'deactivated'})).status).toBe(200)
    const active = await patch({state: 'active'})
    expect(active.status).toBe(409)
    expect(((await active.json()) as {detail: string}).detail).toBe(
      'Thabo Nkosi has not chosen a password yet: send them a new invitation.',
    )
    expect((await again()).status).toBe(200)
    expect((await bookings().getDocument(person._id))?.state).toBe('invited')
    const [first, second] = await mailsTo('thabo@team.example')
    expect(second!.subject).toMatch(
      /^Pat owner invites you to the (Cape Curated )?staff dashboard$/,
    )
    const [oldToken, newToken] = [linkToken(first!, 'invite'), linkToken(second!, 'invite')]
    expect(newToken).not.toBe(oldToken)
    expect(
      (await setPassword({token: oldToken, password: 'harbour kettle lantern 8'})).status,
    ).toBe(400)
    expect(
      (await setPassword({token: newToken, password: 'harbour kettle lantern 8'})).status,
    ).toBe(200)
    const activity = await bookings().fetch<{summary: string; personId: string}[]>(
      '*[_type == "staffActivity" && summary == "Invited Thabo Nkosi again"]{summary, personId}',
    )
    expect(activity).toEqual([
      {summary: 'Invited Thabo Nkosi again', personId: 'staffMember.test-owner'},
    ])

    // Accepted: no more invitations; an id that is no person is not found; a manager may not.
    const accepted = await again()
    expect(accepted.status).toBe(409)
    expect(((await accepted.json()) as {detail: string}).detail).toBe(
      'Thabo Nkosi has already accepted an invitation.',
    )
    expect((await mailsTo('thabo@team.example')).length).toBe(2)
    expect(
      (await request('/people/booking-1/invitation', {method: 'POST', cookie: owner})).status,
    ).toBe(404)
    const manager = await signIn('manager')
    expect(
      (await request(`/people/${person._id}/invitation`, {method: 'POST', cookie: manager})).status,
    ).toBe(403)
  })

  it('answers a reset request the same for any address, and mails only an account; the new password ends old sessions', async () => {
    const ask = (email: string) =>
      request('/password-reset', {method: 'POST', body: JSON.stringify({email})})
    const known = await ask(emailOf('manager'))
    const unknown = await ask('nobody-here@team.example')
    expect([known.status, unknown.status]).toEqual([202, 202])
    expect(await known.json()).toEqual(await unknown.json())
    await expect.poll(async () => (await mailsTo(emailOf('manager'))).length).toBe(1)
    expect(await mailsTo('nobody-here@team.example')).toEqual([])

    const open = await signIn('manager')
    const token = linkToken((await mailsTo(emailOf('manager')))[0]!, 'reset')
    const fresh = 'lantern meadow copper 77'
    expect((await setPassword({token, password: fresh})).status).toBe(200)
    expect((await request('/session', {cookie: open})).status).toBe(401)
    expect((await login({email: emailOf('manager'), password: PASSWORD})).status).toBe(401)
    expect((await login({email: emailOf('manager'), password: fresh})).status).toBe(200)
    // Back to the shared test password for the other tests.
    await bookings()
      .patch('staffMember.test-manager')
      .set({password: hashPassword(PASSWORD)})
      .commit()
  })

  it('bounds reset mails to one address: five at once, then none until the wait is over', async () => {
    const email = emailOf('guide')
    for (let i = 0; i < 8; i++) {
      const response = await request('/password-reset', {
        method: 'POST',
        body: JSON.stringify({email}),
      })
      expect(response.status).toBe(202)
    }
    await expect.poll(async () => (await mailsTo(email)).length).toBe(5)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await mailsTo(email)).toHaveLength(5)
  })

  it('refuses an expired link, a made-up one, a cross-site post and hostile bodies, and stores nothing', async () => {
    const expired = await createToken(
      bookings(),
      'reset',
      'staffMember.test-staff',
      new Date(Date.now() - 2 * 60 * 60 * 1000),
    )
    const before = await bookings().getDocument<{_rev: string}>('staffMember.test-staff')
    for (const body of [
      {token: expired, password: 'lantern meadow copper 77'},
      {token: 'x'.repeat(43), password: 'lantern meadow copper 77'},
      {token: '../../etc', password: 'lantern meadow copper 77'},
      {token: expired, password: {$ne: ''}},
      {token: expired, password: 'lantern meadow copper 77', role: 'owner'},
    ])
      expect((await setPassword(body)).status).toBe(400)
    expect((await setPassword({token: expired, password: 'x'}, 'https://evil.test')).status).toBe(
      403,
    )
    expect((await bookings().getDocument<{_rev: string}>('staffMember.test-staff'))?._rev).toBe(
      before?._rev,
    )
    const invalid = await request('/password-reset', {
      method: 'POST',
      body: JSON.stringify({email: 'not an address'}),
    })
    expect(invalid.status).toBe(400)
  })

  it('refuses to invite an address that has an account, or with missing fields', async () => {
    const owner = await signIn('owner')
    const invite = (body: unknown) =>
      request('/people', {method: 'POST', cookie: owner, body: JSON.stringify(body)})
    expect((await invite({name: 'Again', email: emailOf('staff'), role: 'staff'})).status).toBe(409)
    expect((await invite({name: '', email: 'new@team.example', role: 'staff'})).status).toBe(400)
    expect((await invite({name: 'X', email: 'new@team.example', role: 'admin'})).status).toBe(400)
    // A name is one line, as a traveller's: no CR/LF, no other control or invisible character.
    for (const name of [
      'Sam\r\nBcc: all@evil.test',
      'Sam\nStaff',
      'Sam\rStaff',
      'Sam\u0000',
      'Sa\u200Bm',
    ]) {
      const refused = await invite({name, email: 'new@team.example', role: 'staff'})
      expect(refused.status).toBe(400)
      expect(((await refused.json()) as {detail: string}).detail).toMatch(
        /single line|invisible characters/,
      )
    }
    expect(
      await bookings().fetch('count(*[_type == "staffMember" && email == "new@team.example"])'),
    ).toBe(0)
  })
})

describe('cross-site requests', () => {
  it('refuses every state change in the route table, and the sign-in-free ones, from another origin (403)', async () => {
    const owner = await signIn('owner')
    const changes = [
      ...(Object.keys(STAFF_ROUTE_ACTIONS) as StaffRouteKey[]).filter(
        (key) => !key.startsWith('GET '),
      ),
      'POST /session',
      'POST /password',
      'POST /password-reset',
    ]
    const before = await bookings().fetch<number>(
      'count(*[!(_type in ["staffActivity", "staffSession"])])',
    )
    for (const key of changes) {
      const [method, path] = key.split(' ') as [string, string]
      for (const origin of ['https://evil.test', null]) {
        const headers = new Headers({
          'cookie': `${SESSION_COOKIE}=${owner}`,
          'content-type': 'application/json',
        })
        if (origin) headers.set('origin', origin)
        const response = await app.request(
          `${ORIGIN}/api/staff${path.replace(':id', 'staffMember.test-staff').replace(':mailId', 'x')}`,
          {
            method,
            headers,
            body: JSON.stringify({
              role: 'owner',
              status: 'closed',
              email: emailOf('staff'),
              name: 'X',
            }),
          },
        )
        expect(`${key} from ${origin}: ${response.status}`).toBe(`${key} from ${origin}: 403`)
      }
    }
    expect(await bookings().fetch('count(*[!(_type in ["staffActivity", "staffSession"])])')).toBe(
      before,
    )
    expect((await request('/session', {cookie: owner})).status).toBe(200)
  })
})

describe('the second step', () => {
  const post = (path: string, cookie: string, body: unknown, method = 'POST') =>
    request(path, {method, cookie, body: JSON.stringify(body)})
  const codeAt = (secret: string, at: number) =>
    TOTP.generate({secret: Secret.fromBase32(secret), timestamp: at})

  async function person(id: string, email: string, role: StaffRole = 'staff') {
    await bookings().createOrReplace(
      staffMemberDocument({_id: id, name: id, email, role, password: PASSWORD, now: new Date()}),
    )
    const response = await login({email, password: PASSWORD})
    return /staff_session=([^;]+)/.exec(response.headers.get('set-cookie')!)![1]!
  }

  it('sets up TOTP with a confirmed code; sign-in then needs a fresh code, refuses a replayed or guessed one, and takes each recovery code once', async () => {
    const email = 'two-step@team.example'
    const cookie = await person('staffMember.two-step', email)
    const started = (await (await post('/two-step', cookie, {})).json()) as {
      secret: string
      uri: string
    }
    expect(started.uri).toMatch(/^otpauth:\/\/totp\//)
    expect((await post('/two-step/confirm', cookie, {code: '000000'})).status).toBe(400)
    const now = Date.now()
    const confirmed = await post('/two-step/confirm', cookie, {code: codeAt(started.secret, now)})
    expect(confirmed.status).toBe(200)
    const {recoveryCodes} = (await confirmed.json()) as {recoveryCodes: string[]}
    expect(recoveryCodes).toHaveLength(10)
    const stored = JSON.stringify(await bookings().getDocument('staffMember.two-step'))
    for (const code of recoveryCodes) expect(stored).not.toContain(code)

    const withCode = (code?: string) => login({email, password: PASSWORD, ...(code ? {code} : {})})
    const asked = await withCode()
    expect(asked.status).toBe(401)
    expect(await asked.json()).toMatchObject({secondStep: 'code'})
    expect(asked.headers.get('set-cookie')).toBeNull()
    // The code that confirmed the set-up was used: replaying it is refused.
    expect((await withCode(codeAt(started.secret, now))).status).toBe(401)
    const next = codeAt(started.secret, now + 30_000)
    expect((await withCode(next)).status).toBe(200)
    expect((await withCode(next)).status).toBe(401)
    expect((await withCode('123456')).status).toBe(401)
    expect((await withCode(recoveryCodes[0])).status).toBe(200)
    expect((await withCode(recoveryCodes[0])).status).toBe(401)
    // The wrong password with a right code is still the wrong password.
    const wrong = await login({email, password: 'not it', code: recoveryCodes[1]})
    expect(await wrong.json()).toEqual(problemBody(401, 'Wrong email or password.'))
  })

  it('an owner can require a second step: until it is set up a person can do nothing else', async () => {
    const staff = await signIn('staff')
    expect((await post('/settings/two-step', staff, {required: true}, 'PUT')).status).toBe(403)
    // An owner without a second step of their own would shut themselves out: refused.
    const owner = await person('staffMember.two-step-owner', 'owner-2fa@team.example', 'owner')
    expect((await post('/settings/two-step', owner, {required: true}, 'PUT')).status).toBe(409)
    const own = (await (await post('/two-step', owner, {})).json()) as {secret: string}
    await post('/two-step/confirm', owner, {code: codeAt(own.secret, Date.now())})
    expect((await post('/settings/two-step', owner, {required: 'yes'}, 'PUT')).status).toBe(400)
    expect((await post('/settings/two-step', owner, {required: true}, 'PUT')).status).toBe(200)
    try {
      const cookie = await person('staffMember.must-set-up', 'must@team.example')
      const session = (await (await request('/session', {cookie})).json()) as {
        actions: string[]
        secondStep: {setupRequired: boolean}
      }
      expect(session).toMatchObject({actions: [], secondStep: {setupRequired: true}})
      const refused = await request('/bookings', {cookie})
      expect(refused.status).toBe(403)
      expect(await refused.json()).toMatchObject({code: 'second-step-setup'})
      const {secret} = (await (await post('/two-step', cookie, {})).json()) as {secret: string}
      expect(
        (await post('/two-step/confirm', cookie, {code: codeAt(secret, Date.now())})).status,
      ).toBe(200)
      expect((await request('/bookings', {cookie})).status).toBe(200)
    } finally {
      expect((await post('/settings/two-step', owner, {required: false}, 'PUT')).status).toBe(200)
    }
  })

  it('lists a person’s own open sessions and ends one of them; another person’s is not found', async () => {
    const email = 'sessions@team.example'
    const first = await person('staffMember.sessions', email)
    const second = /staff_session=([^;]+)/.exec(
      (await login({email, password: PASSWORD})).headers.get('set-cookie')!,
    )![1]!
    const listed = await request('/sessions', {cookie: first})
    expect(listed.status).toBe(200)
    const {sessions} = (await listed.json()) as {
      sessions: {_id: string; current: boolean}[]
    }
    expect(sessions).toHaveLength(2)
    const other = sessions.find((session) => !session.current)!
    const guide = await signIn('guide')
    expect(
      (await request(`/sessions/${other._id}`, {method: 'DELETE', cookie: guide})).status,
    ).toBe(404)
    expect((await request('/sessions/../people', {method: 'DELETE', cookie: first})).status).toBe(
      404,
    )
    expect(
      (await request(`/sessions/${other._id}`, {method: 'DELETE', cookie: first})).status,
    ).toBe(204)
    expect((await request('/session', {cookie: second})).status).toBe(401)
    expect((await request('/session', {cookie: first})).status).toBe(200)
  })
})

describe('passkeys and second steps, managed', () => {
  const passkey = (key: string) => ({
    _key: key,
    id: `credential-${key}`,
    publicKey: 'cHVibGljIGtleQ',
    counter: 0,
    transports: ['internal'],
    createdAt: '2026-11-01T08:00:00.000Z',
  })
  const cookieOf = (response: Response) =>
    /staff_session=([^;]+)/.exec(response.headers.get('set-cookie')!)![1]!

  it('lists a person’s own passkeys without their keys, and removes one; another person’s is not found', async () => {
    await bookings().createOrReplace({
      ...staffMemberDocument({
        _id: 'staffMember.passkeys',
        name: 'Lerato Passkeys',
        email: 'passkeys@team.example',
        role: 'staff',
        password: PASSWORD,
        now: new Date(),
      }),
      passkeys: [passkey('0123456789abcdef'), passkey('fedcba9876543210')],
    })
    const cookie = cookieOf(await login({email: 'passkeys@team.example', password: PASSWORD}))
    const listed = await request('/passkeys', {cookie})
    expect(listed.status).toBe(200)
    const body = await listed.json()
    expect(body).toEqual({
      passkeys: [
        {
          key: '0123456789abcdef',
          createdAt: '2026-11-01T08:00:00.000Z',
          lastUsedAt: null,
          transports: ['internal'],
        },
        {
          key: 'fedcba9876543210',
          createdAt: '2026-11-01T08:00:00.000Z',
          lastUsedAt: null,
          transports: ['internal'],
        },
      ],
    })
    expect(JSON.stringify(body)).not.toContain('cHVibGljIGtleQ')
    const guide = await signIn('guide')
    const remove = (key: string, as: string) =>
      request(`/passkeys/${key}`, {method: 'DELETE', cookie: as})
    expect((await remove('0123456789abcdef', guide)).status).toBe(404)
    expect((await remove('..%2F..%2Fpeople', cookie)).status).toBe(404)
    expect((await remove('0123456789abcdeg', cookie)).status).toBe(404)
    const removed = await remove('0123456789abcdef', cookie)
    expect(removed.status).toBe(200)
    expect(
      ((await removed.json()) as {passkeys: {key: string}[]}).passkeys.map((p) => p.key),
    ).toEqual(['fedcba9876543210'])
    const stored = await bookings().getDocument<{passkeys: {id: string}[]}>('staffMember.passkeys')
    expect(stored!.passkeys.map((p) => p.id)).toEqual(['credential-fedcba9876543210'])
    const log = await bookings().fetch<{summary: string}[]>(
      '*[_type == "staffActivity" && personId == "staffMember.passkeys"].summary',
    )
    expect(log).toContain('Removed a passkey')
  })

  it('an owner resets someone’s second step: app, recovery codes and passkeys gone, sessions ended, logged', async () => {
    await bookings().createOrReplace(
      staffMemberDocument({
        _id: 'staffMember.lost-phone',
        name: 'Bongani Lostphone',
        email: 'lost-phone@team.example',
        role: 'staff',
        password: PASSWORD,
        now: new Date(),
      }),
    )
    const open = cookieOf(await login({email: 'lost-phone@team.example', password: PASSWORD}))
    const {secret} = (await (
      await request('/two-step', {method: 'POST', cookie: open, body: '{}'})
    ).json()) as {secret: string}
    const code = TOTP.generate({secret: Secret.fromBase32(secret), timestamp: Date.now()})
    const confirmed = await request('/two-step/confirm', {
      method: 'POST',
      cookie: open,
      body: JSON.stringify({code}),
    })
    expect(confirmed.status).toBe(200)
    await bookings()
      .patch('staffMember.lost-phone')
      .set({passkeys: [passkey('00112233445566aa')]})
      .commit()
    // Without a code the password alone is not enough now.
    expect((await login({email: 'lost-phone@team.example', password: PASSWORD})).status).toBe(401)

    const reset = (as: string) =>
      request('/people/staffMember.lost-phone/second-step/reset', {
        method: 'POST',
        cookie: as,
        body: '{}',
      })
    expect((await reset(await signIn('manager'))).status).toBe(403)
    expect(
      (
        await request('/people/staffMember.nobody/second-step/reset', {
          method: 'POST',
          cookie: await signIn('owner'),
          body: '{}',
        })
      ).status,
    ).toBe(404)
    const done = await reset(await signIn('owner'))
    expect(done.status).toBe(200)
    expect(await done.json()).toMatchObject({
      person: {_id: 'staffMember.lost-phone', name: 'Bongani Lostphone'},
    })
    const stored = await bookings().getDocument('staffMember.lost-phone')
    expect(stored).not.toHaveProperty('secondStep')
    expect(stored).not.toHaveProperty('recoveryCodes')
    expect(stored).not.toHaveProperty('passkeys')
    expect((await request('/session', {cookie: open})).status).toBe(401)
    const back = await login({email: 'lost-phone@team.example', password: PASSWORD})
    expect(back.status).toBe(200)
    expect(await back.json()).toMatchObject({secondStep: {enabled: false}})
    const [entry] = await bookings().fetch<
      {personName: string; summary: string; subjectId: string}[]
    >(
      '*[_type == "staffActivity" && subjectId == "staffMember.lost-phone" && kind == "person-changed"]',
    )
    expect(entry).toMatchObject({
      personName: 'Pat owner',
      summary: 'Reset Bongani Lostphone’s second step',
    })
    // The person is told by mail: everything they sign in with besides the password was removed.
    const told = await bookings().fetch<string[]>(
      '*[_type == "outboxMail" && to == "lost-phone@team.example"].subject',
    )
    expect(told).toContain('The second step of your staff account was reset')
  })
})

describe('passkeys (hostile answers)', () => {
  it('refuses a made-up, malformed or replayed-challenge answer with 401 and opens no session', async () => {
    const options = await request('/session/passkey/options', {method: 'POST', body: '{}'})
    expect(options.status).toBe(200)
    expect(((await options.json()) as {challenge: string}).challenge).toMatch(/^[\w-]{20,}$/)
    for (const body of [
      {},
      {response: null},
      {response: {id: '../../people', rawId: 'x', type: 'public-key', response: {}}},
      {response: {id: 'A'.repeat(43), rawId: 'A'.repeat(43), type: 'public-key', response: {}}},
    ]) {
      const response = await request('/session/passkey', {
        method: 'POST',
        body: JSON.stringify(body),
      })
      expect(response.status).toBe(401)
      expect(response.headers.get('set-cookie')).toBeNull()
    }
    const staff = await signIn('staff')
    const added = await request('/passkeys', {
      method: 'POST',
      cookie: staff,
      body: JSON.stringify({response: {id: 'x', type: 'public-key', response: {}}}),
    })
    expect(added.status).toBe(400)
    expect(
      (await bookings().getDocument<{passkeys?: unknown[]}>('staffMember.test-staff'))?.passkeys,
    ).toBeUndefined()
  })
})

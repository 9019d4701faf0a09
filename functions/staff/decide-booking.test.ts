/**
 * Staff decisions (docs/decisions/012-the-request-loop.md) through the staff API on the real lake: each one action
 * with its history entry and the traveller's mail in one transaction; proposals limited to dates the rules and places
 * allow; the preview stores nothing; two staff deciding at once; and the mail sent once over SMTP after an outage.
 */
import {Hono} from 'hono'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {openProposal, type StatusHistoryEntry} from '@repo/schemas/request-decisions.ts'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {createOutbox, OUTBOX_MAIL_TYPE, outboxMailId, smtpTransport} from '../lib/mailer.ts'
import {checkRequestLink} from '../lib/request-link.ts'
import {testDecisionDeps, TEST_LINK_SECRET, TEST_SITE_URL} from './testing/decision-deps.ts'
import {freePort} from '../lib/testing/free-port.ts'
import {startSmtpListener} from '../lib/testing/smtp-listener.ts'
import {ownOrigins} from '../lib/own-origins.ts'
import {hashPassword} from './admin-password.ts'
import {createStaffRoutes} from './create-staff-routes.ts'
import {resendBookingMail} from './booking-mail.ts'
import {decideBooking} from './decide-booking.ts'
import {staffMemberDocument} from './staff-accounts.ts'
import type {StaffDeps} from './staff-deps.ts'
import {changeStatus, saveStaffNotes} from './staff-handlers.ts'
import {changePerson} from './staff-people.ts'
import {SESSION_COOKIE} from './staff-session.ts'

const ORIGIN = 'http://site.test'
const PASSWORD = 'correct horse battery'
const SLUG = 'lions-head-sunset-hike'
const NOW = new Date('2030-01-01T10:00:00Z')

let lake: TestLake
let app: Hono
let cookie: string
let decisions: ReturnType<typeof testDecisionDeps>

const bookings = () => lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})

function booking(id: string, extra: Record<string, unknown> = {}) {
  return {
    _id: id,
    _type: 'booking',
    booking_ref: `CTE-${id.toUpperCase()}`,
    status: 'new',
    created_at: '2029-12-20T08:00:00.000Z',
    experience_id: SLUG,
    experience_title: 'Lion’s Head Sunset Hike',
    date: '2030-02-03',
    preferred_time: 'Sunset',
    pax_adults: 2,
    pax_children: 1,
    pax_total: 3,
    name: 'Thandi Mokoena',
    email: `${id}@example.com`,
    ...extra,
  }
}

const api = (path: string, body: unknown, origin = ORIGIN) =>
  app.request(`${ORIGIN}/api/staff${path}`, {
    method: 'POST',
    headers: {
      'cookie': `${SESSION_COOKIE}=${cookie}`,
      'origin': origin,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  })

async function decide(id: string, body: Record<string, unknown>, revision?: string) {
  const current = await bookings().getDocument(id)
  return api(`/bookings/${id}/decision`, {revision: revision ?? current!._rev, ...body})
}

const mailsAbout = (id: string) =>
  bookings().fetch<
    {mail_id: string; to: string; subject: string; text: string; html: string; from?: string}[]
  >(`*[_type == "${OUTBOX_MAIL_TYPE}" && about == $id] | order(mail_id asc)`, {id})

const history = async (id: string) =>
  ((await bookings().getDocument(id))!.status_history ?? []) as StatusHistoryEntry[]

beforeAll(async () => {
  lake = await startTestLake()
  await lake
    .client({token: lake.secrets.rootToken})
    .transaction()
    .createOrReplace({
      _id: 'siteSettings',
      _type: 'siteSettings',
      siteName: 'Cape Curated',
      mailFromName: 'Cape Curated',
      mailFromAddress: 'hello@capecurated.example',
      mailSignature: 'Warm regards,\nThe Cape Curated team',
    })
    .createOrReplace({
      _id: 'exp-hike',
      _type: 'experience',
      title: 'Lion’s Head Sunset Hike',
      slug: {_type: 'slug', current: SLUG},
    })
    .createOrReplace({
      _id: 'settings-hike',
      _type: 'experienceSettings',
      experience: {_type: 'reference', _ref: 'exp-hike'},
      minPax: 1,
      maxPax: 8,
      timeSlots: ['Morning', 'Sunset'],
      leadTimeDays: 2,
      blackoutDates: ['2030-02-10'],
      capacity: 8,
    })
    .commit()
  decisions = testDecisionDeps(lake.client({perspective: 'published'}), () => NOW)
  app = new Hono()
  app.route(
    '/api/staff',
    createStaffRoutes({
      ownOrigins: ownOrigins(ORIGIN),
      client: bookings(),
      content: lake.client({perspective: 'published'}),
      now: () => NOW,
      bootstrapPassword: hashPassword(PASSWORD),
      decisions,
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

describe('staff decisions', () => {
  it('proposes other dates: status, history and the traveller’s mail with the dates in words and a working link', async () => {
    await bookings().createOrReplace(booking('p1'))
    const nudges = decisions.nudges()
    const response = await decide('p1', {
      decision: 'propose',
      options: [
        {date: '2030-02-05', preferred_time: 'Morning'},
        {date: '2030-02-07', preferred_time: 'Sunset'},
      ],
      message: 'The morning is cooler, too.',
    })
    expect(response.status).toBe(200)
    const stored = await bookings().getDocument('p1')
    expect(stored!.status).toBe('contacted')
    const entry = (stored!.status_history as StatusHistoryEntry[]).at(-1)!
    expect(entry).toMatchObject({
      action: 'propose',
      status: 'contacted',
      message: 'The morning is cooler, too.',
      options: [
        {date: '2030-02-05', preferred_time: 'Morning'},
        {date: '2030-02-07', preferred_time: 'Sunset'},
      ],
      by: 'Owner',
      at: NOW.toISOString(),
    })
    expect(openProposal(stored!.status_history)?._key).toBe(entry._key)

    const [mail, ...others] = await mailsAbout('p1')
    expect(others).toEqual([])
    expect(mail!.mail_id).toBe(entry.mail_id)
    expect(mail!.to).toBe('p1@example.com')
    expect(mail!.from).toBe('"Cape Curated" <hello@capecurated.example>')
    expect(mail!.subject).toBe('Other dates for Lion’s Head Sunset Hike (CTE-P1)')
    expect(mail!.text).toContain(
      '- Tuesday 5 February 2030, Morning\n- Thursday 7 February 2030, Sunset',
    )
    expect(mail!.text).toContain('The morning is cooler, too.')
    expect(mail!.text).toMatch(/Warm regards,\nThe Cape Curated team\n$/)
    expect(mail!.text).not.toMatch(/2030-02-0|[{}]/)
    expect(mail!.html).toContain('<ul><li>Tuesday 5 February 2030, Morning</li>')
    const link = /https:\/\/site\.test\/requests\/(\S+)/.exec(mail!.text)![1]!
    expect(checkRequestLink(TEST_LINK_SECRET, link, NOW)).toMatchObject({ok: true, bookingId: 'p1'})
    expect(mail!.text).toContain(TEST_SITE_URL)
    expect(decisions.nudges()).toBe(nudges + 1)
  })

  it('confirms with a message that answers the traveller’s notes, in the confirmation mail', async () => {
    await bookings().createOrReplace(booking('m1', {notes: 'Can my son (9) do the chains?'}))
    const response = await decide('m1', {
      decision: 'confirm',
      message: 'Yes: children from 8 can do the chains with a guide beside them.',
    })
    expect(response.status).toBe(200)
    expect((await history('m1')).at(-1)).toMatchObject({
      action: 'confirm',
      message: 'Yes: children from 8 can do the chains with a guide beside them.',
    })
    const [mail] = await mailsAbout('m1')
    expect(mail!.subject).toBe('Confirmed: Lion’s Head Sunset Hike on Sunday 3 February 2030')
    expect(mail!.text).toContain('Yes: children from 8 can do the chains with a guide beside them.')
    // Without a message the confirmation has no empty paragraph where it would be.
    await bookings().createOrReplace(booking('m2'))
    expect((await decide('m2', {decision: 'confirm'})).status).toBe(200)
    expect((await mailsAbout('m2'))[0]!.text).not.toMatch(/\n\n\n/)
  })

  it('declines with a reason, asks a question, and confirms through the departure’s places', async () => {
    await bookings()
      .transaction()
      .createOrReplace(booking('d1'))
      .createOrReplace(booking('q1'))
      .createOrReplace(
        booking('c1', {date: '2030-02-04', pax_adults: 6, pax_children: 0, pax_total: 6}),
      )
      .createOrReplace(
        booking('c2', {date: '2030-02-04', pax_adults: 4, pax_children: 0, pax_total: 4}),
      )
      .commit()

    expect(
      (await decide('d1', {decision: 'decline', reason: 'The trail is closed for a race.'})).status,
    ).toBe(200)
    expect((await bookings().getDocument('d1'))!.status).toBe('declined')
    const [declineMail] = await mailsAbout('d1')
    expect(declineMail!.subject).toBe('About your request CTE-D1: Lion’s Head Sunset Hike')
    expect(declineMail!.text).toContain('The trail is closed for a race.')
    expect(declineMail!.text).toContain('Sunday 3 February 2030')

    expect(
      (await decide('q1', {decision: 'question', message: 'Are the children over 8?'})).status,
    ).toBe(200)
    expect((await bookings().getDocument('q1'))!.status).toBe('contacted')
    expect((await history('q1')).at(-1)).toMatchObject({
      action: 'question',
      message: 'Are the children over 8?',
    })
    expect((await mailsAbout('q1'))[0]!.text).toContain('Are the children over 8?')

    expect((await decide('c1', {decision: 'confirm'})).status).toBe(200)
    expect((await bookings().getDocument('c1'))!.status).toBe('confirmed')
    expect((await history('c1')).at(-1)).toMatchObject({action: 'confirm', status: 'confirmed'})
    expect((await mailsAbout('c1'))[0]!.subject).toBe(
      'Confirmed: Lion’s Head Sunset Hike on Monday 4 February 2030',
    )

    // 6 of 8 places are taken now: confirming 4 more needs "Confirm anyway", and nothing is sent before it.
    const over = await decide('c2', {decision: 'confirm'})
    expect(over.status).toBe(409)
    expect(await over.json()).toMatchObject({code: 'over-capacity', capacity: {left: 2, pax: 4}})
    expect(await mailsAbout('c2')).toEqual([])
    expect((await decide('c2', {decision: 'confirm', confirmAnyway: true})).status).toBe(200)
    expect((await history('c2')).at(-1)).toMatchObject({
      action: 'confirm',
      note: expect.stringContaining('Confirmed anyway'),
    })
    expect(await mailsAbout('c2')).toHaveLength(1)

    const again = await decide('c1', {decision: 'confirm'})
    expect(again.status).toBe(409)
    expect(await again.json()).toMatchObject({detail: 'This booking is already confirmed.'})
  })

  it('refuses proposals the rules or the places do not allow, with the date in words, and stores nothing', async () => {
    await bookings()
      .transaction()
      .createOrReplace(booking('r1'))
      .createOrReplace(
        booking('full', {
          date: '2030-02-12',
          status: 'confirmed',
          pax_adults: 8,
          pax_children: 0,
          pax_total: 8,
        }),
      )
      .commit()
    const before = await bookings().getDocument('r1')
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        {options: [{date: '2030-01-02', preferred_time: 'Sunset'}]},
        /Wednesday 2 January 2030, Sunset: inside the 2 days’ notice/,
      ],
      [
        {options: [{date: '2030-02-10', preferred_time: 'Sunset'}]},
        /Sunday 10 February 2030, Sunset: a blackout date/,
      ],
      [{options: [{date: '2030-02-12', preferred_time: 'Sunset'}]}, /Fully booked/],
      [{options: [{date: '2030-02-06', preferred_time: 'Midnight'}]}, /has no such time/],
      [{options: []}, /at least one date/],
      [
        {options: [1, 2, 3, 4].map((d) => ({date: `2030-02-1${d}`, preferred_time: 'Sunset'}))},
        /at most 3/,
      ],
      [
        {
          options: [
            {date: '2030-02-06', preferred_time: 'Sunset'},
            {date: '2030-02-06', preferred_time: 'Sunset'},
          ],
        },
        /once/,
      ],
      [{options: [{date: '2030-02-30', preferred_time: 'Sunset'}]}, /Choose a date/],
    ]
    for (const [body, message] of cases) {
      const response = await decide('r1', {decision: 'propose', ...body})
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(JSON.stringify(await response.json())).toMatch(message)
    }
    for (const body of [
      {decision: 'decline', reason: '   '},
      {decision: 'question', message: ''},
      {decision: 'question', message: 'x'.repeat(2_001)},
      {decision: 'publish'},
      {decision: 'confirm'}, // no revision
    ]) {
      const response = await api('/bookings/r1/decision', body)
      expect(response.status, JSON.stringify(body)).toBe(400)
    }
    expect((await bookings().getDocument('r1'))!._rev).toBe(before!._rev)
    expect(await mailsAbout('r1')).toEqual([])
    // Not the site's origin: refused before anything is read.
    expect(
      (
        await api(
          '/bookings/r1/decision',
          {decision: 'confirm', revision: before!._rev},
          'https://evil.example',
        )
      ).status,
    ).toBe(403)
    expect(
      (await api('/bookings/nope/decision', {decision: 'confirm', revision: 'x'})).status,
    ).toBe(404)
  })

  it('lists the departures a proposal may offer: the rules’ dates with room for the group, not its own', async () => {
    await bookings()
      .transaction()
      .createOrReplace(booking('l1'))
      .createOrReplace(
        booking('l-full', {
          date: '2030-02-12',
          status: 'confirmed',
          pax_adults: 6,
          pax_children: 0,
          pax_total: 6,
        }),
      )
      .commit()
    const response = await app.request(`${ORIGIN}/api/staff/bookings/l1/proposable-dates`, {
      headers: {cookie: `${SESSION_COOKIE}=${cookie}`},
    })
    expect(response.status).toBe(200)
    const {dates} = (await response.json()) as {
      dates: {date: string; preferred_time: string; left: number | null}[]
    }
    const at = (date: string) => dates.filter((d) => d.date === date).map((d) => d.preferred_time)
    expect(dates[0]).toEqual({date: '2030-01-03', preferred_time: 'Morning', left: 8})
    expect(at('2030-01-02')).toEqual([]) // inside the lead time
    expect(at('2030-02-10')).toEqual([]) // a blackout date
    expect(at('2030-02-03')).toEqual(['Morning']) // its own departure left out
    // 6 of 8 taken: too few places for a group of 3; the morning has room.
    expect(at('2030-02-12')).toEqual(['Morning'])
    expect(dates.at(-1)!.date).toBe('2030-04-01')
  })

  it('previews the mail without storing anything', async () => {
    await bookings().createOrReplace(booking('v1'))
    const before = await bookings().getDocument('v1')
    const response = await api('/bookings/v1/decision/preview', {
      decision: 'decline',
      revision: before!._rev,
      reason: 'Fully booked with a school group.',
    })
    expect(response.status).toBe(200)
    const {mail} = (await response.json()) as {mail: {to: string; subject: string; text: string}}
    expect(mail.to).toBe('v1@example.com')
    expect(mail.text).toContain('Fully booked with a school group.')
    expect((await bookings().getDocument('v1'))!._rev).toBe(before!._rev)
    expect(await mailsAbout('v1')).toEqual([])
  })

  it('two staff deciding at once: one wins, the other is told it changed, and one mail is queued', async () => {
    await bookings().createOrReplace(booking('race'))
    const {_rev} = (await bookings().getDocument('race'))!
    const [a, b] = await Promise.all([
      decide('race', {decision: 'decline', reason: 'No guide that day.'}, _rev),
      decide('race', {decision: 'question', message: 'Could you come a day later?'}, _rev),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    const loser = a.status === 409 ? a : b
    expect(await loser.json()).toMatchObject({detail: 'This booking was changed by someone else.'})
    expect(await history('race')).toHaveLength(1)
    expect(await mailsAbout('race')).toHaveLength(1)
  })

  it('a decision sent after a colleague’s, with the revision its preview was built from, is refused and stores nothing', async () => {
    await bookings().createOrReplace(booking('stale'))
    const seen = (await bookings().getDocument('stale'))!._rev
    expect(
      (
        await api('/bookings/stale/decision/preview', {
          revision: seen,
          decision: 'confirm',
          message: '',
        })
      ).status,
    ).toBe(200)
    // The owner declines meanwhile; then the first person sends what they previewed.
    expect(
      (await decide('stale', {decision: 'decline', reason: 'No guide that day.'})).status,
    ).toBe(200)
    const late = await decide('stale', {decision: 'confirm', message: ''}, seen)
    expect(late.status).toBe(409)
    const body = (await late.json()) as {detail: string; booking: {status: string}}
    expect(body).toMatchObject({
      status: 409,
      detail: 'This booking was changed by someone else.',
      booking: {status: 'declined'},
    })
    expect((await history('stale')).map((entry) => entry.action)).toEqual(['decline'])
    expect(await mailsAbout('stale')).toHaveLength(1)
  })

  it('SMTP down while staff decide: the decision is stored at once and its mail arrives once when SMTP is back', async () => {
    await bookings().createOrReplace(booking('o1'))
    expect((await decide('o1', {decision: 'question', message: 'Any allergies?'})).status).toBe(200)
    expect((await bookings().getDocument('o1'))!.status).toBe('contacted')
    const port = await freePort()
    // The decision was queued at the API's clock (NOW); the outbox runs on the same one.
    let clock = NOW.getTime()
    const outbox = createOutbox({
      bookings: bookings(),
      transport: smtpTransport(`smtp://127.0.0.1:${port}`),
      from: 'fallback@example.com',
      now: () => clock,
      onError: () => {},
    })
    const [mail] = await mailsAbout('o1')
    expect(await outbox.sendAbout('o1')).toMatchObject({sent: 0, pending: 1})
    expect((await bookings().getDocument(outboxMailId(mail!.mail_id)))!.status).toBe('pending')
    const smtp = await startSmtpListener(port)
    try {
      clock += 10 * 60_000
      expect(await outbox.sendAbout('o1')).toMatchObject({sent: 1, pending: 0})
      clock += 10 * 60_000
      expect(await outbox.sendAbout('o1')).toMatchObject({sent: 0, pending: 0})
      expect(smtp.received).toHaveLength(1)
      expect(smtp.received[0]!.to).toEqual(['o1@example.com'])
      expect(smtp.received[0]!.from).toBe('hello@capecurated.example')
      expect(smtp.received[0]!.raw).toContain('Any allergies?')
    } finally {
      await smtp.close()
    }
  })
})

describe('a change and its activity entry', () => {
  it('are stored together or not at all: when the entry cannot be stored, neither is the change', async () => {
    // An entry whose id is taken makes the lake refuse the transaction it rides in.
    const taken = {
      _id: 'staffActivity.taken',
      _type: 'staffActivity' as const,
      summary: 'here first',
    }
    const owner = {
      id: 'staffMember.atomic-owner',
      name: 'Pat Owner',
      email: null,
      role: 'owner' as const,
    }
    await bookings()
      .transaction()
      .createOrReplace(taken)
      .createOrReplace(booking('t1'))
      .createOrReplace(
        staffMemberDocument({
          _id: 'staffMember.atomic-guide',
          name: 'Sam Guide',
          email: 'sam.guide@team.example',
          role: 'guide',
          password: PASSWORD,
          now: NOW,
        }),
      )
      .createOrReplace({
        _id: outboxMailId('t1-declined'),
        _type: OUTBOX_MAIL_TYPE,
        mail_id: 't1-declined',
        about: 't1',
        to: 't1@example.com',
        subject: 'About your request',
        text: 'Sorry.',
        html: '<p>Sorry.</p>',
        status: 'failed',
        attempts: 9,
        queued_at: NOW.toISOString(),
        next_attempt_at: NOW.toISOString(),
      })
      .commit()
    const entries = () => bookings().fetch<number>('count(*[_type == "staffActivity"])')
    const before = await entries()
    const deps: StaffDeps = {
      client: bookings(),
      content: lake.client({perspective: 'published'}),
      now: () => NOW,
      activity: () => taken,
    }
    const by = {name: owner.name, id: owner.id}
    const revision = async () => (await bookings().getDocument('t1'))!._rev

    const results = [
      await changeStatus(deps, 't1', {status: 'contacted', revision: await revision()}, by),
      await changeStatus(deps, 't1', {status: 'confirmed', revision: await revision()}, by),
      await saveStaffNotes(deps, 't1', {notes: 'Call after five.', revision: await revision()}, by),
      await decideBooking(
        deps,
        decisions,
        't1',
        {decision: 'decline', reason: 'Closed.', revision: await revision()},
        by,
      ),
      await decideBooking(
        deps,
        decisions,
        't1',
        {decision: 'confirm', revision: await revision()},
        by,
      ),
      await resendBookingMail(deps, 't1', 't1-declined'),
      await changePerson(
        bookings(),
        'staffMember.atomic-guide',
        {role: 'staff'},
        owner,
        NOW,
        deps.activity,
      ),
    ]
    // Refused as a change that lost a race (409), or, for a confirmation after its retries, as busy.
    expect(results.map((result) => result.status)).not.toContain(200)
    const t1 = await bookings().getDocument('t1')
    expect(t1).toMatchObject({status: 'new'})
    expect(t1!.staff_notes).toBeUndefined()
    expect(t1!.status_history).toBeUndefined()
    expect(await mailsAbout('t1')).toHaveLength(1)
    expect((await bookings().getDocument(outboxMailId('t1-declined')))!.status).toBe('failed')
    expect((await bookings().getDocument('staffMember.atomic-guide'))!.role).toBe('guide')
    expect(await entries()).toBe(before)

    // With an entry that can be stored, each change and its entry arrive together.
    const stored: StaffDeps = {
      ...deps,
      activity: () => ({
        _id: `staffActivity.ok-${Math.random().toString(36).slice(2)}`,
        _type: 'staffActivity',
        bookingId: 't1',
      }),
    }
    expect(
      (await changeStatus(stored, 't1', {status: 'contacted', revision: await revision()}, by))
        .status,
    ).toBe(200)
    expect((await resendBookingMail(stored, 't1', 't1-declined')).status).toBe(200)
    expect(await entries()).toBe(before + 2)
  })
})

/**
 * The booking desk through the staff API on the real lake (booking-desk.ts, decision 234): a phone booking, a change
 * of group size or date, a message to a departure; who may; bad input stores nothing; the mails on a real SMTP
 * listener; and a staff edit of group size racing a confirmation of a traveller's request for the last place.
 */
import type {SanityClient} from '@sanity/client'
import {Hono} from 'hono'
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'

import {DESK_CONSENT_TEXT} from '@repo/schemas/consent-texts.ts'
import {DESK_CONSENT_MESSAGE} from '@repo/schemas/booking-desk.ts'
import type {StatusHistoryEntry} from '@repo/schemas/request-decisions.ts'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {createOutbox, OUTBOX_MAIL_TYPE, smtpTransport} from '../lib/mailer.ts'
import {ownOrigins} from '../lib/own-origins.ts'
import {startSmtpListener} from '../lib/testing/smtp-listener.ts'
import {hashPassword} from './admin-password.ts'
import {createStaffRoutes} from './create-staff-routes.ts'
import {departureSnapshotQuery} from './departure-queries.ts'
import {deskSnapshotQuery} from './queries/desk-snapshot-query.ts'
import {staffMemberDocument} from './staff-accounts.ts'
import {SESSION_COOKIE} from './staff-session.ts'
import {testDecisionDeps} from './testing/decision-deps.ts'

const ORIGIN = 'http://site.test'
const PASSWORD = 'correct horse battery'
const SLUG = 'lions-head-sunset-hike'
const NOW = new Date('2030-01-01T10:00:00Z')

let lake: TestLake
let app: Hono
const cookies: Record<'owner' | 'staff' | 'guide', string> = {owner: '', staff: '', guide: ''}

const bookings = () => lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})

/**
 * What the race tests change in the staff API's client: `barrier` holds the first `n` snapshot reads of a departure
 * until all `n` have read, so every racer counts the same places before anyone writes (as over a real network,
 * whatever the machine's load); `lockRemoved` drops the departure lock's change from every transaction, to show
 * the lock is what keeps the places (without it the same race oversells).
 */
const race = {barrier: null as null | {n: number; waiting: (() => void)[]}, lockRemoved: false}

const SNAPSHOTS = new Set<string>([departureSnapshotQuery, deskSnapshotQuery])

function racingClient(client: SanityClient): SanityClient {
  const withoutLock = (transaction: object): object =>
    new Proxy(transaction, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown
        if (typeof value !== 'function') return value
        return (...args: unknown[]) => {
          if (race.lockRemoved && property === 'patch' && String(args[0]).startsWith('departure-'))
            return receiver
          if (
            race.lockRemoved &&
            property === 'create' &&
            (args[0] as {_type?: string})._type === 'departure'
          )
            return receiver
          const result = (value as (...a: unknown[]) => unknown).apply(target, args)
          return result === target ? receiver : result
        }
      },
    })
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'fetch')
        return async (query: string, ...rest: unknown[]) => {
          const result = await (target.fetch as (...args: unknown[]) => Promise<unknown>)(
            query,
            ...rest,
          )
          const barrier = race.barrier
          if (barrier && SNAPSHOTS.has(query)) {
            if (barrier.waiting.length + 1 >= barrier.n) {
              race.barrier = null
              for (const release of barrier.waiting) release()
            } else await new Promise<void>((resolve) => barrier.waiting.push(resolve))
          }
          return result
        }
      if (property === 'transaction') return () => withoutLock(target.transaction())
      const value = Reflect.get(target, property, receiver)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

const api = (who: keyof typeof cookies, method: string, path: string, body?: unknown) =>
  app.request(`${ORIGIN}/api/staff${path}`, {
    method,
    headers: {
      'cookie': `${SESSION_COOKIE}=${cookies[who]}`,
      'origin': ORIGIN,
      'content-type': 'application/json',
    },
    ...(body === undefined ? {} : {body: JSON.stringify(body)}),
  })

const phoneBooking = (extra: Record<string, unknown> = {}) => ({
  experienceId: SLUG,
  date: '2030-02-03',
  preferredTime: 'Sunset',
  adults: 2,
  children: 0,
  name: 'Pieter van Wyk',
  email: 'pieter@example.com',
  phone: '+27 82 555 0101',
  language: 'nl',
  consentByPhone: true,
  tellTraveller: true,
  ...extra,
})

const countOf = (filter: string, params: Record<string, unknown> = {}) =>
  bookings().fetch<number>(`count(*[${filter}])`, params)

const takenOn = (date: string) =>
  bookings().fetch<number>(
    'math::sum(*[_type == "booking" && experience_id == $slug && date == $date && status == "confirmed"].pax_total)',
    {slug: SLUG, date},
  )

const mailsAbout = (id: string) =>
  bookings().fetch<{mail_id: string; to: string; subject: string; text: string; calendar?: unknown}[]>(
    `*[_type == "${OUTBOX_MAIL_TYPE}" && about == $id] | order(queued_at asc, mail_id asc)`,
    {id},
  )

async function signIn(email: string) {
  const response = await app.request(`${ORIGIN}/api/staff/session`, {
    method: 'POST',
    headers: {'origin': ORIGIN, 'content-type': 'application/json'},
    body: JSON.stringify({email, password: PASSWORD}),
  })
  expect(response.status).toBe(200)
  return /staff_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')![1]!
}

function confirmedBooking(id: string, date: string, pax: number, status = 'confirmed') {
  return {
    _id: id,
    _type: 'booking',
    booking_ref: `CTE-${id.toUpperCase()}`,
    status,
    created_at: '2029-12-20T08:00:00.000Z',
    experience_id: SLUG,
    experience_title: 'Lion’s Head Sunset Hike',
    date,
    preferred_time: 'Sunset',
    pax_adults: pax,
    pax_children: 0,
    pax_total: pax,
    name: `Traveller ${id}`,
    email: `${id}@example.com`,
    status_history: [
      {_key: 'c1', _type: 'statusChange', status, at: '2029-12-20T08:00:00.000Z', by: 'website'},
    ],
  }
}

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
      timeSlots: ['Sunset'],
      leadTimeDays: 2,
      capacity: 8,
    })
    .commit()
  const content = lake.client({perspective: 'published'})
  app = new Hono()
  app.route(
    '/api/staff',
    createStaffRoutes({
      ownOrigins: ownOrigins(ORIGIN),
      client: racingClient(bookings()),
      content,
      now: () => NOW,
      bootstrapPassword: hashPassword(PASSWORD),
      decisions: testDecisionDeps(content, () => NOW),
      listen: async () => {},
    }),
  )
  const owner = await app.request(`${ORIGIN}/api/staff/session`, {
    method: 'POST',
    headers: {'origin': ORIGIN, 'content-type': 'application/json'},
    body: JSON.stringify({password: PASSWORD}),
  })
  cookies.owner = /staff_session=([^;]+)/.exec(owner.headers.get('set-cookie') ?? '')![1]!
  const people = {
    staff: staffMemberDocument({
      name: 'Sipho Desk',
      email: 'sipho@team.example',
      role: 'staff',
      password: PASSWORD,
      now: NOW,
    }),
    guide: staffMemberDocument({
      name: 'Gus Guide',
      email: 'gus@team.example',
      role: 'guide',
      password: PASSWORD,
      now: NOW,
    }),
  }
  await bookings()
    .transaction()
    .createOrReplace(people.staff)
    .createOrReplace(people.guide)
    .commit()
  cookies.staff = await signIn(people.staff.email)
  cookies.guide = await signIn(people.guide.email)
}, 60_000)

afterAll(async () => {
  await lake?.stop()
})

beforeEach(() => {
  race.barrier = null
  race.lockRemoved = false
})

describe('the booking desk', () => {
  it('staff book a phone guest: confirmed within the places, source staff, language and consent recorded, the person named in the history and the activity log', async () => {
    const response = await api('staff', 'POST', '/bookings', phoneBooking())
    expect(response.status, await response.clone().text()).toBe(201)
    const {booking} = (await response.json()) as {booking: Record<string, any>}
    const stored = await bookings().getDocument(booking._id)
    expect(stored).toMatchObject({
      status: 'confirmed',
      source: 'staff',
      language: 'nl',
      pax_total: 2,
      name: 'Pieter van Wyk',
      phone: '+27 82 555 0101',
    })
    expect(stored!.consent_record.checkboxes).toEqual([
      {_key: 'deskByPhone', key: 'deskByPhone', text: DESK_CONSENT_TEXT},
    ])
    const [entry] = stored!.status_history as StatusHistoryEntry[]
    expect(entry).toMatchObject({status: 'confirmed', action: 'desk-created', by: 'Sipho Desk'})
    expect(entry!.by_id).toMatch(/^staffMember\./)
    const activity = await bookings().fetch<{summary: string; personName: string}[]>(
      '*[_type == "staffActivity" && bookingId == $id]',
      {id: booking._id},
    )
    expect(activity).toHaveLength(1)
    expect(activity[0]).toMatchObject({
      personName: 'Sipho Desk',
      summary: `Booked 2 adults on ${SLUG} for Sunday 3 February 2030 at the desk`,
    })
    const [mail] = await mailsAbout(booking._id)
    expect(mail).toMatchObject({to: 'pieter@example.com'})
    expect(mail!.subject).toContain('Confirmed')
    expect(mail!.calendar).toBeTruthy()
  })

  it('a guide gets 403 for every desk route, and nothing is stored', async () => {
    const before = await countOf('_type == "booking"')
    expect((await api('guide', 'POST', '/bookings', phoneBooking())).status).toBe(403)
    await bookings().createOrReplace(confirmedBooking('guarded', '2030-02-04', 2))
    const current = await bookings().getDocument('guarded')
    expect(
      (
        await api('guide', 'PATCH', '/bookings/guarded/trip', {
          revision: current!._rev,
          date: '2030-02-04',
          preferredTime: 'Sunset',
          adults: 3,
          children: 0,
        })
      ).status,
    ).toBe(403)
    expect(
      (
        await api('guide', 'POST', '/departures/message', {
          experience: SLUG,
          date: '2030-02-04',
          message: 'The meeting point moved to Quay 6.',
        })
      ).status,
    ).toBe(403)
    expect(await countOf('_type == "booking"')).toBe(before + 1)
    expect((await bookings().getDocument('guarded'))!._rev).toBe(current!._rev)
    expect(await countOf(`_type == "${OUTBOX_MAIL_TYPE}" && about == "guarded"`)).toBe(0)
  })

  it('bad input gets a clear 400 and stores nothing: no consent, no contact, a past date, no such time, beyond the places', async () => {
    const before = await countOf('_type in ["booking", "staffActivity", "outboxMail"]')
    const refused = async (body: Record<string, unknown>, field: string, status = 400) => {
      const response = await api('staff', 'POST', '/bookings', phoneBooking(body))
      expect(response.status, field).toBe(status)
      return (await response.json()) as {detail: string; fieldErrors?: Record<string, string[]>}
    }
    expect((await refused({consentByPhone: false}, 'consent')).fieldErrors?.consentByPhone).toEqual([
      DESK_CONSENT_MESSAGE,
    ])
    expect((await refused({email: '', phone: ''}, 'contact')).fieldErrors?.email?.[0]).toMatch(
      /email address or a phone number/,
    )
    expect((await refused({date: '2029-12-31'}, 'date')).fieldErrors?.date?.[0]).toMatch(/today or a date ahead/)
    expect((await refused({preferredTime: 'Dawn'}, 'time')).fieldErrors?.preferredTime).toBeTruthy()
    expect((await refused({language: 'Dutch!'}, 'language')).fieldErrors?.language).toBeTruthy()
    const full = await refused({date: '2030-02-20', adults: 9}, 'places', 409)
    expect(full.detail).toMatch(/places left|Fully booked/)
    expect(await countOf('_type in ["booking", "staffActivity", "outboxMail"]')).toBe(before)
  })

  it('changes a confirmed booking’s group size within the places, tells the traveller with the same calendar event (higher SEQUENCE), and refuses beyond them', async () => {
    const date = '2030-02-06'
    await bookings()
      .transaction()
      .createOrReplace(confirmedBooking('other', date, 5))
      .createOrReplace(confirmedBooking('grow', date, 2))
      .commit()
    const change = async (adults: number, extra: Record<string, unknown> = {}) => {
      const current = await bookings().getDocument('grow')
      return api('staff', 'PATCH', '/bookings/grow/trip', {
        revision: current!._rev,
        date,
        preferredTime: 'Sunset',
        adults,
        children: 0,
        ...extra,
      })
    }
    // 8 places: 5 taken by another booking, so this group of 2 may grow to 3, not to 4.
    const tooMany = await change(4)
    expect(tooMany.status).toBe(409)
    expect(((await tooMany.json()) as {detail: string}).detail).toMatch(/^Only 3 places left on this date/)
    expect((await bookings().getDocument('grow'))!.pax_total).toBe(2)
    expect(await mailsAbout('grow')).toHaveLength(0)

    expect((await change(3)).status).toBe(200)
    const stored = await bookings().getDocument('grow')
    expect(stored).toMatchObject({pax_total: 3, pax_adults: 3, status: 'confirmed'})
    expect((stored!.status_history as StatusHistoryEntry[]).at(-1)).toMatchObject({
      action: 'desk-changed',
      by: 'Sipho Desk',
      note: 'Was 2030-02-06 Sunset, 2+0.',
    })
    expect(await takenOn(date)).toBe(8)
    const [mail] = await mailsAbout('grow')
    expect(mail!.subject).toContain('Changed')
    expect(mail!.text).toContain('3 adults')
    const ics = String(mail!.calendar)
    expect(ics).toContain('UID:booking-grow@site.test')
    expect(ics).toContain('SEQUENCE:1')

    // Unticked "Tell the traveller": changed and recorded, nothing mailed.
    expect((await change(1, {tellTraveller: false})).status).toBe(200)
    expect(await mailsAbout('grow')).toHaveLength(1)
    expect((await bookings().getDocument('grow'))!.status_history.at(-1).note).toContain(
      'not mailed',
    )
  })

  it('a staff edit of group size racing a confirmation of a traveller’s request for the last place: one wins; with the lock removed the same race oversells', async () => {
    const raceOnce = async (date: string) => {
      await bookings()
        .transaction()
        .createOrReplace(confirmedBooking(`base-${date}`, date, 5))
        .createOrReplace(confirmedBooking(`desk-${date}`, date, 2))
        .createOrReplace(confirmedBooking(`request-${date}`, date, 1, 'new'))
        .commit()
      const desk = await bookings().getDocument(`desk-${date}`)
      const request = await bookings().getDocument(`request-${date}`)
      race.barrier = {n: 2, waiting: []}
      const [edit, confirm] = await Promise.all([
        api('staff', 'PATCH', `/bookings/desk-${date}/trip`, {
          revision: desk!._rev,
          date,
          preferredTime: 'Sunset',
          adults: 3,
          children: 0,
        }),
        api('owner', 'PATCH', `/bookings/request-${date}/status`, {
          status: 'confirmed',
          revision: request!._rev,
        }),
      ])
      return {statuses: [edit.status, confirm.status].sort(), taken: await takenOn(date)}
    }

    const locked = await raceOnce('2030-03-02')
    expect(locked.statuses).toEqual([200, 409])
    expect(locked.taken).toBe(8)

    race.lockRemoved = true
    const unlocked = await raceOnce('2030-03-03')
    expect(unlocked.statuses).toEqual([200, 200])
    expect(unlocked.taken).toBe(9)
  })

  it('moves a booking to another date through the places of the new date', async () => {
    await bookings()
      .transaction()
      .createOrReplace(confirmedBooking('full-day', '2030-02-12', 8))
      .createOrReplace(confirmedBooking('mover', '2030-02-11', 2))
      .commit()
    const move = async (date: string) =>
      api('staff', 'PATCH', '/bookings/mover/trip', {
        revision: (await bookings().getDocument('mover'))!._rev,
        date,
        preferredTime: 'Sunset',
        adults: 2,
        children: 0,
      })
    expect((await move('2030-02-12')).status).toBe(409)
    expect((await move('2030-02-13')).status).toBe(200)
    expect(await takenOn('2030-02-11')).toBe(0)
    expect(await takenOn('2030-02-13')).toBe(2)
  })

  it('messages everyone on a departure from the editors’ template: each booking’s history names the person, each mail arrives once on the SMTP listener', async () => {
    const date = '2030-02-15'
    await bookings()
      .transaction()
      .createOrReplace(confirmedBooking('m1', date, 2))
      .createOrReplace(confirmedBooking('m2', date, 1, 'new'))
      .createOrReplace({...confirmedBooking('m3', date, 1, 'declined')})
      .commit()
    const empty = await api('staff', 'POST', '/departures/message', {
      experience: SLUG,
      date,
      message: '   ',
    })
    expect(empty.status).toBe(400)
    expect(await mailsAbout('m1')).toHaveLength(0)

    const sent = await api('staff', 'POST', '/departures/message', {
      experience: SLUG,
      date,
      message: 'The meeting point moved to Quay 6.',
    })
    expect(sent.status).toBe(200)
    expect(await sent.json()).toEqual({told: 2})
    for (const id of ['m1', 'm2']) {
      const entry = ((await bookings().getDocument(id))!.status_history as StatusHistoryEntry[]).at(-1)
      expect(entry).toMatchObject({
        action: 'departure-message',
        by: 'Sipho Desk',
        message: 'The meeting point moved to Quay 6.',
      })
    }
    expect(await mailsAbout('m3')).toHaveLength(0)

    const smtp = await startSmtpListener()
    try {
      const outboxes = [1, 2].map((n) =>
        createOutbox({
          bookings: bookings(),
          transport: smtpTransport(smtp.url),
          from: 'fallback@example.com',
          server: `server-${n}`,
          now: () => NOW.getTime(),
          onError: () => {},
        }),
      )
      // Two servers send at once: each mail goes out once.
      await Promise.all(outboxes.flatMap((outbox) => ['m1', 'm2'].map((id) => outbox.sendAbout(id))))
      await Promise.all(outboxes.flatMap((outbox) => ['m1', 'm2'].map((id) => outbox.sendAbout(id))))
      expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual([
        'm1@example.com',
        'm2@example.com',
      ])
      expect(smtp.received[0]!.raw).toContain('Quay 6')
      expect(smtp.received[0]!.raw).toContain('A message from the team about')
    } finally {
      await smtp.close()
    }
  })
})

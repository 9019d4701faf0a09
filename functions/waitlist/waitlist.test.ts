import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {
  confirmationCheck,
  departureLockId,
  departuresOn,
  resolveBookingRules,
  type BookingLoad,
} from '@repo/schemas/capacity.ts'
import {departureSnapshotQuery} from '../staff/departure-queries.ts'
import {bookingRulesQuery} from '@repo/schemas/booking-rules-query.ts'
import {departureLoadsQuery, loadDepartureCounts} from '../lib/departure-loads.ts'
import {departuresToCsv, loadDepartures} from '../staff/departures-view.ts'
import {answerCancellation} from '../traveller-request/departure-choice.ts'
import {travellerView} from '../traveller-request/request-view.ts'
import {acceptProposal} from '../traveller-request/accept-proposal.ts'
import {decideBooking} from '../staff/decide-booking.ts'
import {todayInCapeTown} from '@repo/schemas/iso-date.ts'
import {smtpTransport} from '../lib/mailer.ts'
import {createRateLimiter} from '../lib/rate-limit.ts'
import {requestLinkToken} from '../lib/request-link.ts'
import {TEST_SITE as SITE, testSiteServer} from '../testing/site-server.ts'
import {startSmtpListener} from '../lib/testing/smtp-listener.ts'
import {sunsetCruiseContent} from '../lib/testing/sunset-cruise.ts'
import {joinWaitlist, waitlistEntryId} from './join-waitlist.ts'
import {offerWaitlistPlaces} from './offer-places.ts'
import {listWaitlist} from '../staff/staff-waitlist.ts'
import {takeOffer, waitlistBookingId} from './take-offer.ts'
import type {WaitlistDeps, WaitlistEntry} from './waitlist-deps.ts'
import {createWaitlistLinks} from './waitlist-links.ts'
import {cancelDeparture} from '../staff/cancel-departure.ts'
import type {StaffDeps} from '../staff/staff-deps.ts'
import {testDecisionDeps} from '../staff/testing/decision-deps.ts'

/**
 * The waitlist against the real lake and a real SMTP listener: offers made by several runners at once, holds that
 * lapse, parties that do not fit, and what the join form and the offer pages refuse.
 */

const SECRET = 'w'.repeat(32)
const DATE = '2026-12-10'
const NOW = new Date('2026-11-26T08:00:00Z')
const HOUR = 3_600_000

let lake: TestLake
let smtp: Awaited<ReturnType<typeof startSmtpListener>>

beforeEach(async () => {
  lake = await startTestLake()
  smtp = await startSmtpListener()
  const content = lake.client({token: lake.secrets.writeToken})
  await content
    .transaction(
      sunsetCruiseContent({waitlistHoldHours: 24}).map((doc) => ({createOrReplace: doc})),
    )
    .commit({visibility: 'sync'})
  // Full: 4 + 2 confirmed of 6 places.
  await bookingsClient()
    .transaction()
    .createOrReplace(booking('big', 'confirmed', 4))
    .createOrReplace(booking('pair', 'confirmed', 2))
    .commit({visibility: 'sync'})
})
afterEach(async () => {
  await smtp.close()
  await lake.stop()
})

const bookingsClient = () => lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})

function booking(id: string, status: string, pax: number) {
  return {
    _id: `booking-${id}`,
    _type: 'booking',
    booking_ref: `CTE-${id.toUpperCase()}`,
    status,
    experience_id: 'sunset-cruise',
    experience_title: 'Sunset Cruise',
    date: DATE,
    preferred_time: '',
    pax_adults: pax,
    pax_children: 0,
    pax_total: pax,
    name: `Traveller ${id}`,
    email: `${id}@example.com`,
    created_at: '2026-11-01T08:00:00Z',
  }
}

/** One site server's view: its own clients and outbox; nothing shared with another but the lake. */
const server = (name: string, now: Date = NOW): WaitlistDeps =>
  testSiteServer(lake, {name, transport: smtpTransport(smtp.url), secret: SECRET, now: () => now})

/** An entry in line, as the join form stores it. */
async function waiting(id: string, pax: number, joinedAt: string) {
  const entry = {
    _id: `waitlist-${id}`,
    _type: 'waitlistEntry',
    state: 'waiting',
    experience_id: 'sunset-cruise',
    experience_title: 'Sunset Cruise',
    date: DATE,
    preferred_time: '',
    pax_adults: pax,
    pax_children: 0,
    pax_total: pax,
    name: `Waiting ${id}`,
    email: `${id}@example.com`,
    joined_at: joinedAt,
  }
  await bookingsClient().create(entry, {visibility: 'sync'})
}

const entry = (id: string) =>
  bookingsClient().fetch<WaitlistEntry>('*[_id == $id][0]', {id: `waitlist-${id}`})

async function placesLeft(): Promise<number> {
  const rules = resolveBookingRules(
    await lake
      .client({token: lake.secrets.writeToken})
      .fetch(bookingRulesQuery, {id: 'experience-sunset-cruise'}),
  )
  const counts = await loadDepartureCounts(bookingsClient(), rules, {
    experience: 'sunset-cruise',
    from: DATE,
    to: DATE,
  })
  return departuresOn(rules, DATE, counts)[0]!.left
}

const offersTo = () =>
  smtp.received
    .filter((mail) => mail.raw.includes('Subject: Places for you'))
    .map((mail) => mail.to.join(','))

const freePair = () =>
  bookingsClient().patch('booking-pair').set({status: 'closed'}).commit({visibility: 'sync'})

describe('offers when places free up', () => {
  it('two runners at once offer the freed places once, to the first in line, and never over-sell', async () => {
    await waiting('first', 2, '2026-11-20T08:00:00Z')
    await waiting('second', 2, '2026-11-21T08:00:00Z')
    expect(await placesLeft()).toBe(0)
    // Nothing is free: the job offers nothing.
    expect((await offerWaitlistPlaces(server('a'), NOW)).offered).toBe(0)

    await freePair()
    expect(await placesLeft()).toBe(2)
    const servers = ['a', 'b', 'c', 'd'].map((name) => server(name))
    const runs = await Promise.all(servers.map((deps) => offerWaitlistPlaces(deps, NOW)))
    // And again, on every server, as the timer would.
    await Promise.all(servers.map((deps) => offerWaitlistPlaces(deps, NOW)))
    await Promise.all(servers.map((deps) => deps.outbox.flush()))

    expect(runs.reduce((sum, run) => sum + run.offered, 0)).toBe(1)
    expect((await entry('first')).state).toBe('offered')
    expect((await entry('second')).state).toBe('waiting')
    expect(offersTo()).toEqual(['first@example.com'])
    // The held places are taken: nobody else can ask for them.
    expect(await placesLeft()).toBe(0)
    const raw = smtp.received
      .find((mail) => mail.to.includes('first@example.com'))!
      .raw.replace(/=\r?\n/g, '')
    expect(raw).toContain('Sunset Cruise on Thursday 10 December 2026')
    expect(raw).toContain('until 27 November 2026, 10:00 SAST')
    expect(raw).toContain(`${SITE}/waitlist/offers/`)
    expect(raw).toContain(`${SITE}/waitlist/leave/`)
  })

  it('a hold that lapses frees its places, and the next in line is offered them', async () => {
    await waiting('first', 2, '2026-11-20T08:00:00Z')
    await waiting('second', 2, '2026-11-21T08:00:00Z')
    await freePair()
    await offerWaitlistPlaces(server('a'), NOW)
    // An hour before the hold ends, nothing changes.
    const early = await offerWaitlistPlaces(server('a'), new Date(NOW.getTime() + 23 * HOUR))
    expect(early).toEqual({lapsed: 0, offered: 0, lostRaces: 0})

    const later = new Date(NOW.getTime() + 25 * HOUR)
    const runs = await Promise.all(
      ['a', 'b', 'c'].map((name) => offerWaitlistPlaces(server(name, later), later)),
    )
    expect(runs.reduce((sum, run) => sum + run.lapsed, 0)).toBe(1)
    expect(runs.reduce((sum, run) => sum + run.offered, 0)).toBe(1)
    await server('a').outbox.flush()
    expect((await entry('first')).state).toBe('lapsed')
    expect((await entry('second')).state).toBe('offered')
    expect(offersTo().sort()).toEqual(['first@example.com', 'second@example.com'])
    expect(await placesLeft()).toBe(0)
    // The first's link no longer takes anything.
    expect(await takeOffer(server('a', later), 'waitlist-first')).toEqual({
      ok: false,
      reason: 'lapsed',
    })
  })

  it('loses to a staff confirmation that takes the places between its count and its offer', async () => {
    await waiting('first', 2, '2026-11-20T08:00:00Z')
    await freePair()
    await bookingsClient().create(booking('late', 'new', 2), {visibility: 'sync'})
    const deps = server('a')
    const real = deps.bookings
    let raced = false
    // Staff confirm the late request, with its departure's lock (schemas/src/confirm-within-places.ts), just after
    // the runner counted the places.
    const racing = new Proxy(real, {
      get(target, name, receiver) {
        if (name !== 'fetch') {
          const value: unknown = Reflect.get(target, name, receiver)
          return typeof value === 'function' ? value.bind(target) : value
        }
        return async (query: string, params?: Record<string, unknown>) => {
          const answer = await target.fetch(query, params ?? {})
          if (query === departureLoadsQuery && !raced) {
            raced = true
            await target
              .transaction()
              .createOrReplace({
                _id: departureLockId('sunset-cruise', DATE),
                _type: 'departure',
                last_change: 'booking-late',
              })
              .patch('booking-late', (p) => p.set({status: 'confirmed'}))
              .commit({visibility: 'sync'})
          }
          return answer
        }
      },
    })
    const run = await offerWaitlistPlaces({...deps, bookings: racing}, NOW)
    expect(raced).toBe(true)
    expect(run).toMatchObject({offered: 0, lostRaces: 1})
    expect((await entry('first')).state).toBe('waiting')
    expect(await placesLeft()).toBe(0)
    // The next run counts afresh: nothing is free.
    expect((await offerWaitlistPlaces(server('a'), NOW)).offered).toBe(0)
  })

  it('passes over a party that does not fit for a later one that does', async () => {
    await waiting('four', 4, '2026-11-20T08:00:00Z')
    await waiting('two', 2, '2026-11-21T08:00:00Z')
    await freePair()
    expect((await offerWaitlistPlaces(server('a'), NOW)).offered).toBe(1)
    await server('a').outbox.flush()
    expect((await entry('four')).state).toBe('waiting')
    expect((await entry('two')).state).toBe('offered')
    expect(offersTo()).toEqual(['two@example.com'])
  })

  it('offers the places a raised capacity adds', async () => {
    await waiting('first', 2, '2026-11-20T08:00:00Z')
    expect((await offerWaitlistPlaces(server('a'), NOW)).offered).toBe(0)
    await lake
      .client({token: lake.secrets.writeToken})
      .patch('settings-sunset-cruise')
      .set({capacity: 8})
      .commit({visibility: 'sync'})
    expect((await offerWaitlistPlaces(server('a'), NOW)).offered).toBe(1)
  })

  it('taking the offer makes one booking request that keeps holding the places', async () => {
    await waiting('first', 2, '2026-11-20T08:00:00Z')
    await freePair()
    await offerWaitlistPlaces(server('a'), NOW)
    const content = lake.client({token: lake.secrets.writeToken})
    const [offeredRow] = await loadDepartures(
      {client: bookingsClient(), content, now: () => NOW},
      {from: DATE, to: DATE},
    )
    expect(offeredRow).toMatchObject({taken: 6, left: 0})
    const taken = await Promise.all(
      ['a', 'b'].map((name) => takeOffer(server(name), 'waitlist-first')),
    )
    expect(taken.filter((t) => t.ok)).toHaveLength(1)
    expect(taken.find((t) => !t.ok)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/taken|changed/),
    })
    const stored = await bookingsClient().fetch(
      '*[_type == "booking" && waitlist_entry == "waitlist-first"]',
    )
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({
      _id: waitlistBookingId('waitlist-first'),
      status: 'new',
      pax_total: 2,
      email: 'first@example.com',
    })
    expect((await entry('first')).state).toBe('booked')
    expect(await placesLeft()).toBe(0)
    // Staff see the same numbers in the departures view.
    const [row] = await loadDepartures(
      {
        client: bookingsClient(),
        content: lake.client({token: lake.secrets.writeToken}),
        now: () => NOW,
      },
      {from: DATE, to: DATE},
    )
    expect(row).toMatchObject({taken: 6, requested: 0, left: 0})
    // Declined by staff, the request lets the places go, for the next run to offer.
    await bookingsClient()
      .patch(waitlistBookingId('waitlist-first'))
      .set({status: 'declined'})
      .commit({visibility: 'sync'})
    expect(await placesLeft()).toBe(2)
  })
})

describe('every confirmation counts held places', () => {
  const snapshots = [['the staff API', departureSnapshotQuery]] as const
  it.each(snapshots)(
    '%s refuses to confirm another request into held places, and confirms the held one',
    async (_who, query) => {
      await waiting('first', 2, '2026-11-20T08:00:00Z')
      await freePair()
      await bookingsClient().create(booking('late', 'new', 2), {visibility: 'sync'})
      await offerWaitlistPlaces(server('a'), NOW)
      const rules = resolveBookingRules(
        await lake
          .client({token: lake.secrets.writeToken})
          .fetch(bookingRulesQuery, {id: 'experience-sunset-cruise'}),
      )
      const check = async (id: string) => {
        const {loads} = await bookingsClient().fetch<{loads: BookingLoad[]}>(query, {
          id,
          draftId: `drafts.${id}`,
          lockId: departureLockId('sunset-cruise', DATE),
          experience: 'sunset-cruise',
          date: DATE,
          statuses: ['new', 'contacted', 'confirmed'],
          self: id,
        })
        return confirmationCheck(rules, {date: DATE, preferredTime: '', pax: 2}, loads).over
      }
      expect(await check('booking-late')).toBe(true)
      await takeOffer(server('a'), 'waitlist-first')
      expect(await check('booking-late')).toBe(true)
      expect(await check(waitlistBookingId('waitlist-first'))).toBe(false)
    },
  )
})

describe('the staff’s list', () => {
  const list = (query: string) =>
    listWaitlist({client: bookingsClient()}, new URLSearchParams(query))

  it('lists everyone waiting in the dates, in line order, with the request an offer became', async () => {
    await waiting('second', 2, '2026-11-21T08:00:00Z')
    await waiting('first', 2, '2026-11-20T08:00:00Z')
    await freePair()
    await offerWaitlistPlaces(server('a'), NOW)
    await takeOffer(server('a'), 'waitlist-first')
    const answer = await list(`from=${DATE}&to=${DATE}`)
    expect(answer.status).toBe(200)
    const {entries} = answer.body as {
      entries: {name: string; state: string; booking_ref: string | null}[]
    }
    expect(entries.map(({name, state}) => [name, state])).toEqual([
      ['Waiting first', 'booked'],
      ['Waiting second', 'waiting'],
    ])
    expect(entries[0]!.booking_ref).toMatch(/^CTE-/)
  })

  it.each([
    ['a date that is not one', 'from=2026-13-01&to=2026-12-10'],
    ['a range beyond a quarter', 'from=2026-01-01&to=2026-12-31'],
    ['a parameter given twice', `from=${DATE}&from=${DATE}&to=${DATE}`],
    ['no dates', ''],
  ])('refuses %s with a 400', async (_what, query) => {
    expect((await list(query)).status).toBe(400)
  })
})

describe('the join form refuses what it must, and stores nothing', () => {
  const valid = {
    experienceId: 'sunset-cruise',
    date: DATE,
    preferredTime: '',
    adults: 2,
    children: 0,
    name: 'Thandi Mokoena',
    email: 'thandi@example.com',
    consentWaitlist: true,
    consentPrivacy: true,
  }
  const join = (body: unknown, init: RequestInit = {}) =>
    joinWaitlist(
      new Request(`${SITE}/api/waitlist`, {
        method: 'POST',
        headers: {'content-type': 'application/json'},
        body: typeof body === 'string' ? body : JSON.stringify(body),
        ...init,
      }),
      {clientAddress: '203.0.113.9'},
      {...server('a'), rateLimiter: createRateLimiter({limit: 1000, windowMs: 60_000})},
    )
  const stored = () => bookingsClient().fetch<number>('count(*[_type == "waitlistEntry"])')

  it('joins a full date once, with a confirmation mail that does not quote the name', async () => {
    const first = await join(valid)
    expect(first.status).toBe(201)
    const again = await join({...valid, email: ' THANDI@example.com '})
    expect(again.status).toBe(409)
    expect(((await again.json()) as {detail: string}).detail).toMatch(/already on the waitlist/)
    expect(await stored()).toBe(1)
    const id = waitlistEntryId({experience: 'sunset-cruise', date: DATE, slot: ''}, valid.email)
    expect(await bookingsClient().fetch('*[_id == $id][0].state', {id})).toBe('waiting')
    // The join sends it at once, in the background.
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), {timeout: 10_000})
    expect(smtp.received.map((mail) => mail.to)).toEqual([['thandi@example.com']])
    const raw = smtp.received[0]!.raw.replace(/=\r?\n/g, '')
    expect(raw).toContain('Subject: You are on the waitlist: Sunset Cruise on Thursday 10 December')
    expect(raw).not.toContain('Thandi')
  })

  it.each([
    ['a party beyond the limits', {adults: 9}, 400],
    ['a party of thousands', {adults: 5000}, 400],
    ['a fractional party', {adults: 1.5}, 400],
    ['no consent', {consentPrivacy: false}, 400],
    ['a name with a bidirectional override', {name: 'Thandi\u202Egnp.exe'}, 400],
    ['a name with a control character', {name: 'Thandi\u0007'}, 400],
    ['markup in the name', {name: '<script>x</script>'}, 400],
    ['a name far too long', {name: 'ñ'.repeat(121)}, 400],
    ['an email that is not one', {email: 'thandi@'}, 400],
    ['a date that is not a date', {date: '2026-02-30'}, 400],
    ['a field the form does not have', {status: 'confirmed'}, 400],
    ['a filled honeypot', {website: 'https://spam.example'}, 400],
    ['an unknown experience', {experienceId: 'moon-walk'}, 400],
    ['a date before the lead time', {date: '2026-11-26'}, 400],
    ['a date with room (ask for it instead)', {date: '2026-12-11'}, 409],
  ])('refuses %s', async (_what, change, status) => {
    const response = await join({...valid, ...change})
    expect(response.status).toBe(status)
    expect(((await response.json()) as {detail: string}).detail).toEqual(expect.any(String))
    expect(await stored()).toBe(0)
  })

  it('refuses a body too large, one that is not JSON, and other methods', async () => {
    expect((await join({...valid, website: '', name: 'x'.repeat(10_000)})).status).toBe(413)
    expect((await join('{"experienceId":')).status).toBe(400)
    const get = await joinWaitlist(
      new Request(`${SITE}/api/waitlist`),
      {clientAddress: '203.0.113.9'},
      {...server('a'), rateLimiter: createRateLimiter({limit: 10, windowMs: 60_000})},
    )
    expect(get.status).toBe(405)
    expect(get.headers.get('allow')).toBe('POST')
    expect(await stored()).toBe(0)
  })

  it('accepts any script in a name', async () => {
    expect((await join({...valid, name: 'Zoë Ngcobo-Ōkawa 王芳'})).status).toBe(201)
  })
})

describe('what the offer and leave links open', () => {
  const pages = (now = NOW) =>
    createWaitlistLinks(() => server('a', now), {clientAddress: () => '203.0.113.9'})
  const post = (
    app: ReturnType<typeof pages>,
    path: string,
    headers: Record<string, string> = {origin: SITE},
  ) =>
    app.request(path, {
      method: 'POST',
      headers: {'content-type': 'application/x-www-form-urlencoded', ...headers},
      body: '',
    })

  async function offered() {
    await waiting('first', 2, '2026-11-20T08:00:00Z')
    await freePair()
    await offerWaitlistPlaces(server('a'), NOW)
    const hold = new Date((await entry('first')).hold_until!)
    return requestLinkToken(SECRET, 'waitlist-first', hold, 'waitlist-offer')
  }
  const bookingsMade = () =>
    bookingsClient().fetch<number>('count(*[_type == "booking" && defined(waitlist_entry)])')

  it('shows the offer on GET without taking it, and takes it on a POST from the site, once', async () => {
    const token = await offered()
    const app = pages()
    const view = await app.request(`/offers/${token}`)
    expect(view.status).toBe(200)
    expect(view.headers.get('cache-control')).toBe('private, no-store')
    expect(await view.json()).toEqual({
      experience: 'Sunset Cruise',
      date: '2026-12-10',
      when: 'Thursday 10 December 2026',
      group: '2 adults',
      holdUntil: '27 November 2026, 10:00 SAST',
    })
    expect(await bookingsMade()).toBe(0)

    const taken = await post(app, `/offers/${token}`)
    expect(taken.status).toBe(303)
    expect(taken.headers.get('location')).toMatch(new RegExp(`^${SITE}/requests/`))
    expect(await bookingsMade()).toBe(1)
    // A replay, or the same link opened again.
    const replay = await post(app, `/offers/${token}`)
    expect(replay.status).toBe(409)
    expect(await replay.json()).toMatchObject({reason: 'taken'})
    expect((await app.request(`/offers/${token}`)).status).toBe(409)
    expect(await bookingsMade()).toBe(1)
  })

  it('refuses forged, altered, expired and misused links, other sites and other methods, and stores nothing', async () => {
    const token = await offered()
    const app = pages()
    const altered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA')
    expect((await app.request(`/offers/${altered}`)).status).toBe(404)
    expect((await post(app, `/offers/${altered}`)).status).toBe(404)
    expect((await app.request('/offers/not-a-token')).status).toBe(404)
    // The leave link's signature does not open the offer, nor a request link's.
    const leave = requestLinkToken(
      SECRET,
      'waitlist-first',
      new Date('2027-01-01T00:00:00Z'),
      'waitlist-leave',
    )
    expect((await post(app, `/offers/${leave}`)).status).toBe(404)
    const request = requestLinkToken(SECRET, 'waitlist-first', new Date('2027-01-01T00:00:00Z'))
    expect((await post(app, `/offers/${request}`)).status).toBe(404)
    // Another site's form, or no Origin at all.
    expect((await post(app, `/offers/${token}`, {origin: 'https://evil.example'})).status).toBe(403)
    expect((await post(app, `/offers/${token}`, {})).status).toBe(403)
    const put = await app.request(`/offers/${token}`, {method: 'PUT'})
    expect(put.status).toBe(405)
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST')
    // After the hold: the link has expired.
    const late = pages(new Date(NOW.getTime() + 25 * HOUR))
    const lapsed = await post(late, `/offers/${token}`)
    expect(lapsed.status).toBe(410)
    expect(await lapsed.json()).toMatchObject({reason: 'lapsed'})
    expect(await bookingsMade()).toBe(0)
    expect((await entry('first')).state).toBe('offered')
  })

  it('leaves the waitlist from the mail’s link: the entry and its held places go', async () => {
    await offered()
    const app = pages()
    const token = requestLinkToken(
      SECRET,
      'waitlist-first',
      new Date('2026-12-17T23:59:59Z'),
      'waitlist-leave',
    )
    const view = await app.request(`/leave/${token}`)
    expect(view.status).toBe(200)
    expect(await view.json()).toMatchObject({experience: 'Sunset Cruise', date: '2026-12-10'})
    expect(await entry('first')).not.toBeNull()
    const left = await post(app, `/leave/${token}`)
    expect(left.status).toBe(200)
    expect(await left.json()).toMatchObject({left: true, title: 'You have left the waitlist'})
    expect(await entry('first')).toBeNull()
    expect(await placesLeft()).toBe(2)
    expect((await app.request(`/leave/${token}`)).status).toBe(404)
  })
})

describe('a departure cancelled for the weather (issue 42, HIGH)', () => {
  const staff = (): StaffDeps => ({
    client: bookingsClient(),
    content: lake.client({token: lake.secrets.writeToken}),
    now: () => NOW,
  })
  const cancel = () =>
    cancelDeparture(
      staff(),
      testDecisionDeps(lake.client({token: lake.secrets.writeToken}), () => NOW),
      {
        experience: 'sunset-cruise',
        date: DATE,
        reason: 'A gale is forecast.',
        alternatives: ['2026-12-11', '2026-12-12'],
      },
      {name: 'Mandla Manager', id: 'staff-mandla'},
    )

  it('tells its waitlist with the other dates, closes their entries, and offers nothing on it again', async () => {
    await waiting('first', 2, '2026-11-20T08:00:00Z')
    await waiting('second', 2, '2026-11-21T08:00:00Z')
    // Two places free up and the first in line is offered them before the weather turns.
    await freePair()
    await offerWaitlistPlaces(server('a'), NOW)
    expect((await entry('first')).state).toBe('offered')

    const answer = await cancel()
    expect(answer.status).toBe(200)
    // Every booking on it is closed, so its places look free; the job runs on two servers.
    const runs = await Promise.all([
      offerWaitlistPlaces(server('a'), NOW),
      offerWaitlistPlaces(server('b'), NOW),
    ])
    await Promise.all([server('a').outbox.flush(), server('b').outbox.flush()])
    expect(runs.map((run) => run.offered)).toEqual([0, 0])
    expect(offersTo()).toEqual(['first@example.com'])
    expect((await entry('first')).state).toBe('cancelled')
    expect((await entry('second')).state).toBe('cancelled')

    // Each person on the waitlist is told, with the other dates.
    const told = smtp.received.filter(
      (mail) =>
        mail.raw.includes('Subject: Cancelled: Sunset Cruise on Thursday 10 December 2026') &&
        mail.raw.replace(/=\r?\n/g, '').includes('you were on the waitlist'),
    )
    expect(told.map((mail) => mail.to.join(',')).sort()).toEqual([
      'first@example.com',
      'second@example.com',
    ])
    const raw = told[0]!.raw.replace(/=\r?\n/g, '')
    expect(raw).toContain('A gale is forecast.')
    expect(raw).toContain('Friday 11 December 2026')
    expect(raw).toContain('Saturday 12 December 2026')

    // The offer made before the cancellation cannot be taken any more: no request on the cancelled date.
    expect(await takeOffer(server('a'), 'waitlist-first')).toEqual({ok: false, reason: 'cancelled'})
    expect(
      await bookingsClient().fetch<number>(
        'count(*[_type == "booking" && date == $date && status in ["new", "contacted", "confirmed"]])',
        {date: DATE},
      ),
    ).toBe(0)
  })

  it('stays in the departures view and its CSV as cancelled, with who moved and who has not answered', async () => {
    expect((await cancel()).status).toBe(200)
    const a = server('a')
    const moved = await answerCancellation(
      {...a, teamEmail: 'team@example.com', today: () => todayInCapeTown(NOW)},
      'booking-big',
      {choice: 'move', date: '2026-12-11'},
    )
    expect(moved.ok).toBe(true)
    const rows = await loadDepartures(
      {client: bookingsClient(), content: a.content, now: () => NOW},
      {from: DATE, to: '2026-12-12', includeEmpty: true},
    )
    const onDate = rows.filter((row) => row.date === DATE)
    expect(onDate).toHaveLength(1)
    expect(onDate[0]).toMatchObject({capacity: 0, left: 0, bookings: []})
    expect(onDate[0]!.cancelled).toMatchObject({
      by: 'Mandla Manager',
      reason: 'A gale is forecast.',
      travellers: [
        {booking_ref: 'CTE-BIG', answer: 'moved', moved_to: '2026-12-11'},
        {booking_ref: 'CTE-PAIR', answer: 'not-answered'},
      ],
    })
    const csv = departuresToCsv(rows).split('\r\n')
    const lines = csv.filter((line) => line.startsWith(`${DATE},`))
    expect(lines).toHaveLength(2)
    for (const line of lines) {
      expect(line).toMatch(/^2026-12-10,Sunset Cruise,Any time,Cancelled,,,0,/)
      expect(line).toContain('A gale is forecast.')
    }
    expect(lines[0]).toContain('Moved to 2026-12-11')
    expect(lines[1]).toContain('Has not answered')

    // The traveller who has not answered reads "cancelled by us" above the dates, not "Closed".
    const pair = await bookingsClient().getDocument('booking-pair')
    const view = travellerView(pair as unknown as Parameters<typeof travellerView>[0])
    expect(view.statusTitle).toBe('Cancelled by us: choose a new date')
    expect(view.cancellation?.options.map((option) => option.date)).toEqual([
      '2026-12-11',
      '2026-12-12',
    ])
  })

  it('takes no proposal onto it, no acceptance of one made before, and no confirmation on it', async () => {
    // Another request, on the day before: staff proposed the cancelled date to it before the weather turned.
    await bookingsClient().createOrReplace({
      ...booking('early', 'contacted', 2),
      date: '2026-12-09',
      status_history: [
        {
          _key: 'p1',
          _type: 'statusChange',
          status: 'contacted',
          at: '2026-11-25T08:00:00Z',
          by: 'Sam Staff',
          action: 'propose',
          options: [{_key: 'o1', date: DATE, preferred_time: ''}],
        },
      ],
    })
    await bookingsClient().patch('booking-pair').set({status: 'new'}).commit()
    expect((await cancel()).status).toBe(200)
    const decisions = testDecisionDeps(lake.client({token: lake.secrets.writeToken}), () => NOW)
    const revisionOf = async (id: string) => (await bookingsClient().getDocument(id))!._rev

    // Staff cannot propose it.
    const proposal = await decideBooking(
      staff(),
      decisions,
      'booking-early',
      {
        revision: await revisionOf('booking-early'),
        decision: 'propose',
        message: '',
        options: [{date: DATE, preferred_time: ''}],
      },
      {name: 'Sam Staff', id: 'staff-sam'},
    )
    expect(proposal.status).toBe(400)
    expect(JSON.stringify(proposal.body)).toContain('Thursday 10 December 2026')

    // The traveller cannot accept the proposal of it made before.
    const a = server('a')
    const accepted = await acceptProposal(
      {...a, teamEmail: 'team@example.com', today: () => todayInCapeTown(NOW)},
      'booking-early',
      'o1',
    )
    expect(accepted.status).toBe(409)

    // Staff cannot confirm a booking on it, not even "anyway".
    await bookingsClient().patch('booking-pair').set({status: 'new'}).commit({visibility: 'sync'})
    const confirmed = await decideBooking(
      staff(),
      decisions,
      'booking-pair',
      {
        revision: await revisionOf('booking-pair'),
        decision: 'confirm',
        message: '',
        confirmAnyway: true,
      },
      {name: 'Sam Staff', id: 'staff-sam'},
    )
    expect(confirmed.status).toBe(409)
    expect(JSON.stringify(confirmed.body)).toContain('cancelled')
    expect(
      await bookingsClient().fetch<string[]>('*[_type == "booking" && date == $date].status', {
        date: DATE,
      }),
    ).not.toContain('confirmed')
    expect(await bookingsClient().fetch<string>('*[_id == "booking-early"][0].date')).toBe(
      '2026-12-09',
    )
  })

  it('refuses a new join on it', async () => {
    expect((await cancel()).status).toBe(200)
    const response = await joinWaitlist(
      new Request(`${SITE}/api/waitlist`, {
        method: 'POST',
        headers: {'content-type': 'application/json'},
        body: JSON.stringify({
          experienceId: 'sunset-cruise',
          date: DATE,
          adults: 2,
          children: 0,
          name: 'Thandi Mokoena',
          email: 'thandi@example.com',
          consentWaitlist: true,
          consentPrivacy: true,
        }),
      }),
      {clientAddress: '203.0.113.9'},
      {...server('a'), rateLimiter: createRateLimiter({limit: 1000, windowMs: 60_000})},
    )
    expect(response.status).toBe(409)
    expect(((await response.json()) as {detail: string}).detail).toMatch(/cancelled/)
    expect(await bookingsClient().fetch<number>('count(*[_type == "waitlistEntry"])')).toBe(0)
  })
})

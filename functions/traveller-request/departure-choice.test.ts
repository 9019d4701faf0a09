import ICAL from 'ical.js'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {departureLockId} from '@repo/schemas/capacity.ts'
import {
  CANCELLATION_CLOSED_MESSAGE,
  fullMessage,
  NOT_OFFERED_MESSAGE,
} from '@repo/schemas/departure-cancellation.ts'
import type {StatusHistoryEntry, TravellerRequestView} from '@repo/schemas/request-decisions.ts'

import {createRateLimiter} from '../lib/rate-limit.ts'
import {activityDocument} from '../staff/staff-activity.ts'
import {
  ALREADY_CANCELLED_MESSAGE,
  cancelDeparture,
  listAlternatives,
  previewCancellation,
} from '../staff/cancel-departure.ts'
import type {DecisionDeps} from '../staff/decide-booking.ts'
import type {StaffDeps} from '../staff/staff-deps.ts'
import {INVALID_LINK_MESSAGE} from './request-deps.ts'
import {
  NOW,
  pageGet,
  pagePost,
  SECRET,
  SITE,
  startRequestFixture,
  type RequestFixture,
} from './testing/request-fixture.ts'

/**
 * A departure cancelled for the wind, against the real lake: staff cancel it (the staff handler), each traveller
 * answers through the request routes as the page posts, and the outbox documents carry the calendar parts.
 */

let f: RequestFixture
let app: ReturnType<RequestFixture['routes']>
const roomy = () => createRateLimiter({limit: 10_000, windowMs: 60_000})
const STAFF = {name: 'Sipho Dlamini', id: 'staff-sipho'}

beforeAll(async () => {
  f = await startRequestFixture()
  app = f.routes({limiters: {view: roomy(), action: roomy(), link: roomy()}})
})
afterAll(async () => {
  await f?.stop()
})

const staffDeps = (): StaffDeps => ({
  client: f.bookings,
  content: f.deps.content,
  now: () => NOW,
  activity: ({booking}) =>
    activityDocument({
      at: NOW,
      person: STAFF,
      kind: 'departure-cancelled',
      summary: 'Cancelled the departure',
      booking,
    }),
})
const decisions: DecisionDeps = {
  mailContent: () => f.deps.mailContent(),
  links: {siteUrl: SITE, secret: SECRET, now: () => NOW},
  queued: () => {},
}

/** A confirmed booking of two on a date's sunset departure. */
const confirmedOn = (date: string, extra: Record<string, unknown> = {}) =>
  f.seedBooking({
    status: 'confirmed',
    date,
    preferred_time: 'Sunset',
    pax_adults: 2,
    pax_children: 0,
    pax_total: 2,
    status_history: [
      {
        _key: 'created',
        _type: 'statusChange',
        status: 'new',
        at: '2029-12-20T08:00:00Z',
        by: 'website',
      },
      {
        _key: 'conf',
        _type: 'statusChange',
        status: 'confirmed',
        at: '2029-12-21T08:00:00Z',
        by: 'Sipho',
      },
    ] satisfies StatusHistoryEntry[],
    ...extra,
  })

const stored = (id: string) =>
  f.bookings.fetch<{
    _rev: string
    date: string
    status: string
    status_history: StatusHistoryEntry[]
  }>('*[_id == $id][0]', {id})
const outboxAbout = (id: string) =>
  f.bookings.fetch<
    {
      mail_id: string
      to: string
      subject: string
      text: string
      calendar_method?: string
      calendar?: string
    }[]
  >('*[_type == "outboxMail" && about == $id] | order(mail_id asc)', {id})
const event = (ics: string) => {
  const calendar = new ICAL.Component(ICAL.parse(ics))
  const vevent = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!)
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: vevent.uid,
    sequence: vevent.sequence,
    start: vevent.startDate.toString(),
  }
}
const move = (token: string, date: string) =>
  app.request(pagePost(`/${token}/departure`, {choice: 'move', date}))
const formPost = (token: string, body: string, headers: Record<string, string> = {}) =>
  app.request(
    new Request(`${SITE}/api/requests/${token}/departure`, {
      method: 'POST',
      headers: {'content-type': 'application/x-www-form-urlencoded', 'origin': SITE, ...headers},
      body,
    }),
  )

describe('a departure cancelled for the wind', () => {
  // The cancelled departure, the date with two places left, and a roomy one.
  const CANCELLED = '2030-02-01'
  const TIGHT = '2030-02-10'
  const ROOMY = '2030-02-11'
  let travellers: Awaited<ReturnType<typeof confirmedOn>>[]

  beforeAll(async () => {
    travellers = [
      await confirmedOn(CANCELLED),
      await confirmedOn(CANCELLED),
      await confirmedOn(CANCELLED),
    ]
    // The sunset boat takes 6: two groups already on the tight date leave 2 places.
    await confirmedOn(TIGHT)
    await confirmedOn(TIGHT)
  })

  it('offers only open dates with room for the travellers, with their places left', async () => {
    const answer = await listAlternatives(
      staffDeps(),
      new URLSearchParams({experience: 'lions-head-hike', date: CANCELLED}),
    )
    expect(answer.status).toBe(200)
    const dates = (answer.body as {dates: {date: string; left: number}[]}).dates
    expect(dates.find((d) => d.date === CANCELLED)).toBeUndefined()
    // Inside the two days' notice: not offered.
    expect(dates.find((d) => d.date === '2030-01-02')).toBeUndefined()
    // The day as a whole: 12 places (two slots of 6), 4 taken.
    expect(dates.find((d) => d.date === TIGHT)).toEqual({date: TIGHT, left: 8})
    expect(dates.find((d) => d.date === ROOMY)).toEqual({date: ROOMY, left: 12})
  })

  it('refuses what staff must not send, storing nothing', async () => {
    const before = await Promise.all(travellers.map((t) => stored(t.booking._id)))
    const cases: [unknown, number, RegExp][] = [
      [{experience: 'lions-head-hike', date: CANCELLED, alternatives: []}, 400, /Say why/],
      [
        {experience: 'lions-head-hike', date: CANCELLED, reason: ' ', alternatives: []},
        400,
        /Say why/,
      ],
      [
        {
          experience: 'lions-head-hike',
          date: CANCELLED,
          reason: 'Wind',
          alternatives: [TIGHT, ROOMY, '2030-02-12', '2030-02-13'],
        },
        400,
        /at most 3/,
      ],
      [
        {
          experience: 'lions-head-hike',
          date: CANCELLED,
          reason: 'Wind',
          alternatives: [ROOMY, ROOMY],
        },
        400,
        /once/,
      ],
      [
        {experience: 'lions-head-hike', date: '2030-02-30', reason: 'Wind', alternatives: []},
        400,
        /yyyy-MM-dd/,
      ],
      [
        {experience: 'no-such-trip', date: CANCELLED, reason: 'Wind', alternatives: []},
        404,
        /no such departure/,
      ],
      [
        {
          experience: 'lions-head-hike',
          date: CANCELLED,
          reason: 'Wind',
          alternatives: ['2030-01-02'],
        },
        400,
        /Wednesday 2 January 2030 cannot be offered/,
      ],
      [
        {
          experience: 'lions-head-hike',
          date: CANCELLED,
          reason: 'Wind',
          alternatives: [],
          extra: 1,
        },
        400,
        /only/,
      ],
      [
        {experience: 'lions-head-hike', date: CANCELLED, reason: 'x'.repeat(201), alternatives: []},
        400,
        /200/,
      ],
      [null, 400, /departure, the reason/],
    ]
    for (const [body, status, message] of cases) {
      const answer = await cancelDeparture(staffDeps(), decisions, body, STAFF)
      expect(answer.status, JSON.stringify(body)).toBe(status)
      expect((answer.body as {error: string}).error).toMatch(message)
    }
    expect(await Promise.all(travellers.map((t) => stored(t.booking._id)))).toEqual(before)
    expect(await f.bookings.fetch('*[_type == "departure" && defined(cancelled_at)]')).toEqual([])
  })

  it('previews the mail the send composes, then sends three mails with the calendar’s cancellation', async () => {
    const body = {
      experience: 'lions-head-hike',
      date: CANCELLED,
      reason: 'Gale-force wind on the water.',
      alternatives: [TIGHT, ROOMY],
    }
    const preview = await previewCancellation(staffDeps(), decisions, body)
    expect(preview.status).toBe(200)
    const shown = preview.body as {
      mail: {to: string; subject: string; text: string}
      travellers: number
    }
    expect(shown.travellers).toBe(3)
    expect(shown.mail.subject).toBe('Cancelled: Lion’s Head Sunrise Hike on Friday 1 February 2030')

    const answer = await cancelDeparture(staffDeps(), decisions, body, STAFF)
    expect(answer).toMatchObject({status: 200, body: {cancelled: 3}})
    for (const {booking} of travellers) {
      const now = await stored(booking._id)
      expect(now.status).toBe('closed')
      expect(now.status_history.at(-1)).toMatchObject({
        action: 'cancel-departure',
        by: STAFF.name,
        by_id: STAFF.id,
        message: 'Gale-force wind on the water.',
        options: [
          {date: TIGHT, preferred_time: 'Sunset'},
          {date: ROOMY, preferred_time: 'Sunset'},
        ],
      })
      const [mail] = await outboxAbout(booking._id)
      expect(mail!.to).toBe(booking.email)
      // What the preview showed is what went (its own link and name aside).
      expect(mail!.subject).toBe(shown.mail.subject)
      expect(mail!.text).toContain('Gale-force wind on the water.')
      expect(mail!.text).toContain('- Sunday 10 February 2030')
      expect(mail!.calendar_method).toBe('CANCEL')
      expect(event(mail!.calendar!)).toMatchObject({
        method: 'CANCEL',
        uid: `booking-${booking._id}@site.test`,
        sequence: 1,
      })
    }
    const lock = await f.bookings.getDocument(departureLockId('lions-head-hike', CANCELLED))
    expect(lock).toMatchObject({
      cancelled_reason: 'Gale-force wind on the water.',
      cancelled_by: STAFF.name,
    })
    const activity = await f.bookings.fetch<{personId: string; kind: string}[]>(
      '*[_type == "staffActivity"]',
    )
    expect(activity).toEqual([
      expect.objectContaining({personId: STAFF.id, kind: 'departure-cancelled'}),
    ])
    // Twice is refused.
    expect(await cancelDeparture(staffDeps(), decisions, body, STAFF)).toMatchObject({
      status: 409,
      body: {error: ALREADY_CANCELLED_MESSAGE},
    })
  })

  it('shows the traveller the reason and the dates, each with whether it has room', async () => {
    const response = await app.request(pageGet(travellers[0]!.token))
    const view = (await response.json()) as TravellerRequestView
    expect(view.cancellation).toMatchObject({
      reason: 'Gale-force wind on the water.',
      options: [
        {date: TIGHT, time: 'Sunset', open: true},
        {date: ROOMY, time: 'Sunset', open: true},
      ],
    })
    expect(view.history.at(-1)!.title).toBe('Departure cancelled by the team')
  })

  it('two travellers racing for the last two places: one moves, the other is refused by name; never over-sold', async () => {
    const [a, b] = travellers
    const answers = await Promise.all([move(a!.token, TIGHT), move(b!.token, TIGHT)])
    const statuses = answers.map((r) => r.status).sort()
    expect(statuses).toEqual([200, 409])
    const loser = answers.find((r) => r.status === 409)!
    expect(((await loser.json()) as {detail: string}).detail).toBe(fullMessage(TIGHT))
    expect(fullMessage(TIGHT)).toBe(
      'Sunday 10 February 2030 has just filled up. Please choose one of the other dates, or accept the cancellation.',
    )
    const onTight = await f.bookings.fetch<number>(
      'math::sum(*[_type == "booking" && date == $date && preferred_time == "Sunset" && status == "confirmed"].pax_total)',
      {date: TIGHT},
    )
    expect(onTight).toBe(6)

    const winner = answers[0]!.status === 200 ? a! : b!
    const refusedOne = winner === a ? b! : a!
    const moved = await stored(winner.booking._id)
    expect(moved).toMatchObject({date: TIGHT, status: 'confirmed'})
    expect(moved.status_history.at(-1)).toMatchObject({action: 'move', by: 'traveller'})
    // The same calendar event, moved: same UID, the next SEQUENCE, the new date.
    const mails = await outboxAbout(winner.booking._id)
    const update = mails.find((m) => m.calendar_method === 'REQUEST')!
    expect(event(update.calendar!)).toMatchObject({
      method: 'REQUEST',
      uid: `booking-${winner.booking._id}@site.test`,
      sequence: 2,
    })
    expect(event(update.calendar!).start).toMatch(/^2030-02-10/)
    // The refused traveller was not changed, and the page now shows the tight date as full.
    expect((await stored(refusedOne.booking._id)).status_history.at(-1)!.action).toBe(
      'cancel-departure',
    )
    const view = (await (
      await app.request(pageGet(refusedOne.token))
    ).json()) as TravellerRequestView
    expect(view.cancellation!.options.map((o) => o.open)).toEqual([false, true])
    // The calendar file follows the booking: the moved trip as an update.
    const ics = await app.request(new Request(`${SITE}/api/requests/${winner.token}/calendar.ics`))
    expect(event(await ics.text())).toMatchObject({method: 'PUBLISH', sequence: 2})
  })

  it('the refused traveller takes another date from the form; the third accepts days later; replays change nothing', async () => {
    const [a, b, c] = travellers
    const refusedOne = (await stored(a!.booking._id)).status === 'closed' ? a! : b!
    const viaForm = await formPost(refusedOne.token, `choice=move&date=${ROOMY}`)
    expect(viaForm.status).toBe(303)
    expect(viaForm.headers.get('location')).toBe(
      `/requests/${refusedOne.token}?answer=moved&date=${ROOMY}`,
    )
    expect(await stored(refusedOne.booking._id)).toMatchObject({date: ROOMY, status: 'confirmed'})

    // Days later (the link is the same one the mail carried).
    const accepted = await formPost(c!.token, 'choice=accept')
    expect(accepted.headers.get('location')).toBe(`/requests/${c!.token}?answer=accepted`)
    const closed = await stored(c!.booking._id)
    expect(closed).toMatchObject({status: 'closed', date: CANCELLED})
    expect(closed.status_history.at(-1)).toMatchObject({
      action: 'accept-cancellation',
      by: 'traveller',
    })
    const ics = await app.request(new Request(`${SITE}/api/requests/${c!.token}/calendar.ics`))
    expect(event(await ics.text())).toMatchObject({method: 'PUBLISH', sequence: 1})

    // A replayed click, by form or JSON: refused, nothing stored.
    const rev = closed._rev
    const replay = await formPost(c!.token, `choice=move&date=${ROOMY}`)
    expect(replay.headers.get('location')).toBe(`/requests/${c!.token}?refused=closed`)
    const json = await app.request(pagePost(`/${c!.token}/departure`, {choice: 'accept'}))
    expect(json.status).toBe(409)
    expect(((await json.json()) as {detail: string}).detail).toBe(CANCELLATION_CLOSED_MESSAGE)
    expect((await stored(c!.booking._id))._rev).toBe(rev)
  })

  it('answers hostile input with a clear 4xx and stores nothing', async () => {
    const {booking, token} = await confirmedOn('2030-03-01')
    await cancelDeparture(
      staffDeps(),
      decisions,
      {experience: 'lions-head-hike', date: '2030-03-01', reason: 'Fog', alternatives: [ROOMY]},
      STAFF,
    )
    const rev = (await stored(booking._id))._rev
    // A mail scanner following the link (and its page's calendar file) only reads.
    expect((await app.request(pageGet(token))).status).toBe(200)
    expect((await stored(booking._id))._rev).toBe(rev)
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    const cases: [Response | Promise<Response>, number, RegExp | string][] = [
      [move(forged, ROOMY), 404, INVALID_LINK_MESSAGE],
      [move('not-a-token', ROOMY), 404, INVALID_LINK_MESSAGE],
      [move(token, '2030-02-12'), 409, NOT_OFFERED_MESSAGE],
      [move(token, '2030-13-45'), 400, /dates offered/],
      [
        app.request(pagePost(`/${token}/departure`, {choice: 'move', date: ROOMY, by: 'staff'})),
        400,
        /./,
      ],
      [
        app.request(pagePost(`/${token}/departure`, {choice: 'cancel-everything'})),
        400,
        /dates offered/,
      ],
      [app.request(pagePost(`/${token}/departure`, '{"choice":')), 400, /not valid JSON/],
      [
        app.request(pagePost(`/${token}/departure`, {choice: 'accept', pad: 'x'.repeat(5_000)})),
        413,
        /too large/,
      ],
      [formPost(token, `choice=move&date=${ROOMY}&date=2030-02-12`), 400, /once/],
      [formPost(token, 'choice=accept', {origin: 'https://evil.test'}), 403, /other sites/],
      [app.request(new Request(`${SITE}/api/requests/${token}/departure`)), 405, /POST/],
      [
        app.request(
          new Request(`${SITE}/api/requests/${token}/departure`, {
            method: 'PUT',
            headers: {origin: SITE},
          }),
        ),
        405,
        /POST/,
      ],
      [
        app.request(
          pagePost(`/${token}/departure`, {choice: 'accept'}, {'content-type': 'text/plain'}),
        ),
        415,
        /JSON/,
      ],
    ]
    for (const [pending, status, message] of cases) {
      const response = await pending
      expect(response.status).toBe(status)
      expect(((await response.json()) as {detail: string}).detail).toMatch(message)
    }
    expect((await stored(booking._id))._rev).toBe(rev)
  })
})

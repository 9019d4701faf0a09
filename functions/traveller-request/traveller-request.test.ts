import ICAL from 'ical.js'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {departureLockId} from '@repo/schemas/capacity.ts'
import type {StatusHistoryEntry} from '@repo/schemas/request-decisions.ts'

import {createMailBudget} from '../lib/mail-budget.ts'
import {createRateLimiter} from '../lib/rate-limit.ts'
import {
  CANNOT_WITHDRAW_MESSAGE,
  CHANGED_MESSAGE,
  DATE_FULL_MESSAGE,
  DATE_PASSED_MESSAGE,
  INVALID_LINK_MESSAGE,
  LINK_SENT_MESSAGE,
  STALE_OPTION_MESSAGE,
} from './request-deps.ts'
import type {TravellerRequestView} from '@repo/schemas/request-decisions.ts'
import {
  OPTION_ANY,
  OPTION_MORNING,
  pageGet,
  pagePost,
  startRequestFixture,
  TEAM,
  type RequestFixture,
} from './testing/request-fixture.ts'

let f: RequestFixture
let app: ReturnType<RequestFixture['routes']>

// Generous limits: this file is about behaviour; security.test.ts runs the real limits.
const roomy = () => createRateLimiter({limit: 10_000, windowMs: 60_000})

beforeAll(async () => {
  f = await startRequestFixture()
  app = f.routes({limiters: {view: roomy(), action: roomy(), link: roomy()}})
})
afterAll(async () => {
  await f?.stop()
})

const view = async (token: string) => {
  const response = await app.request(pageGet(token))
  return {response, body: (await response.json()) as TravellerRequestView & {detail?: string}}
}
const accept = (token: string, option: string) =>
  app.request(pagePost(`/${token}/accept`, {option}))
const withdraw = (token: string) => app.request(pagePost(`/${token}/withdraw`, {}))
const stored = (id: string) =>
  f.bookings.fetch<Record<string, unknown> & {_rev: string; status_history: StatusHistoryEntry[]}>(
    '*[_id == $id][0]',
    {id},
  )
const setAcceptedStatus = (value: string | null) =>
  f.admin.patch('siteSettings').set({acceptedProposalStatus: value}).commit({visibility: 'sync'})
const smtpTo = (address: string) => f.smtp.received.filter((mail) => mail.to.includes(address))

describe('GET /api/requests/:token', () => {
  it('shows the request in words, the team’s messages and the open proposal, and nothing internal', async () => {
    const {booking, token} = await f.seedBooking()
    const {response, body} = await view(token)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(body).toMatchObject({
      reference: booking.booking_ref,
      experience: 'Lion’s Head Sunrise Hike',
      date: '2030-02-01',
      time: 'Sunset',
      // When it starts, in one line: the experience gives no start time, so the time asked for.
      when: 'Friday 1 February 2030, Sunset',
      group: '2 adults, 1 child',
      status: 'contacted',
      statusTitle: 'Other dates proposed: please choose one',
      canWithdraw: true,
      proposal: {
        message: 'The mountain is closed that morning; would one of these suit you?',
        options: [
          {key: 'opt-morning', date: '2030-02-10', time: 'Morning'},
          {key: 'opt-any', date: '2030-02-11', time: ''},
        ],
      },
    })
    expect(body.history.map((entry) => entry.title)).toEqual([
      'Request received',
      'Other dates proposed',
    ])
    const text = JSON.stringify(body)
    for (const secret of [
      booking.email,
      booking.name,
      booking.phone,
      'INTERNAL',
      'staff:Sipho',
      'VIP',
      'Vegetarian',
      'website',
      booking._id,
      '_rev',
    ])
      expect(text).not.toContain(secret)
  })

  it('answers a link to a booking that no longer exists like a forged one', async () => {
    const {booking, token} = await f.seedBooking()
    const forged = await view(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)
    await f.bookings.delete(booking._id, {visibility: 'sync'})
    const gone = await view(token)
    expect(gone.response.status).toBe(404)
    expect(forged.response.status).toBe(404)
    expect(gone.body).toEqual(forged.body)
    expect(gone.body.detail).toBe(INVALID_LINK_MESSAGE)
  })
})

describe('POST /api/requests/:token/accept', () => {
  it('moves the booking to the date, confirms it (the default), and queues the team’s mail and the traveller’s confirmation once', async () => {
    await setAcceptedStatus(null)
    const {booking, token} = await f.seedBooking()
    const response = await accept(token, OPTION_MORNING._key)
    expect(response.status).toBe(200)
    const answer = (await response.json()) as TravellerRequestView
    expect(answer).toMatchObject({
      status: 'confirmed',
      date: '2030-02-10',
      time: 'Morning',
      proposal: null,
    })

    const after = await stored(booking._id)
    expect(after).toMatchObject({
      status: 'confirmed',
      date: '2030-02-10',
      preferred_time: 'Morning',
    })
    const entry = after.status_history.at(-1)!
    expect(entry).toMatchObject({
      action: 'accept',
      by: 'traveller',
      status: 'confirmed',
      options: [OPTION_MORNING],
      mail_id: `${booking._id}-accept-${entry._key}`,
    })
    // The departure's lock was changed in the same transaction, as a staff confirmation changes it.
    const lock = await f.bookings.getDocument(departureLockId('lions-head-hike', '2030-02-10'))
    expect(lock).toMatchObject({_type: 'departure', last_change: booking._id})

    const mails = await f.mailsAbout(booking._id)
    expect(mails).toHaveLength(2)
    const team = mails.find((mail) => mail.to === TEAM)
    expect(team).toMatchObject({mail_id: entry.mail_id})
    expect(team!.subject).toBe(
      `${booking.name} accepted Sunday 10 February 2030, Morning (${booking.booking_ref})`,
    )
    // The same confirmation as a staff confirmation, with the new date.
    const traveller = mails.find((mail) => mail.to === booking.email)
    expect(traveller!.subject).toBe(
      `Confirmed: ${booking.experience_title} on Sunday 10 February 2030`,
    )
    await f.outbox.flush()
    await expect
      .poll(() => smtpTo(TEAM).filter((m) => m.raw.includes(booking.booking_ref)).length)
      .toBe(1)
    await expect
      .poll(() => smtpTo(booking.email).filter((m) => m.raw.includes(booking.booking_ref)).length)
      .toBe(1)

    // The proposal is settled: the same click again changes nothing.
    const again = await accept(token, OPTION_MORNING._key)
    expect(again.status).toBe(409)
    expect(((await again.json()) as {detail: string}).detail).toBe(STALE_OPTION_MESSAGE)
    expect(await f.mailsAbout(booking._id)).toHaveLength(2)
  })

  it('sends the booking back to staff when the editors chose so', async () => {
    await setAcceptedStatus('contacted')
    try {
      const {booking, token} = await f.seedBooking()
      const response = await accept(token, OPTION_ANY._key)
      expect(response.status).toBe(200)
      expect(await stored(booking._id)).toMatchObject({
        status: 'contacted',
        date: '2030-02-11',
        preferred_time: '',
      })
      expect(
        await f.bookings.getDocument(departureLockId('lions-head-hike', '2030-02-11')),
      ).toBeUndefined()
    } finally {
      await setAcceptedStatus(null)
    }
  })

  it('lets one of two clicks at the same moment win, and tells the other to reload', async () => {
    const {booking, token} = await f.seedBooking()
    const answers = await Promise.all([
      accept(token, OPTION_MORNING._key),
      accept(token, OPTION_ANY._key),
      accept(token, OPTION_MORNING._key),
    ])
    const statuses = answers.map((r) => r.status).sort()
    expect(statuses).toEqual([200, 409, 409])
    for (const loser of answers.filter((r) => r.status === 409))
      expect([CHANGED_MESSAGE, STALE_OPTION_MESSAGE]).toContain(
        ((await loser.json()) as {detail: string}).detail,
      )
    const after = await stored(booking._id)
    expect(after.status_history.filter((e) => e.action === 'accept')).toHaveLength(1)
    // One acceptance: the team's mail and the traveller's confirmation, once each.
    expect(await f.mailsAbout(booking._id)).toHaveLength(2)
  })

  it('refuses a date that filled up meanwhile and stores nothing', async () => {
    const {booking, token} = await f.seedBooking()
    // Others took 4 of the 6 morning places on that date: 3 more do not fit.
    await f.seedBooking({
      status: 'confirmed',
      date: '2030-02-10',
      preferred_time: 'Morning',
      pax_adults: 4,
      pax_children: 0,
      pax_total: 4,
      status_history: [],
    })
    const before = await stored(booking._id)
    const response = await accept(token, OPTION_MORNING._key)
    expect(response.status).toBe(409)
    expect(((await response.json()) as {detail: string}).detail).toBe(DATE_FULL_MESSAGE)
    expect((await stored(booking._id))._rev).toBe(before._rev)
    expect(await f.mailsAbout(booking._id)).toHaveLength(0)
  })

  it('gives the last places to one of two travellers accepting the same departure at once', async () => {
    const date = '2030-03-03'
    // Groups of 4 for 6 places: both fit alone, not together.
    const proposal = (key: string) => ({
      pax_adults: 4,
      pax_children: 0,
      pax_total: 4,
      status_history: [
        {
          _key: key,
          _type: 'statusChange',
          status: 'contacted',
          at: '2029-12-21T08:00:00Z',
          action: 'propose',
          options: [{_key: 'last', date, preferred_time: 'Sunset'}],
        },
      ],
    })
    const a = await f.seedBooking(proposal('pa'))
    const b = await f.seedBooking(proposal('pb'))
    const answers = await Promise.all([accept(a.token, 'last'), accept(b.token, 'last')])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409])
    const confirmed = await f.bookings.fetch<number>(
      'count(*[_type == "booking" && date == $date && status == "confirmed"])',
      {date},
    )
    expect(confirmed).toBe(1)
  })

  it('refuses a date that is not in the open proposal, or has passed', async () => {
    const {booking, token} = await f.seedBooking()
    for (const option of ['no-such-option', 'created']) {
      const response = await accept(token, option)
      expect(response.status).toBe(409)
      expect(((await response.json()) as {detail: string}).detail).toBe(STALE_OPTION_MESSAGE)
    }
    const old = await f.seedBooking({
      status_history: [
        {
          _key: 'p',
          _type: 'statusChange',
          status: 'contacted',
          at: '2029-12-01T08:00:00Z',
          action: 'propose',
          options: [{_key: 'past', date: '2029-12-24', preferred_time: ''}],
        },
      ],
    })
    const passed = await accept(old.token, 'past')
    expect(passed.status).toBe(409)
    expect(((await passed.json()) as {detail: string}).detail).toBe(DATE_PASSED_MESSAGE)
    // A newer decision (a decline) closes the older proposal.
    const declined = await f.seedBooking()
    await f.bookings
      .patch(declined.booking._id)
      .set({status: 'declined'})
      .append('status_history', [
        {
          _key: 'd',
          _type: 'statusChange',
          status: 'declined',
          at: '2029-12-22T08:00:00Z',
          action: 'decline',
          message: 'Sorry',
        },
      ])
      .commit({visibility: 'sync'})
    expect((await accept(declined.token, OPTION_MORNING._key)).status).toBe(409)
    expect(await f.mailsAbout(booking._id)).toHaveLength(0)
    expect(await f.mailsAbout(declined.booking._id)).toHaveLength(0)
  })
})

describe('POST /api/requests/:token/withdraw', () => {
  it('closes the request, tells the team once, and cannot be done twice', async () => {
    const {booking, token} = await f.seedBooking()
    const [first, second] = await Promise.all([withdraw(token), withdraw(token)])
    expect([first!.status, second!.status].sort()).toEqual([200, 409])
    const loser = [first!, second!].find((r) => r.status === 409)!
    expect(((await loser.json()) as {detail: string}).detail).toBe(CANNOT_WITHDRAW_MESSAGE)
    const after = await stored(booking._id)
    expect(after.status).toBe('closed')
    expect(after.status_history.filter((e) => e.action === 'withdraw')).toHaveLength(1)
    expect(after.status_history.at(-1)).toMatchObject({
      action: 'withdraw',
      by: 'traveller',
      status: 'closed',
    })
    const mails = await f.mailsAbout(booking._id)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe(
      `Withdrawn: ${booking.booking_ref}, Lion’s Head Sunrise Hike, Friday 1 February 2030`,
    )
    const {body} = await view(token)
    expect(body).toMatchObject({status: 'closed', canWithdraw: false, proposal: null})
    expect(body.history.at(-1)!.title).toBe('Withdrawn by the traveller')
    // Nothing to accept any more either.
    expect((await accept(token, OPTION_MORNING._key)).status).toBe(409)
  })

  it('cancels a confirmed trip in the traveller’s calendar as well as telling the team', async () => {
    const {booking, token} = await f.seedBooking({
      status: 'confirmed',
      status_history: [
        {
          _key: 'created',
          _type: 'statusChange',
          status: 'new',
          at: '2029-12-20T08:00:00Z',
          by: 'website',
        },
        {
          _key: 'ok',
          _type: 'statusChange',
          status: 'confirmed',
          at: '2029-12-21T08:00:00Z',
          by: 'staff',
          action: 'confirm',
        },
      ],
    })
    expect((await withdraw(token)).status).toBe(200)
    const mails = await f.bookings.fetch<
      {to: string; subject: string; calendar_method?: string; calendar?: string}[]
    >('*[_type == "outboxMail" && about == $id] | order(mail_id asc)', {id: booking._id})
    expect(mails.map((mail) => mail.to).sort()).toEqual([booking.email, f.deps.teamEmail].sort())
    const traveller = mails.find((mail) => mail.to === booking.email)!
    expect(traveller.subject).toBe('Cancelled: Lion’s Head Sunrise Hike on Friday 1 February 2030')
    expect(traveller.calendar_method).toBe('CANCEL')
    const calendar = new ICAL.Component(ICAL.parse(traveller.calendar!))
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL')
    const [event] = calendar.getAllSubcomponents('vevent')
    expect(new ICAL.Event(event).uid).toBe(`booking-${booking._id}@${new URL(f.deps.siteUrl).hostname}`)
    // The confirmation was invitation 0; this cancellation is 1.
    expect(new ICAL.Event(event).sequence).toBe(1)
    // A request never confirmed is in nobody's calendar: the team alone hears of its withdrawal (test above).
  })

  it('refuses to withdraw a declined request', async () => {
    const {booking, token} = await f.seedBooking({status: 'declined'})
    const response = await withdraw(token)
    expect(response.status).toBe(409)
    expect((await stored(booking._id)).status).toBe('declined')
    expect(await f.mailsAbout(booking._id)).toHaveLength(0)
  })
})

describe('POST /api/requests/link', () => {
  /** Asks, and waits for what the route does after its answer (the lookup and the mail). */
  const ask = async (body: unknown) => {
    const answer = await app.request(pagePost('/link', body))
    await f.settled()
    return answer
  }

  it('answers before the booking is looked up: a match and a mismatch do the same work before the answer', async () => {
    const {booking} = await f.seedBooking()
    const bookings = f.deps.bookings
    // The private dataset as the route sees it: every call recorded, every read held until the test lets it go.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let calls: string[] = []
    f.deps.bookings = new Proxy(bookings, {
      get(target, name, receiver) {
        const value: unknown = Reflect.get(target, name, receiver)
        if (typeof value !== 'function') return value
        return async (...args: unknown[]) => {
          calls.push(String(name))
          await held
          return (value as (...a: unknown[]) => unknown).apply(target, args)
        }
      },
    })
    try {
      const before: Record<string, string[]> = {}
      const answers: Record<string, Response> = {}
      for (const [name, email] of [
        ['match', booking.email],
        ['mismatch', 'someone.else@example.com'],
      ] as const) {
        calls = []
        // The answer comes while the lookup is still held: nothing that depends on the match ran before it.
        answers[name] = await app.request(
          pagePost('/link', {reference: booking.booking_ref, email}),
        )
        before[name] = calls
      }
      expect(before.match).toEqual(before.mismatch)
      for (const answer of Object.values(answers)) {
        expect(answer.status).toBe(202)
        expect(await answer.json()).toEqual({message: LINK_SENT_MESSAGE})
      }
      release()
      await f.settled()
    } finally {
      f.deps.bookings = bookings
    }
    // The work done after the answers: one link, to the booking's own address, for the match only.
    const mails = await f.mailsAbout(booking._id)
    expect(mails.map((mail) => mail.to)).toEqual([booking.email])
  })

  it('mails a working link to the booking’s own address only when reference and email match', async () => {
    const {booking} = await f.seedBooking()
    const other = await f.seedBooking()
    const answers = [
      await ask({reference: booking.booking_ref.toLowerCase(), email: booking.email.toUpperCase()}),
      await ask({reference: booking.booking_ref, email: other.booking.email}),
      await ask({reference: 'CTE-NOPE-0000', email: booking.email}),
    ]
    for (const answer of answers) {
      expect(answer.status).toBe(202)
      expect(await answer.json()).toEqual({message: LINK_SENT_MESSAGE})
    }
    expect(await f.mailsAbout(other.booking._id)).toHaveLength(0)
    const mails = await f.mailsAbout(booking._id)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.to).toBe(booking.email)
    // Asking again at once sends no second mail: one per booking in ten minutes.
    await ask({reference: booking.booking_ref, email: booking.email})
    expect(await f.mailsAbout(booking._id)).toHaveLength(1)

    await f.outbox.flush()
    await expect.poll(() => smtpTo(booking.email).length).toBe(1)
    const link = /https:\/\/site\.test\/requests\/([\w.-]+)/.exec(mails[0]!.text)![1]!
    const {response, body} = await view(link)
    expect(response.status).toBe(200)
    expect(body.reference).toBe(booking.booking_ref)
  })

  it('quotes no name the sender typed, and sends an address no more than its limit', async () => {
    const {booking} = await f.seedBooking({name: 'Cheap watches at watches.example'})
    await ask({reference: booking.booking_ref, email: booking.email})
    const [mail] = await f.mailsAbout(booking._id)
    for (const part of [mail!.subject, mail!.text]) expect(part).not.toMatch(/watches/)
    expect(mail!.text).toMatch(/^Hello,\n\nHere is a new link to your request/)

    f.deps.unconfirmedMail = createMailBudget({
      bookings: f.bookings,
      secret: f.deps.secret,
      perRecipient: 1,
    })
    try {
      const second = await f.seedBooking({email: booking.email})
      const answer = await ask({reference: second.booking.booking_ref, email: booking.email})
      // The same answer as ever, so the form tells nobody about the limit or the booking.
      expect(answer.status).toBe(202)
      expect(await answer.json()).toEqual({message: LINK_SENT_MESSAGE})
      expect(await f.mailsAbout(second.booking._id)).toHaveLength(1)
      const third = await f.seedBooking({email: booking.email})
      expect((await ask({reference: third.booking.booking_ref, email: booking.email})).status).toBe(
        202,
      )
      expect(await f.mailsAbout(third.booking._id)).toHaveLength(0)
    } finally {
      delete f.deps.unconfirmedMail
    }
  })

  it('answers a malformed form with a clear 400 and queues nothing', async () => {
    const before = await f.bookings.fetch<number>('count(*[_type == "outboxMail"])')
    const cases: [unknown, string][] = [
      [{reference: '', email: 'a@example.com'}, 'Enter your booking reference.'],
      [
        {reference: 'CTE-1', email: 'not an email'},
        'Enter the email address you used, like name@example.com.',
      ],
      [
        {reference: 'CTE-1*', email: 'a@example.com'},
        'A booking reference has letters, digits and dashes only.',
      ],
      [
        {reference: 'CTE-1', email: 'a@example.com', extra: {deep: [1]}},
        'Send only the reference and the email address.',
      ],
      [
        {reference: ['CTE-1'], email: 'a@example.com'},
        'Enter your booking reference and the email address you used.',
      ],
    ]
    for (const [body, message] of cases) {
      const response = await ask(body)
      expect(response.status).toBe(400)
      expect(((await response.json()) as {detail: string}).detail).toBe(message)
    }
    expect(await f.bookings.fetch<number>('count(*[_type == "outboxMail"])')).toBe(before)
  })
})

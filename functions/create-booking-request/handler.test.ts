import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {
  HONEYPOT_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  PRIVACY_CONSENT_MESSAGE,
} from '@repo/schemas/booking-request.ts'
import {FULLY_BOOKED_MESSAGE, placesLeftMessage} from '@repo/schemas/capacity.ts'
import {UNAVAILABLE_DATE_MESSAGE} from '@repo/schemas/experience-settings.ts'
import {DATE_TOO_FAR_MESSAGE, PAST_DATE_MESSAGE} from '@repo/schemas/trip-check.ts'
import type {RequestErrorBody} from '@repo/schemas/booking-request.ts'
import {
  CONTROL_CHARACTER_MESSAGE,
  invisibleCharactersMessage,
  UNREADABLE_TEXT_MESSAGE,
} from '@repo/schemas/safe-text.ts'
import {EXPIRED_QUESTION_MESSAGE, WRONG_ANSWER_MESSAGE} from '@repo/schemas/security-question.ts'
import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'

import {createChallengeService, type ChallengeService} from '../lib/challenge.ts'
import {IDEMPOTENCY_KEY_REUSED_MESSAGE} from '../lib/idempotency.ts'
import {createMailBudget, WITHHELD_FOR_RECIPIENT, WITHHELD_OVERALL} from '../lib/mail-budget.ts'
import {mailContentLoader} from '../lib/mail-content.ts'
import {
  createOutbox,
  fileTransport,
  outboxMailId,
  smtpTransport,
  type OutboxMailDocument,
  type Outbox,
} from '../lib/mailer.ts'
import {createRateLimiter} from '../lib/rate-limit.ts'
import {checkRequestLink} from '../lib/request-link.ts'
import {jsonPost} from '../lib/testing/json-request.ts'
import {startSmtpListener} from '../lib/testing/smtp-listener.ts'
import {solvedQuestion} from '../lib/testing/solve-question.ts'
import {
  bookingNotifier,
  queueBookingNotifications,
  type BookingMailDeps,
} from '../send-booking-notifications/handler.ts'
import {
  createBookingRequest,
  UNKNOWN_EXPERIENCE_MESSAGE,
  type CreateBookingRequestDeps,
} from './handler.ts'

const TODAY = '2030-01-01'
const INVISIBLE_NAME = invisibleCharactersMessage('your name')
let lake: TestLake
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let outbox: Outbox
let deps: CreateBookingRequestDeps
let challenges: ChallengeService

const solved = () => solvedQuestion(challenges)

const form = () => ({
  experienceId: 'lions-head-sunset-hike',
  date: '2030-01-05',
  preferredTime: 'Sunset',
  adults: 2,
  children: 1,
  name: 'Thandi Nkosi',
  email: 'thandi@example.com',
  phone: '+27 82 000 0000',
  country: 'South Africa',
  consentBooking: true,
  consentPrivacy: true,
  utmSource: 'newsletter',
  ...solved(),
})

const post = (body: unknown, headers: Record<string, string> = {}) =>
  jsonPost('/api/booking-requests', body, headers)

const send = (body: unknown, headers: Record<string, string> = {}, address = '10.0.0.1') =>
  createBookingRequest(post(body, headers), {clientAddress: address}, deps)

const LINK_SECRET = 'request-link-secret-for-the-handler-tests'
const SETTINGS = {
  _id: 'siteSettings',
  _type: 'siteSettings',
  siteName: 'Cape Curated',
  email: 'hello@capecurated.example',
  mailFromName: 'Cape Curated',
  mailFromAddress: 'bookings@capecurated.example',
  mailSignature: 'Warm wishes,\nThe Cape Curated team',
}

/** How the site's runtime composes a booking's mails, with this outbox. */
const mailDeps = (mailOutbox: Outbox): BookingMailDeps => ({
  outbox: mailOutbox,
  teamEmail: 'team@example.com',
  mailContent: mailContentLoader(lake.client({perspective: 'published'})),
  siteUrl: 'https://site.example',
  requestLinkSecret: LINK_SECRET,
})

/** A mail as the outbox stored it in the lake: subject, text and HTML as composed. */
const storedMail = (id: string) =>
  lake
    .client({token: lake.secrets.writeToken, dataset: 'bookings'})
    .getDocument<OutboxMailDocument>(outboxMailId(id))

const countBookings = () =>
  lake
    .client({token: lake.secrets.writeToken, dataset: 'bookings'})
    .fetch<number>('count(*[_type == "booking"])')

beforeAll(async () => {
  lake = await startTestLake()
  challenges = createChallengeService({
    secret: 'test-secret-test-secret',
    bookings: lake.client({token: lake.secrets.writeToken, dataset: 'bookings'}),
  })
  smtp = await startSmtpListener()
  const admin = lake.client({token: lake.secrets.rootToken})
  await admin
    .transaction()
    .createOrReplace({
      _id: 'exp-hike',
      _type: 'experience',
      title: "Lion's Head Sunset Hike",
      slug: {_type: 'slug', current: 'lions-head-sunset-hike'},
      category: 'adventure',
      duration: '2–4 hours',
    })
    .createOrReplace(SETTINGS)
    .createOrReplace({
      _id: 'settings-hike',
      _type: 'experienceSettings',
      experience: {_type: 'reference', _ref: 'exp-hike'},
      minPax: 1,
      maxPax: 8,
      blackoutDates: ['2030-01-06'],
      timeSlots: ['Morning', 'Sunset'],
      leadTimeDays: 2,
    })
    .commit()
  outbox = createOutbox({
    bookings: lake.client({token: lake.secrets.writeToken, dataset: 'bookings'}),
    transport: smtpTransport(smtp.url),
    from: 'Bookings <bookings@example.com>',
  })
  deps = {
    content: lake.client({perspective: 'published'}),
    bookings: lake.client({token: lake.secrets.writeToken, dataset: 'bookings'}),
    challenges,
    rateLimiter: createRateLimiter({limit: 1000, windowMs: 60_000}),
    notify: bookingNotifier(mailDeps(outbox)),
    today: () => TODAY,
    onError: () => {},
  }
})

afterAll(async () => {
  await outbox?.stop()
  await smtp?.close()
  await lake?.stop()
})

describe('create-booking-request with the real lake and SMTP', () => {
  it('stores a double submit once and delivers both mails', async () => {
    const body = form()
    const key = {'Idempotency-Key': 'double-submit-0001'}
    const [first, second] = await Promise.all([send(body, key), send(body, key)])
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    const a = (await first.json()) as {booking_ref: string}
    const b = (await second.json()) as {booking_ref: string}
    expect(a.booking_ref).toMatch(/^CTE-[0-9A-Z]{4}-[0-9A-Z]{4}$/)
    expect(b.booking_ref).toBe(a.booking_ref)
    // A later retry of the same request also answers with the same reference.
    expect(((await (await send(body, key)).json()) as {booking_ref: string}).booking_ref).toBe(
      a.booking_ref,
    )

    const stored = await deps.bookings.fetch('*[_type == "booking"]')
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({
      booking_ref: a.booking_ref,
      status: 'new',
      experience_id: 'lions-head-sunset-hike',
      experience_title: "Lion's Head Sunset Hike",
      pax_total: 3,
      utm_source: 'newsletter',
    })
    expect(Date.parse(stored[0]!.created_at)).not.toBeNaN()

    await outbox.flush()
    await expect.poll(() => smtp.received.length).toBe(2)
    const bookingId = stored[0]!._id
    const traveller = smtp.received.find((m) => m.to.includes('thandi@example.com'))!
    // The brand of site settings: its sender, and Message-IDs in its domain.
    expect(traveller.from).toBe('bookings@capecurated.example')
    expect(traveller.raw).toMatch(/^From: "?Cape Curated"? <bookings@capecurated\.example>/m)
    // Headers may be folded onto a second line.
    expect(traveller.raw.replace(/\r?\n[ \t]+/g, ' ')).toContain(
      `Message-ID: <${bookingId}-traveller@capecurated.example>`,
    )
    expect(traveller.raw).toMatch(/Content-Type: text\/plain/i)
    expect(traveller.raw).toMatch(/Content-Type: text\/html/i)

    // The acknowledgement's default template, filled in words, with the signature of site settings.
    const acknowledgement = (await storedMail(`${bookingId}-traveller`))!
    expect(acknowledgement.subject).toBe(
      `We have your request ${a.booking_ref}: Lion's Head Sunset Hike`,
    )
    expect(acknowledgement.text).toContain(
      "Hello,\n\nThank you for your request to join Lion's Head Sunset Hike on Saturday 5 January 2030.",
    )
    expect(acknowledgement.text).toContain('Group: 2 adults, 1 child\nPreferred time: Sunset')
    expect(acknowledgement.text).toMatch(/Warm wishes,\nThe Cape Curated team\n$/)
    // The traveller's private link, signed for this booking.
    const link = /https:\/\/site\.example\/requests\/(\S+)/.exec(acknowledgement.text)![1]!
    expect(checkRequestLink(LINK_SECRET, link, new Date())).toMatchObject({ok: true, bookingId})
    expect(acknowledgement.html).toMatch(/^<!doctype html><html lang="en-GB">/)
    expect(acknowledgement.html).toContain(
      `<title>We have your request ${a.booking_ref}: Lion&#39;s Head Sunset Hike</title>`,
    )
    expect(acknowledgement.html).toContain(`<a href="https://site.example/requests/${link}">`)

    // The team's table: every field in words, never a stored value or an ISO date.
    const team = (await storedMail(`${bookingId}-team`))!
    expect(team).toMatchObject({
      to: 'team@example.com',
      reply_to: 'thandi@example.com',
      subject: `New booking request ${a.booking_ref}: Lion's Head Sunset Hike, Saturday 5 January 2030`,
    })
    for (const row of [
      'Category: Adventure & Outdoors',
      'Date: Saturday 5 January 2030',
      'Group: 3 (2 adults, 1 child)',
      'Phone: +27 82 000 0000',
      'Newsletter and offers: No',
      'UTM source: newsletter',
      'Pick-up location: —',
    ])
      expect(team.text).toContain(row)
    expect(team.text).toMatch(/Received: \d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2} SAST/)
    expect(team.html).toContain(
      '<th scope="row" align="left">Category</th><td>Adventure &amp; Outdoors</td>',
    )
    for (const mail of [acknowledgement, team])
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toMatch(/\d{4}-\d{2}-\d{2}/)
        expect(part).not.toMatch(/\badventure\b|\btrue\b|\bfalse\b/)
      }
  })

  it('answers bad input with a clear 4xx and stores nothing', async () => {
    const cases: [unknown, number, string][] = [
      [
        {...form(), challengeToken: undefined, securityAnswer: undefined},
        400,
        WRONG_ANSWER_MESSAGE,
      ],
      [{...form(), securityAnswer: '99'}, 400, WRONG_ANSWER_MESSAGE],
      [{...form(), challengeToken: 'forged.9999999999999.abc'}, 400, WRONG_ANSWER_MESSAGE],
      [{...form(), website: 'http://spam.example'}, 400, HONEYPOT_MESSAGE],
      [{...form(), name: ''}, 400, NAME_REQUIRED_MESSAGE],
      [{...form(), consentPrivacy: false}, 400, PRIVACY_CONSENT_MESSAGE],
      [
        {...form(), name: 'Eve\r\nBcc: all@example.com'},
        400,
        'Use a single line without special characters.',
      ],
      [{...form(), date: '2030-01-06'}, 400, UNAVAILABLE_DATE_MESSAGE],
      [{...form(), date: '2030-01-02'}, 400, UNAVAILABLE_DATE_MESSAGE],
      [{...form(), date: '2029-12-01'}, 400, PAST_DATE_MESSAGE],
      [{...form(), date: '9999-12-31'}, 400, DATE_TOO_FAR_MESSAGE],
      [{...form(), date: '2032-01-02'}, 400, DATE_TOO_FAR_MESSAGE],
      [{...form(), name: 'Thandi\u202Eisokn'}, 400, INVISIBLE_NAME],
      [{...form(), name: 'Tha\u200Bndi'}, 400, INVISIBLE_NAME],
      [{...form(), name: '\u200DThandi'}, 400, INVISIBLE_NAME],
      [{...form(), notes: 'ring the bell\u0007\u001b[2J'}, 400, CONTROL_CHARACTER_MESSAGE],
      [{...form(), notes: 'a\u0000b'}, 400, CONTROL_CHARACTER_MESSAGE],
      // A lone surrogate as JSON carries it: an escape, not UTF-8 bytes.
      [
        JSON.stringify(form()).replace('Thandi Nkosi', 'Thandi \\ud800'),
        400,
        UNREADABLE_TEXT_MESSAGE,
      ],
      [{...form(), adults: 8, children: 1}, 400, 'Please choose between 1 and 8 people in total.'],
      [{...form(), preferredTime: 'Midnight'}, 400, 'Please choose one of the listed times.'],
      [{...form(), experienceId: 'no-such-experience'}, 400, UNKNOWN_EXPERIENCE_MESSAGE],
      [{...form(), adults: '2'}, 400, 'Please choose the number of people.'],
      ['{not json', 400, 'The request is not valid JSON.'],
      [[1, 2], 400, 'Send the form fields as a JSON object.'],
      [
        {...form(), notes: 'x'.repeat(20_000)},
        413,
        'The request is too large: this address takes at most 16 KB. Nothing was saved.',
      ],
    ]
    for (const [body, status, message] of cases) {
      const response = await send(body)
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(status)
      expect(((await response.json()) as {detail: string}).detail).toBe(message)
    }
    expect(await countBookings()).toBe(1)
  })

  it('refuses a replayed challenge under another key', async () => {
    const body = form()
    expect((await send(body, {'Idempotency-Key': 'replay-first-01'})).status).toBe(201)
    const replay = await send(body, {'Idempotency-Key': 'replay-second-01'})
    expect(replay.status).toBe(400)
    expect(((await replay.json()) as {detail: string}).detail).toBe(EXPIRED_QUESTION_MESSAGE)
    expect(await countBookings()).toBe(2)
  })

  it('refuses a question used through one site server when it is replayed through another', async () => {
    // A second site server: its own lake client, security questions, rate limits, outbox and DATA_DIR.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'second-server-'))
    const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
    const secondOutbox = createOutbox({
      bookings,
      transport: fileTransport(path.join(dataDir, 'outbox')),
      from: 'Bookings <bookings@example.com>',
    })
    const second: CreateBookingRequestDeps = {
      ...deps,
      bookings,
      challenges: createChallengeService({secret: 'test-secret-test-secret', bookings}),
      rateLimiter: createRateLimiter({limit: 1000, windowMs: 60_000}),
      notify: bookingNotifier(mailDeps(secondOutbox)),
    }
    try {
      const body = form()
      const first = await send(body, {'Idempotency-Key': 'two-servers-first-01'})
      expect(first.status).toBe(201)
      const {booking_ref} = (await first.json()) as {booking_ref: string}
      const before = await countBookings()

      const replay = await createBookingRequest(
        post(body, {'Idempotency-Key': 'two-servers-other-01'}),
        {clientAddress: '10.0.0.1'},
        second,
      )
      expect(replay.status).toBe(400)
      expect(((await replay.json()) as {detail: string}).detail).toBe(EXPIRED_QUESTION_MESSAGE)
      // The first request's own retry, sent to the other server, gets its reference back.
      const retry = await createBookingRequest(
        post(body, {'Idempotency-Key': 'two-servers-first-01'}),
        {clientAddress: '10.0.0.1'},
        second,
      )
      expect(retry.status).toBe(201)
      expect(await retry.json()).toEqual({booking_ref})
      expect(await countBookings()).toBe(before)

      // And the other way round: a question used through the second server is refused by the first.
      const fresh = form()
      const viaSecond = await createBookingRequest(
        post(fresh, {'Idempotency-Key': 'two-servers-second-01'}),
        {clientAddress: '10.0.0.1'},
        second,
      )
      expect(viaSecond.status).toBe(201)
      const back = await send(fresh, {'Idempotency-Key': 'two-servers-second-02'})
      expect(back.status).toBe(400)
      expect(await countBookings()).toBe(before + 1)
      // Its mails went out from its own DATA_DIR.
      await secondOutbox.flush()
      expect(fs.readdirSync(path.join(dataDir, 'outbox'))).toHaveLength(2)
    } finally {
      await secondOutbox.stop()
      fs.rmSync(dataDir, {recursive: true, force: true})
    }
  })

  it('takes one of 20 requests racing with one question through five server instances', async () => {
    const servers = Array.from({length: 5}, () => {
      const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
      return {
        ...deps,
        bookings,
        challenges: createChallengeService({secret: 'test-secret-test-secret', bookings}),
        notify: {mails: () => [], stored: () => {}},
      }
    })
    const body = form()
    const before = await countBookings()
    const responses = await Promise.all(
      Array.from({length: 20}, (_, i) =>
        createBookingRequest(
          post(body, {'Idempotency-Key': `one-question-race-${i}`}),
          {clientAddress: '10.0.0.1'},
          servers[i % 5]!,
        ),
      ),
    )
    const statuses = responses.map((response) => response.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
    expect(statuses.filter((status) => status === 400)).toHaveLength(19)
    for (const response of responses.filter((r) => r.status === 400))
      expect(((await response.json()) as {detail: string}).detail).toBe(EXPIRED_QUESTION_MESSAGE)
    expect(await countBookings()).toBe(before + 1)
  })

  it('leaves the question of a refused request unused: it is used when a request is stored', async () => {
    const question = solved()
    const blackout = await send(
      {...form(), ...question, date: '2030-01-06'},
      {'Idempotency-Key': 'refused-first-0001'},
    )
    expect(blackout.status).toBe(400)
    const next = await send({...form(), ...question}, {'Idempotency-Key': 'refused-then-0001'})
    expect(next.status).toBe(201)
    const again = await send({...form(), ...question}, {'Idempotency-Key': 'refused-third-0001'})
    expect(again.status).toBe(400)
  })

  it('answers a retry whose question expired with the stored reference, and a new request with the message', async () => {
    let clock = Date.now()
    const timed = {
      ...deps,
      challenges: createChallengeService({
        secret: 'clock-secret-clock-secret',
        bookings: deps.bookings,
        now: () => clock,
      }),
    }
    const body = {...form(), ...solvedQuestion(timed.challenges)}
    const key = {'Idempotency-Key': 'expired-retry-0001'}
    const first = await createBookingRequest(post(body, key), {clientAddress: '10.0.0.2'}, timed)
    expect(first.status).toBe(201)
    const {booking_ref} = (await first.json()) as {booking_ref: string}
    const before = await countBookings()

    clock += 31 * 60_000
    const retry = await createBookingRequest(post(body, key), {clientAddress: '10.0.0.2'}, timed)
    expect(retry.status).toBe(201)
    expect(await retry.json()).toEqual({booking_ref})
    const other = await createBookingRequest(
      post(body, {'Idempotency-Key': 'expired-other-0001'}),
      {clientAddress: '10.0.0.2'},
      timed,
    )
    expect(other.status).toBe(400)
    expect(((await other.json()) as {detail: string}).detail).toBe(EXPIRED_QUESTION_MESSAGE)
    expect(await countBookings()).toBe(before)
  })

  it('limits requests per client address', async () => {
    const limited = {...deps, rateLimiter: createRateLimiter({limit: 2, windowMs: 60_000})}
    const statuses = []
    for (let i = 0; i < 3; i++)
      statuses.push(
        (await createBookingRequest(post({}), {clientAddress: '10.9.9.9'}, limited)).status,
      )
    expect(statuses).toEqual([400, 400, 429])
  })

  it('with several site servers, one address gets at most servers × the limit a minute (docs/decisions/015-rate-limits-per-server.md)', async () => {
    let clock = Date.now()
    const servers = Array.from({length: 3}, () => ({
      ...deps,
      bookings: lake.client({token: lake.secrets.writeToken, dataset: 'bookings'}),
      rateLimiter: createRateLimiter({limit: 2, windowMs: 60_000, now: () => clock}),
      notify: {mails: () => [], stored: () => {}},
    }))
    const ADDRESS = '10.16.0.1'
    // A load balancer taking turns: the worst case for per-server counters.
    const round = (tag: string) =>
      Promise.all(
        Array.from({length: 9}, async (_, i) => {
          const response = await createBookingRequest(
            post(form(), {'Idempotency-Key': `servers-${tag}-${i}-0001`}),
            {clientAddress: ADDRESS},
            servers[i % 3]!,
          )
          return response.status
        }),
      )
    const before = await countBookings()
    const first = await round('a')
    expect(first.filter((status) => status === 201)).toHaveLength(6)
    expect(first.filter((status) => status === 429)).toHaveLength(3)
    expect(await countBookings()).toBe(before + 6)

    clock += 60_000
    expect((await round('b')).filter((status) => status === 201)).toHaveLength(6)
    expect(await countBookings()).toBe(before + 12)
  })

  it('answers a retry with the first reference and the same key with other data with 422', async () => {
    const key = {'Idempotency-Key': 'reused-key-00001'}
    // Its own address, clear of the rate-limit test above.
    const ADDRESS = '10.0.0.77'
    const first = await send(form(), key, ADDRESS)
    expect(first.status).toBe(201)
    const {booking_ref} = (await first.json()) as {booking_ref: string}
    const before = await countBookings()

    // The same data with a fresh security question is a retry of the same submission.
    const retry = await send(form(), key, ADDRESS)
    expect(retry.status).toBe(201)
    expect(await retry.json()).toEqual({booking_ref})

    const other = await send({...form(), name: 'Somebody Else', adults: 1}, key, ADDRESS)
    expect(other.status).toBe(422)
    expect(((await other.json()) as {detail: string}).detail).toBe(IDEMPOTENCY_KEY_REUSED_MESSAGE)
    expect(await countBookings()).toBe(before)
    const stored = await lake
      .client({token: lake.secrets.writeToken, dataset: 'bookings'})
      .fetch<{name: string}>('*[booking_ref == $ref][0]{name}', {ref: booking_ref})
    expect(stored.name).toBe('Thandi Nkosi')
  })
})

describe('create-booking-request and places', () => {
  const confirmed = (id: string, date: string, pax: number, time = 'Sunset') => ({
    _id: id,
    _type: 'booking',
    status: 'confirmed',
    experience_id: 'lions-head-sunset-hike',
    date,
    preferred_time: time,
    pax_total: pax,
  })

  beforeAll(async () => {
    await deps.bookings
      .transaction()
      .createOrReplace(confirmed('cap-full', '2030-01-08', 8))
      .createOrReplace(confirmed('cap-some', '2030-01-09', 6))
      .createOrReplace({...confirmed('cap-asked', '2030-01-10', 8), status: 'new'})
      .commit()
  })

  it('refuses a full departure with 409, the fully-booked message and the nearest alternatives, storing nothing', async () => {
    const before = await countBookings()
    const response = await send({...form(), date: '2030-01-08'})
    expect(response.status).toBe(409)
    const body = (await response.json()) as {
      detail: string
      fieldErrors: Record<string, string[]>
      alternatives: {date: string; slot: string; left: number}[]
    }
    expect(body.detail).toBe(FULLY_BOOKED_MESSAGE)
    expect(body.fieldErrors.date).toEqual([FULLY_BOOKED_MESSAGE])
    // The same day's other slot first, then the nearest dates' Sunset and Morning.
    expect(body.alternatives).toEqual([
      {date: '2030-01-08', slot: 'Morning', left: 8},
      {date: '2030-01-07', slot: 'Morning', left: 8},
      {date: '2030-01-07', slot: 'Sunset', left: 8},
    ])
    // No PII of the confirmed bookings in the answer.
    expect(JSON.stringify(body)).not.toContain('cap-full')
    expect(await countBookings()).toBe(before)
  })

  it('refuses a departure staff cancelled (the weather), and never offers it as an alternative', async () => {
    await deps.bookings.createOrReplace({
      _id: 'departure-lions-head-sunset-hike-2030-01-12',
      _type: 'departure',
      experience_id: 'lions-head-sunset-hike',
      date: '2030-01-12',
      cancelled_at: '2030-01-01T08:00:00Z',
    })
    const before = await countBookings()
    const response = await send({...form(), date: '2030-01-12'})
    expect(response.status).toBe(409)
    const body = (await response.json()) as {detail: string; alternatives: {date: string}[]}
    expect(body.detail).toBe(FULLY_BOOKED_MESSAGE)
    expect(body.alternatives.map((a) => a.date)).not.toContain('2030-01-12')
    expect(await countBookings()).toBe(before)
  })

  it('says how many places are left when the group is bigger, and takes a group that fits', async () => {
    const before = await countBookings()
    const tooMany = await send({...form(), date: '2030-01-09', adults: 2, children: 1})
    expect(tooMany.status).toBe(409)
    expect(((await tooMany.json()) as {detail: string}).detail).toBe(placesLeftMessage(2))
    expect(await countBookings()).toBe(before)
    const fits = await send({...form(), date: '2030-01-09', adults: 2, children: 0})
    expect(fits.status).toBe(201)
  })

  it('counts requests as asking, not taking: a date full of requests still takes another', async () => {
    expect((await send({...form(), date: '2030-01-10'})).status).toBe(201)
  })

  it('says a past date has passed, under the date, with no alternatives to it', async () => {
    const before = await countBookings()
    const response = await send({...form(), date: '2029-12-01'})
    expect(response.status).toBe(400)
    const body = (await response.json()) as RequestErrorBody
    expect(body.fieldErrors).toEqual({date: [PAST_DATE_MESSAGE]})
    expect(body.alternatives).toBeUndefined()
    expect(await countBookings()).toBe(before)
  })

  it('offers alternatives for a blackout date too', async () => {
    const response = await send({...form(), date: '2030-01-06'})
    expect(response.status).toBe(400)
    const body = (await response.json()) as {detail: string; alternatives: unknown[]}
    expect(body.detail).toBe(UNAVAILABLE_DATE_MESSAGE)
    expect(body.alternatives).toEqual([
      {date: '2030-01-05', slot: 'Morning', left: 8},
      {date: '2030-01-05', slot: 'Sunset', left: 8},
      {date: '2030-01-07', slot: 'Morning', left: 8},
    ])
  })
})

describe('mail templates editors own', () => {
  it('writes the next booking’s mail from the template an editor has just published, never from a draft', async () => {
    const editor = lake.client({token: lake.secrets.rootToken})
    const template = {
      _id: 'mailTemplate-acknowledgement',
      _type: 'mailTemplate',
      kind: 'acknowledgement',
      subject: 'Sawubona: {experience} is pencilled in',
      body: 'Molo,\n\nWe are holding {date} for {group} while we check with the guide.\n\n{requestLink}',
    }
    try {
      await editor.createOrReplace(template)
      // An unpublished draft is the editor's work in progress, not what travellers get.
      await editor.createOrReplace({
        ...template,
        _id: `drafts.${template._id}`,
        subject: 'DRAFT {name}',
      })
      // A fresh read, as the next request of a server gets once its two seconds have passed.
      const next = {...deps, notify: bookingNotifier(mailDeps(outbox))}
      const response = await createBookingRequest(
        post(form(), {'Idempotency-Key': 'template-change-01'}),
        {clientAddress: '10.0.0.2'},
        next,
      )
      expect(response.status).toBe(201)
      const {booking_ref} = (await response.json()) as {booking_ref: string}
      const bookingId = await deps.bookings.fetch<string>(
        '*[_type == "booking" && booking_ref == $ref][0]._id',
        {ref: booking_ref},
      )
      const mail = (await storedMail(`${bookingId}-traveller`))!
      expect(mail.subject).toBe("Sawubona: Lion's Head Sunset Hike is pencilled in")
      expect(mail.text).toMatch(
        /^Molo,\n\nWe are holding Saturday 5 January 2030 for 2 adults, 1 child while we check with the guide\.\n\nhttps:\/\/site\.example\/requests\/\S+\n\nWarm wishes,\nThe Cape Curated team\n$/,
      )
      expect(mail.html).toContain('<p>Molo,</p>')
      // The team's mail keeps its own (default) template.
      expect((await storedMail(`${bookingId}-team`))!.subject).toBe(
        `New booking request ${booking_ref}: Lion's Head Sunset Hike, Saturday 5 January 2030`,
      )
    } finally {
      await editor.transaction().delete(template._id).delete(`drafts.${template._id}`).commit()
    }
  })
})

describe('mail to an address nobody has confirmed', () => {
  const SPAM = 'Cheap watches at watches.example, call +1 555 0100'
  const spamForm = (email: string) => ({
    ...form(),
    name: SPAM,
    email,
    notes: 'Visit https://watches.example/deal today',
    pickupLocation: 'watches.example',
  })
  const bookingIdOf = (reference: string) =>
    deps.bookings.fetch<string>('*[_type == "booking" && booking_ref == $reference][0]._id', {
      reference,
    })
  const book = async (body: unknown, key: string, notifier = deps.notify) => {
    const response = await createBookingRequest(
      post(body, {'Idempotency-Key': key}),
      {clientAddress: '10.0.9.1'},
      {...deps, notify: notifier},
    )
    expect(response.status).toBe(201)
    return bookingIdOf(((await response.json()) as {booking_ref: string}).booking_ref)
  }
  const receivedBy = (address: string) =>
    smtp.received.filter((m) => m.to.some((to) => to.toLowerCase() === address))

  it('quotes nothing the sender typed, even from a template written past the studio', async () => {
    const editor = lake.client({token: lake.secrets.rootToken})
    // Saved through the API: {name} is not one of the acknowledgement's placeholders, so the studio refuses it.
    const template = {
      _id: 'mailTemplate-acknowledgement',
      _type: 'mailTemplate',
      kind: 'acknowledgement',
      subject: 'Hi {name}: {reference}',
      body: 'Dear {name},\n\n{details}\n\n{requestLink}',
    }
    await editor.createOrReplace(template)
    try {
      const id = await book(
        spamForm('relay-target@example.com'),
        'spam-relay-0001',
        bookingNotifier(mailDeps(outbox)),
      )
      await outbox.flush()
      await expect.poll(() => receivedBy('relay-target@example.com').length).toBe(1)
      const [mail] = receivedBy('relay-target@example.com')
      const stored = (await storedMail(`${id}-traveller`))!
      for (const part of [mail!.raw, stored.subject, stored.text, stored.html])
        expect(part).not.toMatch(/watches|Cheap|555/)
      // The kind's default text, in words the business chose.
      expect(stored.text).toMatch(
        /^Hello,\n\nThank you for your request to join Lion's Head Sunset Hike/,
      )
      // The team, who read every request before answering it, still see what was typed.
      expect((await storedMail(`${id}-team`))!.text).toContain(SPAM)
    } finally {
      await editor.delete(template._id)
    }
  })

  it('sends an address at most its share of acknowledgements, however the address is written, and the site at most its own', async () => {
    const unconfirmedMail = createMailBudget({
      bookings: deps.bookings,
      secret: LINK_SECRET,
      perRecipient: 2,
      overall: 4,
    })
    const notifier = bookingNotifier({...mailDeps(outbox), unconfirmedMail})
    const sent: string[] = []
    for (const [index, email] of [
      'victim@example.com',
      'Victim+a@Example.com',
      'victim+b@example.com',
    ].entries())
      sent.push(await book({...form(), email}, `budget-victim-${index}`, notifier))
    for (const [index, email] of [
      'one@example.com',
      'two@example.com',
      'three@example.com',
    ].entries())
      sent.push(await book({...form(), email}, `budget-overall-${index}`, notifier))
    await outbox.flush()
    const status = async (id: string) => {
      const mail = (await storedMail(`${id}-traveller`))!
      return [mail.status, mail.last_error ?? '']
    }
    expect(await Promise.all(sent.map(status))).toEqual([
      ['sent', ''],
      ['sent', ''],
      ['failed', WITHHELD_FOR_RECIPIENT],
      ['sent', ''],
      ['sent', ''],
      ['failed', WITHHELD_OVERALL],
    ])
    for (const id of sent) expect((await storedMail(`${id}-team`))!.status).toBe('sent')
    await expect
      .poll(
        () => receivedBy('victim@example.com').length + receivedBy('victim+a@example.com').length,
      )
      .toBe(2)
    expect(receivedBy('victim+b@example.com')).toEqual([])
    expect(receivedBy('three@example.com')).toEqual([])
    // The sweep queuing the same mails again sends nothing more.
    await queueBookingNotifications(
      (await deps.bookings.getDocument(sent[2]!)) as never,
      mailDeps(outbox),
    )
    await outbox.flush()
    expect(await status(sent[2]!)).toEqual(['failed', WITHHELD_FOR_RECIPIENT])
  })

  it('stores a country and a source the traveller did not choose as no value, as the studio’s options have it', async () => {
    const response = await send({...form(), date: '2030-02-05', country: '', howHeard: ''})
    expect(response.status).toBe(201)
    const {booking_ref} = (await response.json()) as {booking_ref: string}
    const stored = await deps.bookings.fetch<Record<string, unknown>>(
      '*[_type == "booking" && booking_ref == $ref][0]',
      {ref: booking_ref},
    )
    expect(stored).toMatchObject({name: 'Thandi Nkosi', status: 'new'})
    expect(stored).not.toHaveProperty('country')
    expect(stored).not.toHaveProperty('how_heard_about_us')
  })
})

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'

import {createChallengeService, type ChallengeService} from '../lib/challenge.ts'
import {createRateLimiter} from '../lib/rate-limit.ts'
import {solvedQuestion} from '../lib/testing/solve-question.ts'
import {createBookingRequest, type CreateBookingRequestDeps} from './handler.ts'

/**
 * At least 1,000 malformed or hostile requests (wrong types, missing fields, huge bodies,
 * script tags, CRLF in names, unknown experiences, past dates, replayed challenges) each get a 4xx with a
 * message, and none is stored.
 */
const TODAY = '2030-01-01'
let lake: TestLake
let deps: CreateBookingRequestDeps
let challenges: ChallengeService

// A small deterministic generator, so a failure can be replayed.
let seed = 20301
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!

const solved = () => solvedQuestion(challenges)

const valid = (): Record<string, unknown> => ({
  experienceId: 'fuzz-walk',
  date: '2030-01-10',
  adults: 2,
  children: 0,
  name: 'Fuzz Tester',
  email: 'fuzz@example.com',
  consentBooking: true,
  consentPrivacy: true,
  ...solved(),
})

const REQUIRED = [
  'experienceId',
  'date',
  'adults',
  'children',
  'name',
  'email',
  'consentBooking',
  'consentPrivacy',
  'securityAnswer',
  'challengeToken',
]
const WRONG_TYPES = [null, 42, -1, 1.5, true, [], {}, ['a'], {$ne: 1}, '']
const HOSTILE_TEXT = [
  '<script>alert(1)</script>',
  'Eve\r\nBcc: all@example.com',
  'Eve\nSubject: spam',
  'x'.repeat(5000),
  '\u0000',
  '"><img src=x onerror=alert(1)>',
  'Eve\u{E0049}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}',
  'Eve\u2028Bcc: all@example.com',
  'Eve\u3164',
  'Eve\u{1F600}\uFE0F\uFE0E\u{E0101}',
]
let replayToken: {challengeToken: string; securityAnswer: string}

type Case = {body: string; headers?: Record<string, string>}
let lastKind = -1

function mutate(): Case {
  const body = valid()
  lastKind = Math.floor(random() * 12)
  switch (lastKind) {
    case 0:
      delete body[pick(REQUIRED)]
      break
    case 1:
      {
        const key = pick(REQUIRED)
        const value = pick(WRONG_TYPES)
        // `true` is the one right value of a consent.
        body[key] = value === true && key.startsWith('consent') ? 'yes' : value
      }
      break
    case 2:
      body[pick(['name', 'email', 'phone', 'pickupLocation', 'preferredTime', 'utmSource'])] =
        pick(HOSTILE_TEXT)
      if (
        body.phone === undefined &&
        body.pickupLocation === undefined &&
        body.preferredTime === undefined
      )
        break
      // A hostile value in an optional field: also break a required one only when the hostile value might pass.
      break
    case 3:
      body.experienceId = pick([
        'no-such-walk',
        '../../etc/passwd',
        '*',
        'drafts.fuzz-exp',
        '" || true',
      ])
      break
    case 4:
      body.date = pick([
        '2029-12-31',
        '2030-01-02',
        '2030-02-30',
        '10/01/2030',
        '2030-1-10',
        '',
        '2019-01-01',
      ])
      break
    case 5:
      Object.assign(
        body,
        pick([
          {adults: 0, children: 0},
          {adults: 5, children: 2},
          {adults: 101, children: 0},
          {adults: -2, children: 3},
        ]),
      )
      break
    case 6:
      Object.assign(body, replayToken)
      break
    case 7:
      body.securityAnswer = pick(['0', '21', '999', 'ten', '1e1', ' ', '-5'])
      break
    case 8:
      body.website = pick(['http://spam.example', 'x', '<a href=x>'])
      break
    case 9:
      body.challengeToken = pick([
        '',
        'a.b.c',
        'x'.repeat(600),
        `${(body.challengeToken as string).slice(0, -2)}xx`,
        'a.1.b.c',
      ])
      break
    case 10:
      return {
        body: pick([
          '',
          'null',
          '[]',
          '"text"',
          '{',
          '{"a":',
          'x'.repeat(40_000),
          JSON.stringify({...body, notes: 'n'.repeat(20_000)}),
        ]),
      }
    default:
      return {
        body: JSON.stringify(body),
        headers: pick<Record<string, string>>([
          {'content-type': 'application/x-www-form-urlencoded'},
          {'Idempotency-Key': 'bad key with spaces'},
          {'Idempotency-Key': 'x'},
        ]),
      }
  }
  return {body: JSON.stringify(body)}
}

beforeAll(async () => {
  lake = await startTestLake()
  challenges = createChallengeService({
    secret: 'fuzz-secret-fuzz-secret',
    bookings: lake.client({token: lake.secrets.writeToken, dataset: 'bookings'}),
  })
  await lake
    .client({token: lake.secrets.rootToken})
    .transaction()
    .createOrReplace({
      _id: 'fuzz-exp',
      _type: 'experience',
      title: 'Fuzz Walk',
      slug: {_type: 'slug', current: 'fuzz-walk'},
      category: 'culture',
    })
    .createOrReplace({
      _id: 'fuzz-settings',
      _type: 'experienceSettings',
      experience: {_type: 'reference', _ref: 'fuzz-exp'},
      minPax: 1,
      maxPax: 6,
      blackoutDates: ['2030-01-11'],
      timeSlots: ['Morning', 'Afternoon'],
      leadTimeDays: 2,
    })
    .commit()
  deps = {
    content: lake.client({perspective: 'published'}),
    bookings: lake.client({token: lake.secrets.writeToken, dataset: 'bookings'}),
    challenges,
    rateLimiter: createRateLimiter({limit: 100_000, windowMs: 60_000}),
    notify: {mails: () => [], stored: () => {}},
    today: () => TODAY,
    onError: () => {},
  }
})

afterAll(async () => {
  await lake?.stop()
})

describe('create-booking-request under fuzzing', () => {
  it('answers 1,200 malformed or hostile requests with a 4xx and a message, and stores none of them', async () => {
    // One real booking whose solved challenge the fuzzer then replays.
    replayToken = solved()
    const first = await createBookingRequest(
      new Request('http://site.test/api/booking-requests', {
        method: 'POST',
        headers: {'content-type': 'application/json'},
        body: JSON.stringify({...valid(), ...replayToken}),
      }),
      {clientAddress: '10.1.1.1'},
      deps,
    )
    expect(first.status).toBe(201)

    const statuses = new Map<number, number>()
    for (let i = 0; i < 1200; i++) {
      const {body, headers = {}} = mutate()
      const response = await createBookingRequest(
        new Request('http://site.test/api/booking-requests', {
          method: 'POST',
          headers: {'content-type': 'application/json', ...headers},
          body,
        }),
        {clientAddress: '10.1.1.2'},
        deps,
      )
      const answer = (await response.json()) as {detail?: unknown}
      if (response.status < 400 || response.status >= 500)
        throw new Error(
          `Request ${i} got ${response.status} kind ${lastKind} ${JSON.stringify(headers)}: ${body.slice(0, 200) + body.slice(-300)}`,
        )
      expect(typeof answer.detail === 'string' && answer.detail.length > 0).toBe(true)
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
    }
    expect([...statuses.keys()].every((status) => status >= 400 && status < 500)).toBe(true)
    expect(await deps.bookings.fetch('count(*[_type == "booking"])')).toBe(1)
  })
})

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {DATE_TOO_FAR_MESSAGE} from '@repo/schemas/trip-check.ts'
import {CONTROL_CHARACTER_MESSAGE, invisibleCharactersMessage} from '@repo/schemas/safe-text.ts'
import {EXPIRED_QUESTION_MESSAGE, WRONG_ANSWER_MESSAGE} from '@repo/schemas/security-question.ts'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'

import {CHALLENGE_TTL_MS, createChallengeService, type ChallengeService} from '../lib/challenge.ts'
import {IDEMPOTENCY_KEY_REUSED_MESSAGE} from '../lib/idempotency.ts'
import {consentNoticeLoader} from '../lib/consent-record.ts'
import {mailContentLoader} from '../lib/mail-content.ts'
import type {MailMessage} from '../lib/mailer.ts'
import {createRateLimiter} from '../lib/rate-limit.ts'
import {jsonPost} from '../lib/testing/json-request.ts'
import {solvedQuestion} from '../lib/testing/solve-question.ts'
import {createItineraryRequest, type CreateItineraryRequestDeps} from './handler.ts'

let lake: TestLake
const mails: {id: string; message: MailMessage}[] = []
let challenges: ChallengeService
const ctx = {clientAddress: '10.0.0.2'}

const post = (body: unknown, key?: string) =>
  jsonPost('/api/itinerary-requests', body, key ? {'Idempotency-Key': key} : {})

beforeAll(async () => {
  lake = await startTestLake()
  challenges = createChallengeService({secret: 'itinerary-test-secret-0001', bookings: bookings()})
})
afterAll(async () => {
  await lake?.stop()
})

const bookings = () => lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
const deps = (overrides: Partial<CreateItineraryRequestDeps> = {}): CreateItineraryRequestDeps => ({
  bookings: bookings(),
  challenges,
  rateLimiter: createRateLimiter({limit: 1000, windowMs: 60_000}),
  notify: async (id, message) => void mails.push({id, message}),
  teamEmail: 'team@example.com',
  mailContent: mailContentLoader(lake.client({perspective: 'published'})),
  consentNotice: consentNoticeLoader(lake.client({perspective: 'published'})),
  today: () => '2030-01-01',
  ...overrides,
})
const message = async (response: Response) => ((await response.json()) as {detail: string}).detail
const storedWithEmail = (email: string) =>
  bookings().fetch<unknown[]>('*[_type == "itineraryRequest" && email == $email]', {email})

describe('create-itinerary-request with the real lake', () => {
  it('stores questionnaire and wizard requests and refuses missing information', async () => {
    const questionnaire = {
      source: 'questionnaire',
      firstName: 'Sam',
      lastName: 'Lee',
      email: 'sam@example.com',
      interests: ['hiking', 'foodie'],
      preferredDate: '2030-03-01',
    }
    const send = (body: Record<string, unknown>) =>
      createItineraryRequest(post({...body, ...solvedQuestion(challenges)}), ctx, deps())
    expect((await send(questionnaire)).status).toBe(201)
    // The team's mail: the answers by their labels, the date in words.
    const team = mails.at(-1)!.message
    expect(team).toMatchObject({
      to: 'team@example.com',
      replyTo: 'sam@example.com',
      subject: expect.stringMatching(/^New itinerary request TRIP-[0-9A-Z-]+ from Sam Lee$/),
    })
    expect(team.text).toContain('Form: Questionnaire')
    expect(team.text).toContain('Preferred date: Friday 1 March 2030')
    expect(team.text).toContain('Interests: Hiking, Foodie')
    expect(team.text).toContain('Newsletter: No')
    expect(team.text + team.html).not.toMatch(/2030-03-01|\bfoodie\b|\bquestionnaire\b/)
    expect(
      (await send({source: 'wizard', name: 'Kim', email: 'kim@example.com', travelers: '6+'}))
        .status,
    ).toBe(201)

    const missing = await send({
      source: 'questionnaire',
      firstName: 'Sam',
      email: 'sam@example.com',
    })
    expect(missing.status).toBe(400)
    expect(await message(missing)).toBe('Please fill in all required fields.')
    expect((await send({...questionnaire, preferredDate: '2029-01-01'})).status).toBe(400)
    for (const [preferredDate, text] of [
      ['9999-12-31', DATE_TOO_FAR_MESSAGE],
      ['2032-01-02', DATE_TOO_FAR_MESSAGE],
      ['2030-02-30', 'Please choose a valid date.'],
    ]) {
      const refused = await send({...questionnaire, preferredDate})
      expect(refused.status, preferredDate).toBe(400)
      expect(await message(refused)).toBe(text)
    }
    for (const [body, text] of [
      [{...questionnaire, firstName: 'Sam\u202Egnp.exe'}, invisibleCharactersMessage('your name')],
      [{...questionnaire, lastName: 'Lee\u200B'}, invisibleCharactersMessage('your name')],
      [{...questionnaire, additionalInfo: 'hello\u0007\u001b[2J'}, CONTROL_CHARACTER_MESSAGE],
    ] as const) {
      const refused = await send(body)
      expect(refused.status).toBe(400)
      expect(await message(refused)).toBe(text)
    }
    const stored = await bookings().fetch(
      '*[_type == "itineraryRequest" && email in ["sam@example.com", "kim@example.com"]] | order(source asc)',
    )
    expect(stored).toHaveLength(2)
    expect(stored[0]).toMatchObject({
      source: 'questionnaire',
      first_name: 'Sam',
      status: 'new',
      interests: ['hiking', 'foodie'],
    })
    expect(stored[1]).toMatchObject({source: 'wizard', travelers: '6+'})
    // What the traveller answered to the question is not part of the lead.
    expect(Object.keys(stored[0] as object)).not.toContain('securityAnswer')
    expect(Object.keys(stored[0] as object)).not.toContain('challengeToken')
  })

  it('refuses a trip request whose security question is missing, wrong, forged or used, and stores nothing', async () => {
    const wizard = {source: 'wizard', name: 'Bot', email: 'bot@example.com', travelers: '2'}
    const {question, token} = challenges.issue()
    const used = solvedQuestion(challenges)
    expect(
      (await createItineraryRequest(post({...wizard, ...used}, 'first-owner-01'), ctx, deps()))
        .status,
    ).toBe(201)
    const mailsBefore = mails.length

    for (const [answer, text] of [
      [{}, WRONG_ANSWER_MESSAGE],
      [{challengeToken: token, securityAnswer: ''}, WRONG_ANSWER_MESSAGE],
      [
        {challengeToken: token, securityAnswer: String(Number(question.match(/\d+/)![0]) + 100)},
        WRONG_ANSWER_MESSAGE,
      ],
      [
        {challengeToken: `${token.split('.')[0]}.9999999999999.forged`, securityAnswer: '7'},
        WRONG_ANSWER_MESSAGE,
      ],
      [{...used, name: 'Another Bot'}, EXPIRED_QUESTION_MESSAGE],
    ] as const) {
      const response = await createItineraryRequest(
        post({...wizard, email: 'bot2@example.com', ...answer}, 'second-owner-01'),
        ctx,
        deps(),
      )
      expect(response.status, JSON.stringify(answer)).toBe(400)
      const body = (await response.json()) as {
        detail: string
        fieldErrors: Record<string, string[]>
      }
      expect(body.detail).toBe(text)
      expect(body.fieldErrors.securityAnswer).toEqual([text])
    }
    expect(await storedWithEmail('bot2@example.com')).toEqual([])
    expect(mails.length).toBe(mailsBefore)
  })

  it('answers a retry whose question expired with the stored reference, and a new request with the message', async () => {
    let clock = Date.now()
    const timed = createChallengeService({
      secret: 'itinerary-clock-0001',
      bookings: bookings(),
      now: () => clock,
    })
    const body = {
      source: 'wizard',
      name: 'Ada',
      email: 'ada@example.com',
      travelers: '2',
      ...solvedQuestion(timed),
    }
    const first = await createItineraryRequest(
      post(body, 'expired-trip-01'),
      ctx,
      deps({challenges: timed}),
    )
    expect(first.status).toBe(201)
    const {request_ref} = (await first.json()) as {request_ref: string}

    clock += CHALLENGE_TTL_MS + 1000
    const retry = await createItineraryRequest(
      post(body, 'expired-trip-01'),
      ctx,
      deps({challenges: timed}),
    )
    expect(retry.status).toBe(201)
    expect(await retry.json()).toEqual({request_ref})
    const late = await createItineraryRequest(
      post({...body, email: 'late@example.com'}, 'expired-trip-02'),
      ctx,
      deps({challenges: timed}),
    )
    expect(late.status).toBe(400)
    expect(await message(late)).toBe(EXPIRED_QUESTION_MESSAGE)
    expect(await storedWithEmail('ada@example.com')).toHaveLength(1)
    expect(await storedWithEmail('late@example.com')).toEqual([])
  })

  it('answers a trip request retried with its key with the first reference, and other data under it with 422', async () => {
    const wizard = {
      source: 'wizard',
      name: 'Kim',
      email: 'kim.retry@example.com',
      travelers: '2',
      ...solvedQuestion(challenges),
    }
    const send = (body: unknown) =>
      createItineraryRequest(post(body, 'trip-reused-key-01'), {clientAddress: '10.0.0.3'}, deps())
    const first = await send(wizard)
    expect(first.status).toBe(201)
    const {request_ref} = (await first.json()) as {request_ref: string}
    // The retry carries the same solved question (the form keeps it until the request succeeds).
    const retry = await send(wizard)
    expect(retry.status).toBe(201)
    expect(await retry.json()).toEqual({request_ref})
    const other = await send({...wizard, name: 'Somebody Else'})
    expect(other.status).toBe(422)
    expect(await message(other)).toBe(IDEMPOTENCY_KEY_REUSED_MESSAGE)
    const stored = await bookings().fetch<{name: string}[]>(
      '*[_type == "itineraryRequest" && request_ref == $ref]{name}',
      {ref: request_ref},
    )
    expect(stored).toEqual([{name: 'Kim'}])
  })
})

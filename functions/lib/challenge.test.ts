import type {SanityClient} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'

import {
  CHALLENGE_TTL_MS,
  createChallengeService,
  USED_QUESTION_GRACE_MS,
  USED_QUESTION_TYPE,
  usedQuestionId,
  type ChallengeService,
  type SolvedQuestion,
} from './challenge.ts'
import {solveQuestion} from './testing/solve-question.ts'

// A used security question is a document in the private `bookings` dataset, so every site server
// refuses its replay. Each "server" below is a challenge service with its own client, as a site process has.
const secret = 'challenge-test-secret-0001'
let lake: TestLake

const bookingsClient = () => lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
const server = (now?: () => number) =>
  createChallengeService({secret, bookings: bookingsClient(), now})

function solve(challenges: ChallengeService): SolvedQuestion {
  const {question, token} = challenges.issue()
  const {verdict, solved} = challenges.verify(token, solveQuestion(question))
  expect(verdict).toBe('ok')
  return solved!
}

const records = (client: SanityClient) =>
  client.fetch<{_id: string; expires_at: string}[]>(
    `*[_type == $type] | order(expires_at asc){_id, expires_at}`,
    {type: USED_QUESTION_TYPE},
  )

beforeAll(async () => {
  lake = await startTestLake()
})
afterAll(async () => {
  await lake?.stop()
})

/** A stand-in for a traveller's request: stored by its owner's id, as the handlers store theirs. */
const storeRequest = (challenges: ChallengeService, solved: SolvedQuestion, owner: string) =>
  challenges.commitWithQuestion(solved, owner, [
    {createIfNotExists: {_id: `testRequest-${owner}`, _type: 'testRequest'}},
  ])

const storedRequests = (prefix: string) =>
  bookingsClient().fetch<string[]>(
    '*[_type == "testRequest" && _id match $prefix] | order(_id asc)._id',
    {prefix: `testRequest-${prefix}*`},
  )

describe('used security questions in the lake', () => {
  it('stores one request per question: another request is refused on any server, this one may retry', async () => {
    const [first, second] = [server(), server()]
    const solved = solve(first)
    expect(await storeRequest(first, solved, 'once-a')).toMatchObject({results: expect.any(Array)})
    // Another server, with its own client (and its own DATA_DIR, which no longer matters).
    expect(await storeRequest(second, solved, 'once-b')).toBe('used')
    expect(await storeRequest(first, solved, 'once-c')).toBe('used')
    // The first request again (a retry, a twin): let through, and its own mutations decide.
    const retry = await storeRequest(second, solved, 'once-a')
    expect(retry).not.toBe('used')
    expect(await storedRequests('once-')).toEqual(['testRequest-once-a'])
  })

  it('takes one of 20 requests racing with one question on five servers', async () => {
    const servers = Array.from({length: 5}, () => server())
    const solved = solve(servers[0]!)
    const outcomes = await Promise.all(
      Array.from({length: 20}, (_, i) => storeRequest(servers[i % 5]!, solved, `race-${i}`)),
    )
    expect(outcomes.filter((outcome) => outcome !== 'used')).toHaveLength(1)
    expect(await storedRequests('race-')).toHaveLength(1)
  })

  it('records hashes and a time only, where anonymous callers cannot read them', async () => {
    const challenges = server()
    const solved = solve(challenges)
    await storeRequest(challenges, solved, 'idempotency-key-secret-0001')
    const id = usedQuestionId(solved.nonce)
    expect(id).toMatch(/^usedQuestion-[0-9a-f]{40}$/)

    const stored = await bookingsClient().getDocument(id)
    expect(stored).toMatchObject({_type: USED_QUESTION_TYPE, owner_hash: expect.any(String)})
    expect(JSON.stringify(stored)).not.toContain(solved.nonce)
    expect(JSON.stringify(stored)).not.toContain('idempotency-key-secret-0001')
    expect(Date.parse(stored!.expires_at as string)).toBe(solved.expires + USED_QUESTION_GRACE_MS)

    // The bookings dataset is private: no query, document or export without a token.
    const anonymous = lake.client({dataset: 'bookings'})
    await expect(anonymous.fetch('*[_type == $type]', {type: USED_QUESTION_TYPE})).rejects.toThrow()
    await expect(anonymous.getDocument(id)).rejects.toThrow()
    const doc = await fetch(`${lake.url}/v2025-02-19/data/doc/bookings/${id}`)
    expect([401, 403]).toContain(doc.status)
    const exported = await fetch(`${lake.url}/v2025-02-19/data/export/bookings`)
    expect([401, 403]).toContain(exported.status)
  })

  it('removes the records of expired questions, and only those', async () => {
    // A clock in 2001, so the records of the tests above (made today) are never due here.
    let clock = Date.parse('2001-06-01T08:00:00Z')
    const challenges = server(() => clock)
    const early = solve(challenges)
    await storeRequest(challenges, early, 'early-request')
    clock += 20 * 60_000
    const late = solve(challenges)
    await storeRequest(challenges, late, 'late-request')
    const before = (await records(bookingsClient())).map((record) => record._id)
    expect(before).toContain(usedQuestionId(early.nonce))

    // Expired, but within the grace other servers' clocks are allowed: kept.
    clock = early.expires + 1
    expect(await challenges.removeExpired()).toBe(0)
    clock = early.expires + USED_QUESTION_GRACE_MS + 1
    expect(await challenges.removeExpired()).toBe(1)
    const after = (await records(bookingsClient())).map((record) => record._id)
    expect(after).not.toContain(usedQuestionId(early.nonce))
    expect(after).toContain(usedQuestionId(late.nonce))

    // Another server cleans up the rest; the records of today's questions stay.
    clock = late.expires + USED_QUESTION_GRACE_MS + 1
    expect(await server(() => clock).removeExpired()).toBe(1)
    expect(await bookingsClient().getDocument(usedQuestionId(late.nonce))).toBeUndefined()
    expect((await records(bookingsClient())).length).toBeGreaterThan(0)

    // A question whose record is gone is refused by its expiry, which every server checks first.
    const {question, token} = challenges.issue()
    clock += CHALLENGE_TTL_MS + 1
    expect(challenges.verify(token, solveQuestion(question)).verdict).toBe('expired')
  })
})

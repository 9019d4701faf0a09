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

// Issue 16: a used security question is a document in the private `bookings` dataset, so every site server
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

describe('used security questions in the lake', () => {
  it('records a question once: a second request is refused by the lake on any server, and told from a retry', async () => {
    const [first, second] = [server(), server()]
    const solved = solve(first)
    expect(await second.usedBy(solved, 'request-a')).toBe('unused')
    await bookingsClient().create(first.usedQuestionRecord(solved, 'request-a'))

    // Another server, with its own client (and its own DATA_DIR, which no longer matters).
    expect(await second.usedBy(solved, 'request-a')).toBe('this request')
    expect(await second.usedBy(solved, 'request-b')).toBe('another request')
    await expect(
      bookingsClient().create(second.usedQuestionRecord(solved, 'request-b')),
    ).rejects.toMatchObject({statusCode: 409})
    // However many race for a fresh question, on however many servers: the lake takes one create of an id.
    const servers = Array.from({length: 5}, () => server())
    const fresh = solve(first)
    const racers = await Promise.allSettled(
      Array.from({length: 20}, (_, i) =>
        bookingsClient().create(servers[i % 5]!.usedQuestionRecord(fresh, `racer-${i}`)),
      ),
    )
    expect(racers.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1)
    for (const outcome of racers)
      if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({statusCode: 409})
    expect(await first.usedBy(solved, 'request-a')).toBe('this request')
  })

  it('records hashes and a time only, where anonymous callers cannot read them', async () => {
    const challenges = server()
    const solved = solve(challenges)
    await bookingsClient().create(
      challenges.usedQuestionRecord(solved, 'idempotency-key-secret-0001'),
    )
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
    await bookingsClient().create(challenges.usedQuestionRecord(early, 'early-request'))
    clock += 20 * 60_000
    const late = solve(challenges)
    await bookingsClient().create(challenges.usedQuestionRecord(late, 'late-request'))
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

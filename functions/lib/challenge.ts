import {createHmac, randomBytes, randomInt, timingSafeEqual} from 'node:crypto'

import type {Mutation, MultipleMutationResult, SanityClient} from '@sanity/client'

import {isConflict} from '@repo/schemas/lake-errors.ts'

import {expiredIdsQuery, removeExpiredRecords} from './expired-records.ts'
import {sha256} from './http.ts'

/**
 * The booking form's security question (the sum of two numbers from 1 to 10), issued and checked by the
 * server. The token carries no answer: only an HMAC over nonce, answer and expiry, so it cannot be forged, reused
 * after it expires, or answered without doing the sum. Replays within the lifetime are caught by a record of each
 * used question in the private `bookings` dataset, which every site server sees
 * (docs/decisions/009-used-security-questions-in-the-lake.md).
 */
export const CHALLENGE_TTL_MS = 30 * 60_000

/**
 * How long a used question's record outlives the question itself. Servers check expiry by their own clocks, and
 * a server whose clock runs behind would still take a question that another server's clean-up thought expired;
 * the record stays until the slowest clock we tolerate has also let the question expire.
 */
export const USED_QUESTION_GRACE_MS = 10 * 60_000

export const USED_QUESTION_TYPE = 'usedSecurityQuestion'

export type Challenge = {question: string; token: string; expiresAt: string}

export type ChallengeVerdict = 'ok' | 'wrong' | 'expired' | 'invalid'

/** A question answered right: its nonce and the expiry (ms) its token carries. */
export type SolvedQuestion = {nonce: string; expires: number}

export type UsedQuestionDocument = {
  _id: string
  _type: typeof USED_QUESTION_TYPE
  owner_hash: string
  expires_at: string
}

export type ChallengeService = {
  issue: () => Challenge
  verify: (token: string, answer: string) => {verdict: ChallengeVerdict; solved?: SolvedQuestion}
  /**
   * Stores a request (`mutations`) that a solved question lets through, with the question's used record, in one
   * transaction (`owner` names the request: its idempotency key, else its id). The record's `create` makes the
   * lake refuse (409) any other request's transaction with that question, on any server, so a question is used
   * exactly when a request is stored with it; a refused request (a full date, say) uses nothing. Resolves to the
   * lake's result, or to `'used'` when another request has used the question (nothing is stored then).
   */
  commitWithQuestion: (
    solved: SolvedQuestion,
    owner: string,
    mutations: Mutation[],
  ) => Promise<MultipleMutationResult | 'used'>
  /** Deletes the records of questions that expired (plus the grace) before now; resolves to how many. */
  removeExpired: () => Promise<number>
}

/**
 * One document per used question, its id derived from the nonce, so two servers marking the same question write
 * the same id and the lake's `create` lets only the first succeed (409 `documentAlreadyExistsError` for the
 * other, on hosted Sanity as on the local lake). No dot in the id, as for the departure locks: it is valid in
 * any dataset. The dataset is private, and the document holds only hashes and a time.
 */
export const usedQuestionId = (nonce: string) =>
  `usedQuestion-${sha256(`used-question:${nonce}`).slice(0, 40)}`

const ownerHash = (owner: string) => sha256(`question-owner:${owner}`).slice(0, 40)

const expiredUsedQuestionsQuery = expiredIdsQuery(USED_QUESTION_TYPE, 'expires_at')

export function createChallengeService({
  secret,
  bookings,
  now = Date.now,
}: {
  secret: string
  /** The private `bookings` dataset, with a token that may write it: where used questions are recorded. */
  bookings: SanityClient
  now?: () => number
}): ChallengeService {
  const sign = (nonce: string, answer: number, expires: number) =>
    createHmac('sha256', secret).update(`${nonce}:${answer}:${expires}`).digest('base64url')

  return {
    issue() {
      const a = randomInt(1, 11)
      const b = randomInt(1, 11)
      const nonce = randomBytes(12).toString('base64url')
      const expires = now() + CHALLENGE_TTL_MS
      return {
        question: `What is ${a} + ${b}?`,
        token: `${nonce}.${expires}.${sign(nonce, a + b, expires)}`,
        expiresAt: new Date(expires).toISOString(),
      }
    },
    verify(token, answer) {
      const [nonce, expiresText, signature, extra] = token.split('.')
      if (
        !nonce ||
        !expiresText ||
        !signature ||
        extra !== undefined ||
        !/^\d{1,15}$/.test(expiresText)
      )
        return {verdict: 'invalid'}
      const expires = Number(expiresText)
      const given = Number(answer)
      if (!Number.isInteger(given) || given < 2 || given > 20) return {verdict: 'wrong'}
      const expected = Buffer.from(sign(nonce, given, expires))
      const actual = Buffer.from(signature)
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual))
        return {verdict: 'wrong'}
      if (expires < now()) return {verdict: 'expired'}
      return {verdict: 'ok', solved: {nonce, expires}}
    },
    async commitWithQuestion({nonce, expires}, owner, mutations) {
      const record: UsedQuestionDocument = {
        _id: usedQuestionId(nonce),
        _type: USED_QUESTION_TYPE,
        owner_hash: ownerHash(owner),
        // From the token's own expiry, not from now: a question used at once is kept as long as one used late.
        expires_at: new Date(expires + USED_QUESTION_GRACE_MS).toISOString(),
      }
      const commit = (list: Mutation[]) =>
        bookings.mutate(list, {returnFirst: false, returnDocuments: false, visibility: 'sync'})
      try {
        // No read first: the request's own transaction is the check, so a request costs no extra lake call.
        return await commit([...mutations, {create: record}])
      } catch (error) {
        if (!isConflict(error)) throw error
        const used = await bookings.getDocument<UsedQuestionDocument>(record._id)
        if (!used) throw error
        if (used.owner_hash !== record.owner_hash) return 'used'
        // Used by this very request: a twin sent at the same time, or an earlier attempt. Its mutations decide.
        return commit(mutations)
      }
    },
    removeExpired: () => removeExpiredRecords(bookings, expiredUsedQuestionsQuery, new Date(now())),
  }
}

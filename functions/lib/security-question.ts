import type {Mutation, MultipleMutationResult} from '@sanity/client'

import {EXPIRED_QUESTION_MESSAGE, WRONG_ANSWER_MESSAGE} from '@repo/schemas/security-question.ts'

import type {ChallengeService} from './challenge.ts'
import {problem} from './http.ts'

const refusal = (message: string) => problem(400, message, {securityAnswer: [message]})

/** The answer to a request whose question another request has used: the traveller gets a new question. */
export const questionUsedResponse = () => refusal(EXPIRED_QUESTION_MESSAGE)

/**
 * The security question of a traveller request (booking, questionnaire, wizard), answered right and used once.
 * A retry of a request that is already stored (same idempotency key) gets that request back instead, even when
 * its question has expired since (a long outage, a laptop woken up), so a traveller is never asked twice for one
 * request. `owner` names the request (its key, else its id): only that request may present the question again.
 *
 * Answered right, the request goes on to its own checks and then stores itself with `commit`, which records the
 * question as used in the same transaction (`ChallengeService.commitWithQuestion`): the Content Lake refuses a
 * second request with the same question whichever site server sends it, and `commit` resolves to
 * `'used'` for it.
 */
export async function answerSecurityQuestion<Stored>(
  challenges: ChallengeService,
  answer: {challengeToken: string; securityAnswer: string},
  request: {owner: string; findStored: () => Promise<Stored | null>},
): Promise<
  | {answered: {commit: (mutations: Mutation[]) => Promise<MultipleMutationResult | 'used'>}}
  | {stored: Stored}
  | {refused: Response}
> {
  const {verdict, solved} = challenges.verify(answer.challengeToken, answer.securityAnswer)
  if (verdict === 'expired') {
    const stored = await request.findStored().catch(() => null)
    return stored ? {stored} : {refused: refusal(EXPIRED_QUESTION_MESSAGE)}
  }
  if (verdict !== 'ok' || !solved) return {refused: refusal(WRONG_ANSWER_MESSAGE)}
  const stored = await request.findStored()
  if (stored) return {stored}
  return {
    answered: {
      commit: (mutations) => challenges.commitWithQuestion(solved, request.owner, mutations),
    },
  }
}

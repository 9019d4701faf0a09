import type {Mutation} from '@sanity/client'

import {EXPIRED_QUESTION_MESSAGE, WRONG_ANSWER_MESSAGE} from '@repo/schemas/security-question.ts'

import type {ChallengeService} from './challenge.ts'
import {problem} from './http.ts'

const refusal = (message: string) => problem(400, message, {securityAnswer: [message]})

/** The answer to a request whose question another request has used: the traveller gets a new question. */
export const questionUsedResponse = () => refusal(EXPIRED_QUESTION_MESSAGE)

/** A question answered right that no other request has used (yet). */
export type AnsweredQuestion = {
  /**
   * To commit in the transaction that stores the request: the `create` of the question's used record, or nothing
   * when this request recorded it before (a retry). A request that is refused stores nothing and uses nothing.
   */
  mutations: Mutation[]
  /**
   * After that transaction failed with 409: whether another request used the question meanwhile (refuse with
   * `questionUsedResponse`); otherwise a twin of this request did (same key), and stored it.
   */
  takenByAnother: () => Promise<boolean>
}

/**
 * The security question of a traveller request (booking, questionnaire, wizard), answered right and used once.
 * A retry of a request that is already stored (same idempotency key) gets that request back instead, even when
 * its question has expired since (a long outage, a laptop woken up), so a traveller is never asked twice for one
 * request. `owner` names the request (its key, else its id): only that request may present the question again.
 *
 * Used once across every site server (issue 16): the used record is created in the request's own transaction, so
 * the Content Lake refuses a second request with the same question (409), whichever server sends it, and a
 * request costs no mutation beyond its own. A record another request has made already is refused here, before
 * the request's other checks.
 */
export async function answerSecurityQuestion<Stored>(
  challenges: ChallengeService,
  answer: {challengeToken: string; securityAnswer: string},
  request: {owner: string; findStored: () => Promise<Stored | null>},
): Promise<{answered: AnsweredQuestion} | {stored: Stored} | {refused: Response}> {
  const {verdict, solved} = challenges.verify(answer.challengeToken, answer.securityAnswer)
  if (verdict === 'expired') {
    const stored = await request.findStored().catch(() => null)
    return stored ? {stored} : {refused: refusal(EXPIRED_QUESTION_MESSAGE)}
  }
  if (verdict !== 'ok' || !solved) return {refused: refusal(WRONG_ANSWER_MESSAGE)}
  const stored = await request.findStored()
  if (stored) return {stored}
  const use = await challenges.usedBy(solved, request.owner)
  if (use === 'another request') return {refused: questionUsedResponse()}
  return {
    answered: {
      mutations:
        use === 'unused' ? [{create: challenges.usedQuestionRecord(solved, request.owner)}] : [],
      takenByAnother: async () =>
        (await challenges.usedBy(solved, request.owner)) === 'another request',
    },
  }
}

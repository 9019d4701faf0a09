import {EXPIRED_QUESTION_MESSAGE, WRONG_ANSWER_MESSAGE} from '@repo/schemas/security-question.ts'

import type {ChallengeService} from './challenge.ts'
import {problem} from './http.ts'

const refused = (message: string) => ({
  refused: problem(400, message, {securityAnswer: [message]}),
})

/**
 * The security question of a traveller request (booking, questionnaire, wizard), answered right and used once.
 * A retry of a request that is already stored (same idempotency key) gets that request back instead, even when
 * its question has expired since (a long outage, a laptop woken up), so a traveller is never asked twice for one
 * request. `owner` names the request: the same owner may present the same solved question again, on any server
 * (the used question is recorded in the lake, see `challenge.ts`).
 */
export async function answerSecurityQuestion<Stored>(
  challenges: ChallengeService,
  answer: {challengeToken: string; securityAnswer: string},
  request: {owner: string; findStored: () => Promise<Stored | null>},
): Promise<{answered: true} | {stored: Stored} | {refused: Response}> {
  const {verdict, solved} = challenges.verify(answer.challengeToken, answer.securityAnswer)
  if (verdict === 'expired') {
    const stored = await request.findStored().catch(() => null)
    return stored ? {stored} : refused(EXPIRED_QUESTION_MESSAGE)
  }
  if (verdict !== 'ok' || !solved) return refused(WRONG_ANSWER_MESSAGE)
  const stored = await request.findStored()
  if (stored) return {stored}
  if (!(await challenges.consume(solved, request.owner))) return refused(EXPIRED_QUESTION_MESSAGE)
  return {answered: true}
}

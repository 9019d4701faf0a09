import type {ChallengeService} from '../lib/challenge.ts'
import {json} from '../lib/http.ts'

/** `GET /api/challenge`: a fresh security question for the booking form, the questionnaire and the wizard; never cached. */
export function getChallenge(deps: {challenges: ChallengeService}): Response {
  return json(deps.challenges.issue())
}

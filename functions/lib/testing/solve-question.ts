import type {ChallengeService} from '../challenge.ts'

/** The answer a person would give to "What is a + b?". */
export function solveQuestion(question: string): string {
  const [, a, b] = /What is (\d+) \+ (\d+)\?/.exec(question) ?? []
  if (a === undefined || b === undefined) throw new Error(`Not a security question: ${question}`)
  return String(Number(a) + Number(b))
}

/** A freshly issued question, answered: the two fields a traveller's form sends. */
export function solvedQuestion(challenges: ChallengeService) {
  const {question, token} = challenges.issue()
  return {challengeToken: token, securityAnswer: solveQuestion(question)}
}

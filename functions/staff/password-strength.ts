import {ZxcvbnFactory} from '@zxcvbn-ts/core'
import * as common from '@zxcvbn-ts/language-common'
import * as english from '@zxcvbn-ts/language-en'

/**
 * New staff passwords are checked for strength with zxcvbn-ts (common passwords, words, names, dates, keyboard
 * runs and l33t): a score of at least 3 ("safely unguessable" for an online attack with the back-off in front) and
 * at least 10 characters. The person's own name and address count as guessable words.
 */
const MIN_SCORE = 3
const MIN_LENGTH = 10

let checker: ZxcvbnFactory | undefined
const zxcvbn = () =>
  (checker ??= new ZxcvbnFactory({
    dictionary: {...common.dictionary, ...english.dictionary},
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  }))

/** Why the password is too weak, in words a person can act on; null when it is strong enough. */
export async function passwordProblem(
  password: string,
  userInputs: string[] = [],
): Promise<string | null> {
  if (password.length < MIN_LENGTH) return `Use at least ${MIN_LENGTH} characters.`
  const result = await zxcvbn().check(password, userInputs)
  if (result.score >= MIN_SCORE) return null
  const hint = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(' ')
  return `This password is too easy to guess.${hint ? ` ${hint}` : ''} A few unrelated words make a strong one.`
}

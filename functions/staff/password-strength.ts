import {ZxcvbnFactory} from '@zxcvbn-ts/core'
import * as common from '@zxcvbn-ts/language-common'
import * as english from '@zxcvbn-ts/language-en'

/**
 * New staff passwords are checked for strength with zxcvbn-ts (common passwords, words, names, dates, keyboard
 * runs and l33t): a score of at least 3 ("safely unguessable" for an online attack with the back-off in front) and
 * at least 10 characters. What anyone who knows the person or the company tries first counts as guessable words,
 * joined as well as apart (`passwordGuesses`): the person's name, their address's parts, the company's name and
 * the site's own words.
 */
const MIN_SCORE = 3
const MIN_LENGTH = 10

/** Words of the site itself: where it is and what the account is for. */
const SITE_WORDS = ['cape town', 'staff', 'dashboard', 'admin', 'booking', 'bookings', 'password']

export const PERSONAL_WORDS_MESSAGE =
  'This password is too easy to guess: it is made of your name, your email address, the company’s name or the site’s words. A few unrelated words make a strong one.'

let checker: ZxcvbnFactory | undefined
const zxcvbn = () =>
  (checker ??= new ZxcvbnFactory({
    dictionary: {...common.dictionary, ...english.dictionary},
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  }))

/** A phrase's words, lower case, split at anything that is not a letter or digit. */
const wordsOf = (value: string) =>
  value
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)

/** Each word, each run of neighbouring words joined, and the phrase as it is written. */
function joinedAndApart(phrase: string): string[] {
  const words = wordsOf(phrase)
  const runs: string[] = [phrase.toLowerCase().trim()]
  for (let start = 0; start < words.length; start++) {
    for (let end = start + 1; end <= words.length; end++) {
      runs.push(words.slice(start, end).join(''))
    }
  }
  return runs
}

/**
 * The guesses zxcvbn is given as its user inputs (it compares them in lower case, so they are given so): the
 * person's name, their address's local part and domain labels, both joined, the company's name and the site's
 * words, each apart and joined. Parts shorter than three characters ("co", "za") are left out: they match
 * everywhere and say nothing of the person.
 */
export function passwordGuesses({
  name,
  email,
  company,
  siteHost,
}: {
  name: string
  email: string | null
  company?: string
  siteHost?: string
}): string[] {
  const [local = '', domain = ''] = (email ?? '').toLowerCase().split('@')
  const labels = wordsOf(domain)
  const guesses = [
    ...joinedAndApart(name),
    ...joinedAndApart(company ?? ''),
    ...joinedAndApart(`${local} ${labels.join(' ')}`),
    ...wordsOf(siteHost ?? ''),
    ...SITE_WORDS.flatMap(joinedAndApart),
  ]
  return [...new Set(guesses)].filter((guess) => guess.length >= 3)
}

/** The password with every guess taken out, longest first, whatever its case. */
function withoutGuesses(password: string, guesses: string[]): string {
  let rest = password
  for (const guess of [...guesses].sort((a, b) => b.length - a.length)) {
    const at = (text: string) => text.toLowerCase().indexOf(guess)
    for (let index = at(rest); index >= 0; index = at(rest)) {
      rest = rest.slice(0, index) + rest.slice(index + guess.length)
    }
  }
  return rest === password ? password : rest.replace(/\s+/g, ' ').trim()
}

/** Why the password is too weak, in words a person can act on; null when it is strong enough. */
export async function passwordProblem(
  password: string,
  userInputs: string[] = [],
): Promise<string | null> {
  if (password.length < MIN_LENGTH) return `Use at least ${MIN_LENGTH} characters.`
  const inputs = userInputs.map((input) => input.toLowerCase()).filter(Boolean)
  const result = await zxcvbn().check(password, inputs)
  if (result.score < MIN_SCORE && result.sequence.some((m) => m.dictionaryName === 'userInputs')) {
    return PERSONAL_WORDS_MESSAGE
  }
  if (result.score >= MIN_SCORE) {
    // zxcvbn prices "Cape Curated 2026!" as four unrelated parts; what is left once the guessable words are taken
    // out must be strong on its own ("2026!" is not; "kettle umbrella harbour" is).
    const rest = withoutGuesses(password, inputs)
    if (rest === password) return null
    if ((await zxcvbn().check(rest, inputs)).score >= MIN_SCORE) return null
    return PERSONAL_WORDS_MESSAGE
  }
  const hint = [result.feedback.warning, ...result.feedback.suggestions].filter(Boolean).join(' ')
  return `This password is too easy to guess.${hint ? ` ${hint}` : ''} A few unrelated words make a strong one.`
}

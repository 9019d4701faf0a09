import {parse} from '@messageformat/parser'
import {describe, expect, it} from 'vitest'

import {fieldsToPutRightMessage} from '@repo/schemas/booking-request.ts'
import {LANGUAGES} from '@repo/schemas/languages.ts'
import {lengthMessage} from '@repo/schemas/safe-text.ts'
import {VALIDATION_MESSAGE_KEYS, validationMessageKey} from '@repo/schemas/validation-messages.ts'

import {CATALOGUES, pageI18n} from './catalogues'
import {createSiteI18n} from './i18n'

/** The names of the values a message takes (`{max}`, `{count, plural, …}`), whatever its words. */
function argumentsOf(message: string): string[] {
  type Node = {type: string; arg?: string; cases?: {tokens: Node[]}[]}
  const names = new Set<string>()
  const walk = (tokens: Node[]) => {
    for (const token of tokens) {
      if (token.arg && ['argument', 'plural', 'select'].includes(token.type)) names.add(token.arg)
      for (const branch of token.cases ?? []) walk(branch.tokens)
    }
  }
  walk(parse(message) as Node[])
  return [...names].sort()
}

describe('the interface catalogues (docs/decisions/246-interface-strings-with-lingui.md)', () => {
  it('give every message in every language, with the same values as the English one', () => {
    for (const language of LANGUAGES)
      for (const [id, english] of Object.entries(CATALOGUES.en)) {
        const message = CATALOGUES[language][id as keyof typeof CATALOGUES.en]
        expect(message, `${language} ${id}`).toBeTruthy()
        expect(argumentsOf(message), `${language} ${id}`).toEqual(argumentsOf(english))
      }
  })

  it('say the shared schemas’ messages in English in exactly the schemas’ words', () => {
    const {i18n} = createSiteI18n(pageI18n('en'))
    const say = (message: string) => {
      const known = validationMessageKey(message)!
      expect(known, message).toBeDefined()
      return i18n._(known.key, known.values)
    }
    for (const text of Object.values(VALIDATION_MESSAGE_KEYS)) expect(say(text)).toBe(text)
    for (const count of [1, 2, 5])
      expect(say(fieldsToPutRightMessage(count))).toBe(fieldsToPutRightMessage(count))
    expect(say(lengthMessage(200))).toBe(lengthMessage(200))
  })

  it('say them in German, Dutch and French words, with plurals by the language’s rules', () => {
    const words = (language: 'de' | 'nl' | 'fr', message: string) => {
      const known = validationMessageKey(message)!
      return createSiteI18n(pageI18n(language)).i18n._(known.key, known.values)
    }
    expect(words('de', fieldsToPutRightMessage(1))).toBe(
      'Bitte korrigieren Sie das unten markierte Feld.',
    )
    expect(words('de', fieldsToPutRightMessage(3))).toBe(
      'Bitte korrigieren Sie die 3 unten markierten Felder.',
    )
    expect(words('nl', lengthMessage(120))).toBe('Gebruik maximaal 120 tekens.')
    expect(words('fr', fieldsToPutRightMessage(2))).toBe(
      'Merci de corriger les 2 champs signalés ci-dessous.',
    )
  })

  it('leaves a message without a key as it is', () => {
    expect(validationMessageKey('Something only the server says.')).toBeUndefined()
  })
})

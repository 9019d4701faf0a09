import type {Messages} from '@lingui/core'
import {compileMessage} from '@lingui/message-utils/compileMessage'

import type {Language} from '@repo/schemas/languages.ts'
import type {PageI18n} from './i18n'
import {de} from './messages/de'
import {en, type Catalogue} from './messages/en'
import {fr} from './messages/fr'
import {nl} from './messages/nl'

/** Every language's catalogue: imported by the server's render and by tests only, never by the browser's bundle. */
export const CATALOGUES: Record<Language, Catalogue> = {en, de, nl, fr}

const compiled = new Map<Language, Messages>()

/** A language's catalogue compiled for Lingui's runtime, once per process. */
export function pageI18n(language: Language): PageI18n {
  let messages = compiled.get(language)
  if (!messages) {
    messages = Object.fromEntries(
      Object.entries(CATALOGUES[language]).map(([id, message]) => [id, compileMessage(message)]),
    )
    compiled.set(language, messages)
  }
  return {language, messages}
}

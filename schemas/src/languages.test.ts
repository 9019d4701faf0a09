import fc from 'fast-check'
import {describe, expect, it} from 'vitest'

import {LANGUAGES, languageOfPath, pathIn} from './languages.ts'

describe('language addresses', () => {
  it('reads the prefix of German, Dutch and French addresses and none for English', () => {
    expect(languageOfPath('/de/experiences')).toEqual({language: 'de', path: '/experiences'})
    expect(languageOfPath('/nl')).toEqual({language: 'nl', path: '/'})
    expect(languageOfPath('/fr/')).toEqual({language: 'fr', path: '/'})
    expect(languageOfPath('/experiences')).toEqual({language: 'en', path: '/experiences'})
    expect(languageOfPath('/')).toEqual({language: 'en', path: '/'})
    // Not a prefix: another word, the default language's code, another case.
    expect(languageOfPath('/delta')).toEqual({language: 'en', path: '/delta'})
    expect(languageOfPath('/en/experiences')).toEqual({language: 'en', path: '/en/experiences'})
    expect(languageOfPath('/DE/experiences')).toEqual({language: 'en', path: '/DE/experiences'})
  })

  it('writes a path in a language and reads it back', () => {
    expect(pathIn('en', '/')).toBe('/')
    expect(pathIn('de', '/')).toBe('/de')
    expect(pathIn('fr', '/stories/x')).toBe('/fr/stories/x')
    fc.assert(
      fc.property(
        fc.constantFrom(...LANGUAGES),
        fc.array(fc.stringMatching(/^[a-z0-9-]{3,12}$/), {maxLength: 3}),
        (language, segments) => {
          const path = '/' + segments.join('/')
          expect(languageOfPath(pathIn(language, path))).toEqual({language, path})
        },
      ),
    )
  })
})

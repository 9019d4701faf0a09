import {describe, expect, it} from 'vitest'

import {isWithinTripWindow} from './experience-settings.ts'
import {addDays} from './iso-date.ts'
import {DATE_TOO_FAR_MESSAGE} from './trip-check.ts'
import {itineraryRequestSchema, PAST_DATE_MESSAGE, tripDateProblem} from './itinerary-request.ts'
import {newsletterSignupSchema} from './newsletter-signup.ts'
import {staffDecisionSchema} from './staff-decision-schema.ts'
import {
  CONTROL_CHARACTER_MESSAGE,
  invisibleCharactersMessage,
  safeMultiLine,
  safeSingleLine,
  SINGLE_LINE_CONTROL_MESSAGE,
  UNREADABLE_TEXT_MESSAGE,
} from './safe-text.ts'

const name = safeSingleLine(10, {what: 'your name'})
const notes = safeMultiLine(20)
const messages = (result: {success: boolean; error?: {issues: {message: string}[]}}) =>
  result.error?.issues.map((issue) => issue.message) ?? []

describe('safeSingleLine', () => {
  it('trims, normalises to NFC and counts code points', () => {
    expect(name.parse('  Rene\u0301  ')).toBe('René')
    expect(name.parse('😀'.repeat(10))).toBe('😀'.repeat(10))
    expect(messages(name.safeParse('😀'.repeat(11)))).toEqual(['Use at most 10 characters.'])
  })

  it('keeps ZWJ and ZWNJ inside real names and emoji', () => {
    for (const value of ['می\u200Cخواهم', 'क्\u200Dष', '👩\u200D💻'])
      expect(name.parse(value)).toBe(value)
  })

  it.each([
    ['a lone high surrogate', 'Ann\ud800', UNREADABLE_TEXT_MESSAGE],
    [
      'a lone low surrogate from JSON',
      JSON.parse('"Ann\\udc00"') as string,
      UNREADABLE_TEXT_MESSAGE,
    ],
    ['NUL', 'Ann\u0000', SINGLE_LINE_CONTROL_MESSAGE],
    ['ESC', 'A\u001b[2Jn', SINGLE_LINE_CONTROL_MESSAGE],
    ['a line break', 'Ann\nBcc: x', SINGLE_LINE_CONTROL_MESSAGE],
    ['DEL', 'Ann\u007f', SINGLE_LINE_CONTROL_MESSAGE],
    ['a C1 control', 'Ann\u0085', SINGLE_LINE_CONTROL_MESSAGE],
    ['a bidi override', 'Ann\u202Egpj.exe', invisibleCharactersMessage('your name')],
    ['a bidi isolate', 'Ann\u2066x', invisibleCharactersMessage('your name')],
    ['a zero-width space', 'An\u200Bn', invisibleCharactersMessage('your name')],
    ['a BOM', 'An\uFEFFn', invisibleCharactersMessage('your name')],
    ['a soft hyphen', 'An\u00ADn', invisibleCharactersMessage('your name')],
    ['a leading ZWJ', '\u200DAnn', invisibleCharactersMessage('your name')],
    ['a ZWNJ before a space', 'Ann\u200C x', invisibleCharactersMessage('your name')],
  ])('refuses %s with a specific message', (_, value, message) => {
    expect(messages(name.safeParse(value))).toContain(message)
  })
})

describe('one rule for invisible and formatting characters', () => {
  const notes = safeMultiLine(200, {what: 'your notes'})
  const refused = invisibleCharactersMessage('your notes')

  it.each([
    ['Afrikaans', 'ʼn Baie lekker dag, dankie! Ons is vyf; een is ’n kind. Sê vir Zoë.'],
    ['isiXhosa with clicks and tones', 'Ndingu-Nomaxabiso Ngcobo: ndiyabulela kakhulu! À bientôt, Amaqhà.'],
    ['a ZWNJ inside a Persian word', 'می\u200Cخواهم'],
    ['an emoji ZWJ sequence with a variation selector', '👩\u200D❤\uFE0F\u200D👨 and 👩\u200D💻'],
    ['emoji with presentation selectors and skin tones', '❤\uFE0F 👍🏽 ☀\uFE0E 🇿🇦'],
    ['a keycap', '1\uFE0F\u20E3 #\uFE0F\u20E3'],
    ['the flag of Wales', '🏴\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}'],
    ['a kanji with its ideographic variant', '葛\u{E0100}城'],
    ['line breaks and tabs', 'one\n\ttwo'],
  ])('keeps %s', (_, value) => {
    expect(notes.parse(value)).toBe(value.normalize('NFC'))
  })

  it.each([
    ['tag characters (hidden ASCII)', 'Hi\u{E0049}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}'],
    ['a lone CANCEL TAG', 'Hi\u{E007F}'],
    ['a flag with tags Unicode does not recommend', '🏴\u{E0067}\u{E0062}\u{E0078}\u{E0078}\u{E007F}'],
    ['LINE SEPARATOR', 'one\u2028two'],
    ['PARAGRAPH SEPARATOR', 'one\u2029two'],
    ['HANGUL FILLER', 'Ann\u3164'],
    ['HANGUL CHOSEONG FILLER', 'A\u115Fnn'],
    ['HANGUL JUNGSEONG FILLER', 'A\u1160nn'],
    ['HALFWIDTH HANGUL FILLER', 'A\uFFA0nn'],
    ['the Arabic letter mark', 'Ann\u061C'],
    ['a left-to-right mark', 'Ann\u200E'],
    ['a deprecated format character', 'A\u206Ann'],
    ['an invisible operator', 'a\u2062b'],
    ['the combining grapheme joiner', 'A\u034Fnn'],
    ['a Khmer invisible vowel', 'A\u17B4nn'],
    ['two variation selectors in a row (smuggled bytes)', '😀\uFE0F\uFE0E\uFE01'],
    ['a variation selector with nothing to vary', '\uFE0F hello'],
    ['a supplementary variation selector after a space', 'a \u{E0101}'],
    ['the blank Braille pattern', 'A\u2800nn'],
    ['a musical format mark (stega)', 'Ann\u{1D173}\u{1D174}'],
    ['an interlinear annotation mark', 'A\uFFF9nn'],
    ['an unassigned ignorable code point', 'A\u2065nn'],
    ['a shorthand format control', 'A\u{1BCA0}nn'],
  ])('refuses %s', (_, value) => {
    expect(messages(notes.safeParse(value))).toEqual([refused])
    expect(messages(name.safeParse(value.slice(0, 9)))).toContain(invisibleCharactersMessage('your name'))
  })
})

describe('safeMultiLine', () => {
  it('keeps tabs and line breaks, as LF', () => {
    expect(notes.parse('one\r\ntwo\rthree\tfour')).toBe('one\ntwo\nthree\tfour')
  })

  it.each(['bell\u0007', 'nul\u0000', 'esc\u001b[31m', 'c1\u009b'])(
    'refuses controls in %j',
    (value) => {
      expect(messages(notes.safeParse(value))).toEqual([CONTROL_CHARACTER_MESSAGE])
    },
  )
})

describe('traveller forms use the text and date rules', () => {
  const wizard = {
    source: 'wizard',
    name: 'Thandi Nkosi',
    email: 't@example.com',
    travelers: '2',
    securityAnswer: '7',
    challengeToken: 'abc.def',
  }

  it('accepts trip dates from today to two years ahead only', () => {
    const today = '2030-01-01'
    expect(isWithinTripWindow(today, today)).toBe(true)
    expect(isWithinTripWindow(addDays(today, 730), today)).toBe(true)
    expect(isWithinTripWindow(addDays(today, 731), today)).toBe(false)
    expect(isWithinTripWindow('9999-12-31', today)).toBe(false)
    expect(isWithinTripWindow(addDays(today, -1), today)).toBe(false)
    expect(isWithinTripWindow('2030-02-30', today)).toBe(false)
    expect(tripDateProblem('', today)).toBeNull()
    expect(tripDateProblem('2029-12-31', today)).toBe(PAST_DATE_MESSAGE)
    expect(tripDateProblem('9999-12-31', today)).toBe(DATE_TOO_FAR_MESSAGE)
  })

  it('refuses invisible characters in what staff write to a traveller', () => {
    const question = {decision: 'question', revision: 'r1'}
    expect(
      messages(staffDecisionSchema.safeParse({...question, message: 'Which hotel?\u{E0041}\u{E0042}'})),
    ).toEqual([invisibleCharactersMessage('the message')])
    expect(staffDecisionSchema.parse({...question, message: ' Which hotel? 🏨 '})).toMatchObject({
      message: 'Which hotel? 🏨',
    })
  })

  it('refuses junk in trip requests and newsletter names', () => {
    expect(
      messages(itineraryRequestSchema.safeParse({...wizard, specialRequests: 'hi\u0007'})),
    ).toEqual([CONTROL_CHARACTER_MESSAGE])
    expect(messages(itineraryRequestSchema.safeParse({...wizard, name: 'Eve\u202E'}))).toEqual([
      invisibleCharactersMessage('your name'),
    ])
    expect(
      messages(
        newsletterSignupSchema.safeParse({
          name: 'Eve\u200B',
          email: 'e@example.com',
          consent: true,
        }),
      ),
    ).toEqual([invisibleCharactersMessage('your name')])
    expect(
      newsletterSignupSchema.safeParse({
        name: 'Eve',
        email: 'e@example.com',
        consent: true,
        sourcePage: '/stories\u{E0041}\u{E0042}',
      }).success,
    ).toBe(false)
  })
})

import {z} from './zod.ts'

/**
 * Text rules at the edge of every traveller form and every function that takes text, shared by the forms and the
 * functions so both give the same message. Text is trimmed and NFC-normalised, lengths count code points, and
 * anything a person cannot see or type on purpose is refused rather than silently stripped, so what staff read
 * (CSV, mail) is what the traveller saw (docs/decisions/040-invisible-characters.md has the list and the reasons):
 * - lone UTF-16 surrogates (not text at all; JSON can carry them as `"\ud800"`);
 * - C0/C1 control characters and DEL; multi-line fields keep TAB and line breaks (CRLF and CR become LF);
 * - the line and paragraph separators U+2028/U+2029, which break lines where a reader sees none;
 * - every format character (Unicode category Cf: bidi controls, zero-width characters, word joiner, BOM, soft
 *   hyphen, tag characters U+E0000–E007F, the stega marks U+1D173–1D17A…) and every default-ignorable code point
 *   (Hangul fillers U+115F, U+1160, U+3164, U+FFA0, the combining grapheme joiner, Khmer invisible vowels,
 *   variation selectors out of place, the unassigned ignorables), plus the blank Braille pattern U+2800;
 * - except where real text needs them: ZWJ and ZWNJ between two letters, marks or emoji (Persian, Hindi,
 *   Malayalam names; emoji sequences), one variation selector right after a letter, digit, symbol or punctuation
 *   (❤️, 1️⃣, ideographic variants of a name's kanji), and the tag characters of the three flags Unicode
 *   recommends (England, Scotland, Wales).
 */

export const UNREADABLE_TEXT_MESSAGE = 'Please remove characters that could not be read.'
export const SINGLE_LINE_CONTROL_MESSAGE = 'Use a single line without special characters.'
export const CONTROL_CHARACTER_MESSAGE = 'Please remove special control characters.'
export const invisibleCharactersMessage = (what = 'this field') =>
  `Please remove unusual invisible characters from ${what}.`
export const lengthMessage = (max: number) => `Use at most ${max} characters.`

const LONE_SURROGATE = /\p{Cs}/u
// \p{Cc} is C0, DEL and C1.
const ANY_CONTROL = /\p{Cc}/u
const CONTROL_EXCEPT_TAB_LF = /[^\P{Cc}\t\n]/u
/** Refused wherever they are not one of the sequences below. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u2028\u2029\u2800]/u
// Alternations rather than character classes: a joiner or variation selector in a class reads as one combined glyph.
const JOINABLE = String.raw`(?:[\p{L}\p{M}\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}]|\uFE0F)`
const JOINER = String.raw`(?:\u200C|\u200D)`
const JOINED = new RegExp(String.raw`(?<=${JOINABLE})${JOINER}(?=${JOINABLE})`, 'gu')
const VARIATION_SELECTOR = String.raw`(?:[\uFE00-\uFE0F\u180B-\u180D\u180F]|[\u{E0100}-\u{E01EF}])`
// One selector, right after what it varies: a second one in a row has no base and is how text is smuggled.
const VARIED = new RegExp(String.raw`(?<=[\p{L}\p{N}\p{S}\p{P}])${VARIATION_SELECTOR}`, 'gu')
// 🏴 then "gbeng", "gbsct" or "gbwls" in tag letters, then CANCEL TAG: the flags of England, Scotland and Wales.
const SUBDIVISION_FLAG =
  /\u{1F3F4}\u{E0067}\u{E0062}(?:\u{E0065}\u{E006E}\u{E0067}|\u{E0073}\u{E0063}\u{E0074}|\u{E0077}\u{E006C}\u{E0073})\u{E007F}/gu

export const codePointLength = (value: string): number => [...value].length

/** True when `value` holds a character from the list above outside the sequences real text needs. */
export function hasInvisibleCharacters(value: string): boolean {
  if (!INVISIBLE.test(value)) return false
  const allowed = value.replace(SUBDIVISION_FLAG, '\u{1F3F4}').replace(JOINED, '').replace(VARIED, '')
  return INVISIBLE.test(allowed)
}

type TextOptions = {
  /** Shown in the message for invisible characters, e.g. "your name". */
  what?: string
  /** Message when the value is not a string at all. */
  typeMessage?: string
  lengthMessage?: string
}

// Normalising before the checks means a decomposed "é" counts as one character and compares equal.
const normalised = (typeMessage: string) =>
  z
    .string({error: typeMessage})
    .refine((value) => !LONE_SURROGATE.test(value), UNREADABLE_TEXT_MESSAGE)
    .overwrite((value) => (LONE_SURROGATE.test(value) ? value : value.normalize('NFC')))

/** One line of text: names, phone numbers, pick-up points. */
export const safeSingleLine = (max: number, options: TextOptions = {}) =>
  normalised(options.typeMessage ?? 'Please enter text.')
    .trim()
    .refine((value) => !ANY_CONTROL.test(value), SINGLE_LINE_CONTROL_MESSAGE)
    .refine((value) => !hasInvisibleCharacters(value), invisibleCharactersMessage(options.what))
    .refine((value) => codePointLength(value) <= max, options.lengthMessage ?? lengthMessage(max))

/** Free text over several lines: notes and special requests. */
export const safeMultiLine = (max: number, options: TextOptions = {}) =>
  normalised(options.typeMessage ?? 'Please enter text.')
    .overwrite((value) => value.replace(/\r\n?/g, '\n'))
    .trim()
    .refine((value) => !CONTROL_EXCEPT_TAB_LF.test(value), CONTROL_CHARACTER_MESSAGE)
    .refine((value) => !hasInvisibleCharacters(value), invisibleCharactersMessage(options.what))
    .refine((value) => codePointLength(value) <= max, options.lengthMessage ?? lengthMessage(max))

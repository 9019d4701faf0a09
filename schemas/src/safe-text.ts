import {z} from 'zod'

/**
 * Text rules at the edge of every traveller form (issue 11, item 6), shared by the forms and the functions so both
 * give the same message. Text is trimmed and NFC-normalised, lengths count code points, and anything a person
 * cannot see or type on purpose is refused rather than silently stripped, so what staff read (CSV, mail) is what
 * the traveller saw:
 * - lone UTF-16 surrogates (not text at all; JSON can carry them as `"\ud800"`);
 * - C0/C1 control characters and DEL; multi-line fields keep TAB and line breaks (CRLF and CR become LF);
 * - bidi embeddings, overrides and isolates (U+202A–202E, U+2066–2069) and the LRM/RLM marks, which can make a
 *   name or note read differently from what it holds;
 * - invisible format characters: zero-width space, word joiner, BOM, soft hyphen, Mongolian vowel separator.
 * ZWJ and ZWNJ are part of real names (Persian, Hindi, Malayalam…) and of emoji sequences, so they are allowed
 * between two letters, marks or emoji and refused anywhere else (leading, trailing, doubled, around spaces).
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
const BIDI_AND_INVISIBLE =
  /[\u00AD\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u
// Alternations rather than character classes: a joiner or variation selector in a class reads as one combined glyph.
const JOINABLE = String.raw`(?:[\p{L}\p{M}\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}]|\uFE0F)`
const JOINER = String.raw`(?:\u200C|\u200D)`
const STRAY_JOINER = new RegExp(String.raw`(?<!${JOINABLE})${JOINER}|${JOINER}(?!${JOINABLE})`, 'u')

export const codePointLength = (value: string): number => [...value].length

export function hasInvisibleCharacters(value: string): boolean {
  return BIDI_AND_INVISIBLE.test(value) || STRAY_JOINER.test(value)
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

import {gzipSync} from 'node:zlib'

import type {Random} from '../../lake/src/testing/seeded-random.ts'

/** Strings no form should store: control characters, lone surrogates, bidi overrides, zero-width, tag and other invisible characters, huge. */
export const hostileStrings: readonly string[] = [
  'a\u0000b',
  'bell\u0007\u001b[31mred',
  '\ud800',
  'x\udfffy',
  '\u202eevil\u202c',
  'zero\u200bwidth\u200d',
  '\ufeffbom',
  'tag\u{E0049}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}',
  'line\u2028separator\u2029',
  'hangul\u3164filler\u115F\u1160\uFFA0',
  'smuggled\u{1F600}\uFE0F\uFE0E\u{E0101}',
  '<script>alert(1)</script>',
  "'; DROP TABLE bookings; --",
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '\r\nSet-Cookie: x=1',
  'é'.repeat(5000),
  'A'.repeat(70_000),
  '',
  ' ',
]

/** Link addresses a document written through the API (not the studio) may hold; none may become a link. */
export const hostileHrefs: readonly string[] = [
  '//evil.example',
  '//evil.example/path',
  '/\\evil.example',
  '/.//evil.example',
  '\\\\evil.example',
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'JAVASCRIPT:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'javascript\u0000:alert(1)',
  '\u0001javascript:alert(1)',
  'jav\u200Bascript:alert(1)',
  '&#106;avascript:alert(1)',
  '%6Aavascript:alert(1)',
  'javascript%3Aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://evil.example',
  'https:',
  'https://',
  'https:// evil.example',
  ' https://example.com',
  'https://example.com ',
  'mailto:',
  'evil.example',
  '',
]

const hostileNumbers = ['1e309', '-0', '-1', '9007199254740993', '0.1e-400', 'NaN', 'Infinity', '1'.repeat(400)]
export const hostileDates = ['9999-12-31', '0000-00-00', '2024-02-30', '1900-01-01', '2026-13-01', '+275760-09-13', 'yesterday']

export function jsonString(value: string) {
  // JSON.stringify writes a lone surrogate as a \ud800 escape, which is what a hostile client sends.
  return JSON.stringify(value)
}

export function deepNesting(depth: number, open = '[', close = ']') {
  return `${open.repeat(depth)}${close.repeat(depth)}`
}

/** A JSON text for an object whose fields are replaced, one or more, by hostile values; written by hand so that duplicate keys, huge numbers and bare garbage survive. */
export function hostileObjectText(random: Random, fields: Record<string, unknown>): string {
  const entries = Object.entries(fields).map(([key, value]) => [key, JSON.stringify(value)] as [string, string])
  const mutations = 1 + random.int(3)
  for (let index = 0; index < mutations; index += 1) {
    // A field removed by an earlier mutation leaves an object with nothing to mutate: give it one.
    if (entries.length === 0) entries.push(['extra', '1'])
    const target = random.int(entries.length)
    const entry = entries[target] as [string, string]
    switch (random.int(10)) {
      case 0:
        entry[1] = jsonString(random.pick(hostileStrings))
        break
      case 1:
        entry[1] = random.pick(hostileNumbers)
        break
      case 2:
        entry[1] = jsonString(random.pick(hostileDates))
        break
      case 3:
        entry[1] = random.pick(['null', 'true', '[]', '{}', '[1,2,3]', '{"$ne":null}', '"\\u0000"'])
        break
      case 4:
        entry[1] = deepNesting(500 + random.int(5000))
        break
      case 5:
        entry[1] = `[${Array.from({length: 20_000}, () => '0').join(',')}]`
        break
      case 6:
        entries.push([entry[0], jsonString(random.pick(hostileStrings))])
        break
      case 7:
        entries.push([random.pick(['__proto__', 'constructor', 'prototype']), '{"isAdmin":true,"polluted":"yes"}'])
        break
      case 8:
        entries.splice(target, 1)
        break
      default:
        entry[1] = jsonString(random.pick(hostileStrings) + random.pick(hostileStrings))
    }
  }
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`
}

/** Bodies that are not JSON at all, or not UTF-8, or not a JSON object. */
export function malformedBody(random: Random): Buffer {
  switch (random.int(9)) {
    case 0:
      return Buffer.from('{"name":"x",')
    case 1:
      return Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0xff, 0xfe, 0x22, 0x7d])
    case 2:
      return Buffer.from(deepNesting(100_000, '{"a":', '}'))
    case 3:
      return Buffer.from(deepNesting(200_000))
    case 4:
      return Buffer.from('\ufeff{"a":1}', 'utf16le')
    case 5:
      return Buffer.from(random.pick(['[]', '"text"', '42', 'null', 'true', '', ' ']))
    case 6:
      return Buffer.from('name=x&email=y%00&notes=%ZZ')
    case 7:
      return Buffer.from(`{"a":"${'\\u'.repeat(1000)}"}`)
    default:
      return Buffer.from(`{${'"k":1,'.repeat(50_000)}"k":2}`)
  }
}

/** A gzip bomb: 64 MB of zeros packed into some 64 KB. */
let bomb: Buffer | undefined
export function gzipBomb(): Buffer {
  bomb ??= gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20), {level: 9})
  return bomb
}

/** Sizes just over and far over the limits we know (16 KB forms, 1 MB documents, 10 MB mutations). */
export function oversizedBody(random: Random): Buffer {
  const size = random.pick([70 * 1024, 1024 * 1024 + 1, 4 * 1024 * 1024, 12 * 1024 * 1024])
  const padding = 'x'.repeat(size)
  return Buffer.from(`{"notes":"${padding}"}`)
}

/**
 * encodeURIComponent, except that a lone surrogate becomes its three invalid UTF-8 bytes (e.g. %ED%A0%80)
 * where encodeURIComponent would throw: the bytes a hostile client sends.
 */
export function percentEncode(value: string): string {
  return Array.from(value, (character) => {
    const code = character.charCodeAt(0)
    if (character.length > 1 || code < 0xd800 || code > 0xdfff) return encodeURIComponent(character)
    return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
      .map((byte) => `%${byte.toString(16).toUpperCase()}`)
      .join('')
  }).join('')
}

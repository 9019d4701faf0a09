import {describe, expect, it} from 'vitest'

import {LakeError} from '../store/types.ts'
import {boundedJson} from './bounded-json.ts'

const tooLarge = (size: number) => new LakeError(400, 'queryExecutionError', `too large: ${size}`)
const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8')

describe('boundedJson', () => {
  // Two bytes a character in UTF-8, one UTF-16 code unit: 2,017 bytes sent, 1,017 code units.
  const accented = {names: ['é'.repeat(600), 'ß'.repeat(400)]}

  it('counts the UTF-8 bytes sent, not UTF-16 code units: a result of accented text over the limit is refused', () => {
    expect(bytesOf(accented)).toBe(2_017)
    expect(() => boundedJson(accented, 2_016, tooLarge)).toThrow(/too large/)
    expect(boundedJson(accented, 2_017, tooLarge)).toBe(JSON.stringify(accented))
  })

  it('counts four bytes for a character outside the basic plane, and escapes as JSON.stringify does', () => {
    const value = [{emoji: '🙂'.repeat(10), control: '\u0000"\\\n', lone: '\ud800'}, null, 1.5, true]
    const size = bytesOf(value)
    expect(boundedJson(value, size, tooLarge)).toBe(JSON.stringify(value))
    expect(() => boundedJson(value, size - 1, tooLarge)).toThrow(/too large/)
  })
})

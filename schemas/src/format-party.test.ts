import {describe, expect, it} from 'vitest'

import {formatGroupInWords, formatParty} from './format-party.ts'

describe('formatParty', () => {
  it('says adult and child in the singular for one', () => {
    expect(formatParty(2, 1)).toBe('2 adults, 1 child')
    expect(formatParty(1, 0)).toBe('1 adult, 0 children')
  })
})

describe('formatGroupInWords', () => {
  it('leaves out children when there are none', () => {
    expect(formatGroupInWords(2, 0)).toBe('2 adults')
    expect(formatGroupInWords(1, 1)).toBe('1 adult, 1 child')
    expect(formatGroupInWords(3, 2)).toBe('3 adults, 2 children')
  })
})

import {describe, expect, it} from 'vitest'

import {formatParty} from './format-party.ts'

describe('formatParty', () => {
  it('says adult and child in the singular for one', () => {
    expect(formatParty(2, 1)).toBe('2 adults, 1 child')
    expect(formatParty(1, 0)).toBe('1 adult, 0 children')
  })
})

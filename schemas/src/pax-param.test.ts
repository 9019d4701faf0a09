import {describe, expect, it} from 'vitest'

import {parsePaxParam} from './pax-param.ts'

describe('parsePaxParam', () => {
  it('defaults to two adults and refuses junk', () => {
    expect(parsePaxParam(null)).toEqual({adults: 2, children: 0})
    expect(parsePaxParam('')).toEqual({adults: 2, children: 0})
    expect(parsePaxParam('3,1')).toEqual({adults: 3, children: 1})
    expect(parsePaxParam('3')).toBeNull()
    expect(parsePaxParam('-1,2')).toBeNull()
    expect(parsePaxParam('2.5,0')).toBeNull()
    expect(parsePaxParam('1000,0')).toBeNull()
  })

  it('gives each caller its own default party, which it may change', () => {
    const party = parsePaxParam(null)!
    party.adults = 5
    expect(parsePaxParam(null)).toEqual({adults: 2, children: 0})
  })
})

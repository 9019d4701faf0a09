import {describe, expect, it} from 'vitest'

import {addDays, isIsoDate, todayInCapeTown} from './iso-date.ts'

describe('isIsoDate', () => {
  it('accepts real calendar dates only', () => {
    expect(isIsoDate('2026-02-28')).toBe(true)
    expect(isIsoDate('2028-02-29')).toBe(true)
    expect(isIsoDate('2026-02-29')).toBe(false)
    expect(isIsoDate('2026-13-01')).toBe(false)
    expect(isIsoDate('26-01-01')).toBe(false)
    expect(isIsoDate('2026-01-01T00:00:00Z')).toBe(false)
  })
})

describe('addDays', () => {
  it('crosses month and year ends', () => {
    expect(addDays('2026-12-30', 2)).toBe('2027-01-01')
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(addDays('2026-06-15', 0)).toBe('2026-06-15')
  })

  it('refuses a malformed date', () => {
    expect(() => addDays('15/06/2026', 1)).toThrow(RangeError)
  })
})

describe('todayInCapeTown', () => {
  it('uses Cape Town time, two hours ahead of UTC', () => {
    expect(todayInCapeTown(new Date('2026-11-21T21:59:00Z'))).toBe('2026-11-21')
    expect(todayInCapeTown(new Date('2026-11-21T22:00:00Z'))).toBe('2026-11-22')
  })
})

import {describe, expect, it} from 'vitest'

import {addDays, daysBetween, isIsoDate, todayInCapeTown} from './iso-date.ts'

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

describe('daysBetween', () => {
  it('counts whole days across a leap day, the end of a year and the last year of four digits', () => {
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2)
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1)
    expect(daysBetween('2027-01-01', '2026-12-31')).toBe(-1)
    expect(daysBetween('9999-12-31', '9999-12-31')).toBe(0)
    expect(daysBetween('9999-10-01', '9999-12-31')).toBe(91)
    expect(() => daysBetween('9999-12-32', '9999-12-31')).toThrow(RangeError)
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

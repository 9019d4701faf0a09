import {describe, expect, it} from 'vitest'

import {
  formatCreatedAt,
  formatDateInWords,
  formatLongDateTime,
  formatShortDate,
  formatSpreadsheetDateTime,
  formatTripDate,
  toIsoDate,
} from './format-date.ts'

/**
 * Runs in every zone the suite is run in (the `zones` vitest project repeats it with `TZ=America/New_York`): what a
 * person reads is Cape Town's clock and calendar, never the process's. The instants sit where the zones disagree
 * on the day: 22:30 UTC is already tomorrow in Cape Town and still today in New York.
 */
describe('format-date in any process time zone', () => {
  it(`reads instants on Cape Town’s clock (process TZ ${process.env.TZ ?? 'unset'})`, () => {
    const lateEvening = '2026-11-24T22:30:00Z'
    expect(formatLongDateTime(lateEvening)).toBe('25 November 2026, 00:30 SAST')
    expect(formatCreatedAt(lateEvening)).toBe('25 Nov 00:30 SAST')
    expect(formatSpreadsheetDateTime(lateEvening)).toBe('2026-11-25 00:30')
    expect(toIsoDate(lateEvening)).toBe('2026-11-25')
    expect(formatDateInWords(new Date(lateEvening))).toBe('Wednesday 25 November 2026')
    expect(formatLongDateTime(Date.parse('2026-11-24T04:35:00Z'))).toBe(
      '24 November 2026, 06:35 SAST',
    )
  })

  it('shows a calendar date as the day it names, never the day before or after', () => {
    for (const day of ['2026-01-01', '2026-03-08', '2026-11-01', '2026-12-31']) {
      expect(toIsoDate(day)).toBe(day)
    }
    expect(formatShortDate('2026-03-08')).toBe('Sun 8 Mar 2026')
    expect(formatTripDate('2026-11-01')).toBe('1 Nov 2026')
    expect(formatDateInWords('2026-12-31')).toBe('Thursday 31 December 2026')
  })
})

// The zones projects set TZ; this proves the process really reads its clock there, so the tests above bite. Where
// TZ is left as the machine has it, there is nothing to prove.
const ZONE_OFFSETS: Record<string, number> = {'UTC': 0, 'America/New_York': 300}
const zone = process.env.TZ
if (zone !== undefined && zone in ZONE_OFFSETS)
  describe('the zone the suite runs in', () => {
    it(`is ${zone}`, () => {
      expect(new Date('2026-01-15T12:00:00Z').getTimezoneOffset()).toBe(ZONE_OFFSETS[zone])
    })
  })

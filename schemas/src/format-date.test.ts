import {describe, expect, it} from 'vitest'

import {
  formatDateInWordsIn,
  formatCreatedAt,
  formatDateInWords,
  formatLongDate,
  formatLongDateTime,
  formatShortDate,
  formatMonthAndYear,
  formatSpreadsheetDateTime,
  formatTripDate,
  formatTripStart,
  formatTripTime,
  formatTripWhen,
  formatWeekday,
  toIsoDate,
} from './format-date.ts'

describe('format-date', () => {
  // 12:05 UTC is 14:05 in Cape Town, whatever zone the process runs in.
  const instant = new Date('2026-11-21T12:05:00Z')

  it('formats ISO calendar dates for URLs', () => {
    expect(toIsoDate(instant)).toBe('2026-11-21')
    expect(toIsoDate('2026-03-04')).toBe('2026-03-04')
  })

  it('uses British English long dates', () => {
    expect(formatLongDate('2026-11-21')).toBe('21 November 2026')
    expect(formatLongDateTime(instant)).toBe('21 November 2026, 14:05 SAST')
    expect(formatShortDate('2026-11-21')).toBe('Sat 21 Nov 2026')
    // Newer ICU versions say "Sat, 5 Sept 2026" for a whole en-GB pattern; the server and every browser must agree.
    expect(formatShortDate('2026-09-05')).toBe('Sat 5 Sep 2026')
    expect(formatLongDate('2024-02-29')).toBe('29 February 2024')
    expect(formatDateInWords('2026-12-16')).toBe('Wednesday 16 December 2026')
  })

  it('formats the dashboard patterns of the spec', () => {
    expect(formatTripDate('2026-01-05')).toBe('5 Jan 2026')
    expect(formatTripDate('2026-09-30')).toBe('30 Sep 2026')
    expect(formatCreatedAt(instant)).toBe('21 Nov 14:05 SAST')
  })

  it('names a calendar month and its weekdays', () => {
    expect(formatMonthAndYear('2026-12-04')).toBe('December 2026')
    expect(formatWeekday('2026-11-23')).toEqual({short: 'Mon', long: 'Monday'})
    expect(formatWeekday('nope')).toEqual({short: '', long: ''})
  })

  it('shows a trip start as the day and the time on Cape Town’s clock', () => {
    expect(formatTripStart('2026-11-28', '09:00')).toBe('Saturday 28 November 2026, 09:00 SAST')
    expect(formatTripStart('2026-11-28')).toBe('Saturday 28 November 2026')
    expect(formatTripStart('2026-11-28', '9 o’clock')).toBe('Saturday 28 November 2026')
    expect(formatTripStart('not a date', '09:00')).toBe('')
  })

  it('says when a trip starts in one line: the start time wins over a preferred time, the day never twice', () => {
    expect(formatTripWhen('2026-11-28', {start: '17:30', preferred: ''})).toBe(
      'Saturday 28 November 2026, 17:30 SAST',
    )
    expect(formatTripWhen('2026-11-28', {start: '17:30', preferred: 'Morning'})).toBe(
      'Saturday 28 November 2026, 17:30 SAST',
    )
    expect(formatTripWhen('2026-11-28', {preferred: 'Morning (07:00)'})).toBe(
      'Saturday 28 November 2026, Morning (07:00)',
    )
    expect(formatTripWhen('2026-11-28', {preferred: ' '})).toBe('Saturday 28 November 2026')
    expect(formatTripWhen('not a date', {start: '17:30'})).toBe('')
    // The time alone, for a mail's sentence that already names the day: never "Any time" beside a start.
    expect(formatTripTime({start: '17:30', preferred: ''})).toBe('17:30 SAST')
    expect(formatTripTime({start: null, preferred: 'Sunset'})).toBe('Sunset')
    expect(formatTripTime({})).toBe('Any time')
  })

  it('returns an empty string for an invalid date instead of throwing', () => {
    expect(formatLongDate('not a date')).toBe('')
    expect(toIsoDate(Number.NaN)).toBe('')
    expect(formatSpreadsheetDateTime('')).toBe('')
  })
})

describe('a day in words in the reader’s language', () => {
  it('writes it as each language does, on Cape Town’s clock', () => {
    expect(formatDateInWordsIn('en', '2026-12-02')).toBe(formatDateInWords('2026-12-02'))
    expect(formatDateInWordsIn('de', '2026-12-02')).toBe('Mittwoch, 2. Dezember 2026')
    expect(formatDateInWordsIn('nl', '2026-12-02')).toBe('woensdag 2 december 2026')
    expect(formatDateInWordsIn('fr', '2026-12-02')).toBe('mercredi 2 décembre 2026')
    expect(formatDateInWordsIn('fr', '2027-03-01')).toBe('lundi 1er mars 2027')
    // 23:30 UTC on 1 December is already 2 December in Cape Town.
    expect(formatDateInWordsIn('de', '2026-12-01T23:30:00Z')).toBe('Mittwoch, 2. Dezember 2026')
    expect(formatDateInWordsIn('nl', 'not a date')).toBe('')
  })
})

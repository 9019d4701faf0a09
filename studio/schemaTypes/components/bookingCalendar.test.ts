import {describe, expect, it} from 'vitest'

import {
  calendarDays,
  calendarMonths,
  dayAfterKey,
  toggleBlackout,
  weekdayIndex,
  WEEKDAYS,
  type BlackoutPatch,
} from './bookingCalendar'

const TODAY = '2026-11-23' // a Monday
const rules = (stored: {leadTimeDays?: number; blackoutDates?: string[]} = {}) => ({
  leadTimeDays: 2,
  blackoutDates: [],
  ...stored,
})
const dayOf = (days: ReturnType<typeof calendarDays>, date: string) =>
  days.find((d) => d.date === date)!

describe('calendarDays', () => {
  it('covers this month from its first day to the 90th day from today, in Cape Town dates', () => {
    const days = calendarDays({rules: rules(), today: TODAY})
    expect(days[0]!.date).toBe('2026-11-01')
    expect(days.at(-1)!.date).toBe('2027-02-20') // today + 89
    expect(days.filter((d) => d.date >= TODAY)).toHaveLength(90)
    expect(days.filter((d) => d.state === 'past')).toHaveLength(22)
  })

  it('blocks today and the lead time, then the days are open for requests', () => {
    const days = calendarDays({rules: rules({leadTimeDays: 3}), today: TODAY})
    expect(['2026-11-23', '2026-11-24', '2026-11-25'].map((d) => dayOf(days, d).state)).toEqual([
      'lead-time',
      'lead-time',
      'lead-time',
    ])
    expect(dayOf(days, '2026-11-26')).toMatchObject({
      state: 'open',
      toggleable: true,
      label: 'Thursday 26 November 2026, open for requests',
    })
    expect(dayOf(days, '2026-11-24')).toMatchObject({
      toggleable: false,
      label: 'Tuesday 24 November 2026, blocked by lead time (bookings need 3 days’ notice)',
    })
    expect(dayOf(days, '2026-11-22')).toMatchObject({
      state: 'past',
      toggleable: false,
      label: 'Sunday 22 November 2026, past',
    })
  })

  it('marks blackout dates, inside the lead time too, so they can be taken out', () => {
    const days = calendarDays({
      rules: rules({blackoutDates: ['2026-11-24', '2026-12-04']}),
      today: TODAY,
    })
    expect(dayOf(days, '2026-12-04')).toMatchObject({
      state: 'blackout',
      toggleable: true,
      label: 'Friday 4 December 2026, blacked out',
    })
    expect(dayOf(days, '2026-11-24')).toMatchObject({state: 'blackout', toggleable: true})
  })

  it('says nothing of places: no day is called full or free of bookings, whatever the settings', () => {
    const days = calendarDays({rules: rules(), today: TODAY})
    expect(new Set(days.map((d) => d.state))).toEqual(new Set(['past', 'lead-time', 'open']))
    expect(days.some((d) => /place|full|taken/.test(d.label))).toBe(false)
  })
})

describe('calendarMonths', () => {
  it('lays the days out as Monday-first weeks of whole months', () => {
    const months = calendarMonths(calendarDays({rules: rules(), today: TODAY}))
    expect(months.map((m) => m.title)).toEqual([
      'November 2026',
      'December 2026',
      'January 2027',
      'February 2027',
    ])
    // 1 November 2026 is a Sunday: six empty cells first.
    expect(months[0]!.weeks[0]!.slice(0, 7).map((d) => d?.date ?? null)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      '2026-11-01',
    ])
    for (const month of months) for (const week of month.weeks) expect(week).toHaveLength(7)
    // February stops at the 90th day (the 20th, a Saturday).
    expect(months[3]!.weeks.at(-1)!.map((d) => d?.date ?? null)).toEqual([
      '2027-02-15',
      '2027-02-16',
      '2027-02-17',
      '2027-02-18',
      '2027-02-19',
      '2027-02-20',
      null,
    ])
  })

  it('names the weekdays Monday first, whatever the machine’s time zone', () => {
    expect(WEEKDAYS.map((w) => w.short)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'])
    expect(weekdayIndex('2026-12-04')).toBe(4) // a Friday
  })
})

describe('dayAfterKey', () => {
  it('moves as a date picker grid does', () => {
    const friday = '2026-12-04'
    expect(dayAfterKey(friday, 'ArrowLeft')).toBe('2026-12-03')
    expect(dayAfterKey(friday, 'ArrowRight')).toBe('2026-12-05')
    expect(dayAfterKey(friday, 'ArrowUp')).toBe('2026-11-27')
    expect(dayAfterKey(friday, 'ArrowDown')).toBe('2026-12-11')
    expect(dayAfterKey(friday, 'Home')).toBe('2026-11-30')
    expect(dayAfterKey(friday, 'End')).toBe('2026-12-06')
    expect(dayAfterKey(friday, 'PageUp')).toBe('2026-11-04')
    expect(dayAfterKey(friday, 'PageDown')).toBe('2027-01-04')
    expect(dayAfterKey(friday, 'a')).toBeNull()
  })

  it('keeps to the last day of a shorter month', () => {
    expect(dayAfterKey('2027-01-31', 'PageDown')).toBe('2027-02-28')
    expect(dayAfterKey('2026-12-31', 'PageUp')).toBe('2026-11-30')
  })
})

/** Sanity's patch semantics on an array of strings, for the patches `toggleBlackout` plans. */
function apply(
  dates: readonly (string | null | undefined)[] | undefined,
  patches: BlackoutPatch[],
) {
  let list = [...(dates ?? [])]
  for (const patch of patches) {
    if (patch.type === 'set') list = [...patch.value]
    else if (patch.type === 'unset') list.splice(patch.index, 1)
    else if (patch.position === 'after' && patch.index === -1) list.push(patch.value)
    else list.splice(patch.index, 0, patch.value)
  }
  return list
}

describe('toggleBlackout', () => {
  const cases: [
    string,
    (string | null)[] | undefined,
    string,
    (string | null)[],
    BlackoutPatch['type'],
  ][] = [
    ['adds to an empty list', [], '2026-12-04', ['2026-12-04'], 'set'],
    ['adds to a missing list', undefined, '2026-12-04', ['2026-12-04'], 'set'],
    [
      'inserts in order',
      ['2026-12-01', '2026-12-10'],
      '2026-12-04',
      ['2026-12-01', '2026-12-04', '2026-12-10'],
      'insert',
    ],
    ['inserts first', ['2026-12-10'], '2026-12-04', ['2026-12-04', '2026-12-10'], 'insert'],
    ['appends last', ['2026-12-01'], '2026-12-04', ['2026-12-01', '2026-12-04'], 'insert'],
    [
      'removes a date',
      ['2026-12-01', '2026-12-04', '2026-12-10'],
      '2026-12-04',
      ['2026-12-01', '2026-12-10'],
      'unset',
    ],
    ['removes the only date, leaving an empty list', ['2026-12-04'], '2026-12-04', [], 'unset'],
    [
      'keeps a half-typed row',
      ['2026-12-01', null, '2026-12-10'],
      '2026-12-12',
      ['2026-12-01', null, '2026-12-10', '2026-12-12'],
      'insert',
    ],
    [
      'sorts a list out of order',
      ['2026-12-10', '2026-12-01'],
      '2026-12-04',
      ['2026-12-01', '2026-12-04', '2026-12-10'],
      'set',
    ],
    [
      'removes every copy of a duplicate',
      ['2026-12-04', '2026-12-04', '2026-12-01'],
      '2026-12-04',
      ['2026-12-01'],
      'set',
    ],
  ]
  it.each(cases)('%s', (_name, dates, date, expected, type) => {
    const {next, patches} = toggleBlackout(dates, date)
    expect(next).toEqual(expected)
    expect(patches.map((p) => p.type)).toEqual([type])
    expect(apply(dates, patches)).toEqual(expected)
  })

  it('gives back the list it started from after two clicks', () => {
    const start = ['2026-11-30', '2026-12-24']
    const once = toggleBlackout(start, '2026-12-04').next
    expect(toggleBlackout(once, '2026-12-04').next).toEqual(start)
  })

  it('refuses what is not a calendar date', () => {
    expect(() => toggleBlackout([], '2026-02-30')).toThrow(RangeError)
  })
})

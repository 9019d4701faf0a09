import {describe, expect, it} from 'vitest'

import {
  DEFAULT_EXPERIENCE_SETTINGS,
  DEFAULT_PARTY,
  blackoutDatesProblem,
  earliestBookableDate,
  isDateAvailable,
  leadTimeProblem,
  maxPaxProblem,
  minPaxProblem,
  paxSummary,
  paxWithinLimits,
  resolveExperienceSettings,
  shouldShowTimeSelect,
  timeSlotsProblem,
  validateExperienceSettings,
} from './experience-settings.ts'

const today = '2026-11-22'

describe('defaults', () => {
  it('are min 1, max 10, no blackouts, four slots, two days lead time', () => {
    expect(DEFAULT_EXPERIENCE_SETTINGS).toEqual({
      minPax: 1,
      maxPax: 10,
      blackoutDates: [],
      timeSlots: ['Morning', 'Afternoon', 'Sunset', 'Full Day'],
      leadTimeDays: 2,
    })
    expect(DEFAULT_PARTY).toEqual({adults: 2, children: 0})
  })

  it('cannot be changed by a caller', () => {
    expect(Object.isFrozen(DEFAULT_EXPERIENCE_SETTINGS)).toBe(true)
    const resolved = resolveExperienceSettings(null)
    resolved.blackoutDates.push('2026-12-25')
    expect(DEFAULT_EXPERIENCE_SETTINGS.blackoutDates).toEqual([])
  })

  it('fill only what a stored document leaves out', () => {
    expect(
      resolveExperienceSettings({maxPax: 8, timeSlots: ['Sunset'], leadTimeDays: null}),
    ).toEqual({
      minPax: 1,
      maxPax: 8,
      blackoutDates: [],
      timeSlots: ['Sunset'],
      leadTimeDays: 2,
    })
    expect(resolveExperienceSettings({timeSlots: []}).timeSlots).toHaveLength(4)
  })
})

describe('isDateAvailable', () => {
  const settings = {leadTimeDays: 2, blackoutDates: ['2026-12-25']}

  it('rejects dates before today + lead time and accepts the first allowed day', () => {
    expect(earliestBookableDate(settings, today)).toBe('2026-11-24')
    expect(isDateAvailable('2026-11-22', settings, today)).toBe(false)
    expect(isDateAvailable('2026-11-23', settings, today)).toBe(false)
    expect(isDateAvailable('2026-11-24', settings, today)).toBe(true)
  })

  it('rejects blackout dates', () => {
    expect(isDateAvailable('2026-12-25', settings, today)).toBe(false)
    expect(isDateAvailable('2026-12-26', settings, today)).toBe(true)
  })

  it('allows today with zero lead time and rejects malformed dates', () => {
    expect(isDateAvailable(today, {leadTimeDays: 0, blackoutDates: []}, today)).toBe(true)
    expect(isDateAvailable('2026-02-30', settings, today)).toBe(false)
    expect(isDateAvailable('', settings, today)).toBe(false)
  })
})

describe('paxWithinLimits', () => {
  const settings = {minPax: 2, maxPax: 8}

  it('counts adults and children together against min and max', () => {
    expect(paxWithinLimits({adults: 1, children: 0}, settings)).toBe(false)
    expect(paxWithinLimits({adults: 1, children: 1}, settings)).toBe(true)
    expect(paxWithinLimits({adults: 6, children: 2}, settings)).toBe(true)
    expect(paxWithinLimits({adults: 6, children: 3}, settings)).toBe(false)
  })

  it('rejects negative or fractional counts', () => {
    expect(paxWithinLimits({adults: -1, children: 4}, settings)).toBe(false)
    expect(paxWithinLimits({adults: 2.5, children: 0}, settings)).toBe(false)
  })

  it('writes the total line of the booking dialog', () => {
    expect(paxSummary(1, {minPax: 1, maxPax: 10})).toBe('Total: 1 person (min: 1, max: 10)')
    expect(paxSummary(3, settings)).toBe('Total: 3 people (min: 2, max: 8)')
  })
})

describe('shouldShowTimeSelect', () => {
  it('shows only with more than one slot and no Full Day', () => {
    expect(shouldShowTimeSelect({timeSlots: ['Morning', 'Sunset']})).toBe(true)
    expect(shouldShowTimeSelect({timeSlots: ['Sunset']})).toBe(false)
    expect(shouldShowTimeSelect({timeSlots: ['Full Day']})).toBe(false)
    expect(shouldShowTimeSelect(DEFAULT_EXPERIENCE_SETTINGS)).toBe(false)
  })
})

describe('settings validation', () => {
  it('requires 1 ≤ min pax', () => {
    expect(minPaxProblem(0)).toMatch(/at least 1/)
    expect(minPaxProblem(1.5)).toMatch(/whole number/)
    expect(minPaxProblem(undefined)).toMatch(/smallest group/)
    expect(minPaxProblem(1)).toBeNull()
  })

  it('requires min pax ≤ max pax', () => {
    expect(maxPaxProblem(4, 6)).toBe(
      'Maximum group size (4) cannot be smaller than the minimum (6).',
    )
    expect(maxPaxProblem(6, 6)).toBeNull()
    expect(maxPaxProblem(0, undefined)).toMatch(/at least 1/)
    expect(maxPaxProblem(101, 1)).toMatch(/more than 100/)
  })

  it('keeps lead time between 0 and 365 whole days', () => {
    expect(leadTimeProblem(-1)).toMatch(/between 0 and 365/)
    expect(leadTimeProblem(366)).toMatch(/between 0 and 365/)
    expect(leadTimeProblem(1.5)).toMatch(/whole number/)
    expect(leadTimeProblem(0)).toBeNull()
    expect(leadTimeProblem(365)).toBeNull()
  })

  it('rejects duplicate and past blackout dates', () => {
    expect(blackoutDatesProblem(['2026-12-25', '2026-12-25'], today)).toMatch(/more than once/)
    expect(blackoutDatesProblem(['2026-11-21'], today)).toMatch(/in the past/)
    expect(blackoutDatesProblem(['not-a-date'], today)).toMatch(/valid calendar date/)
    expect(blackoutDatesProblem([today, '2027-01-01'], today)).toBeNull()
    expect(blackoutDatesProblem(undefined, today)).toBeNull()
  })

  it('accepts only known, unique time slots', () => {
    expect(timeSlotsProblem([])).toMatch(/at least one/)
    expect(timeSlotsProblem(['Midnight'])).toMatch(/must be one of/)
    expect(timeSlotsProblem(['Sunset', 'Sunset'])).toMatch(/more than once/)
    expect(timeSlotsProblem(['Evening'])).toBeNull()
  })

  it('collects every problem of a document, and none for the defaults', () => {
    expect(validateExperienceSettings({...DEFAULT_EXPERIENCE_SETTINGS}, today)).toEqual([])
    const problems = validateExperienceSettings(
      {minPax: 5, maxPax: 3, leadTimeDays: 400, blackoutDates: ['2020-01-01'], timeSlots: []},
      today,
    )
    expect(problems.map((p) => p.field)).toEqual([
      'maxPax',
      'leadTimeDays',
      'blackoutDates',
      'timeSlots',
    ])
  })
})

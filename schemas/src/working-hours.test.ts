import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {BUSINESS_TIME_ZONE} from './iso-date.ts'
import {
  DEFAULT_RESPONSE_TARGET_HOURS,
  DEFAULT_WORKING_HOURS,
  isWaitingTooLong,
  resolveResponseSettings,
  waitingCutoff,
  workingDay,
  workingHoursBetween,
  workingHoursInWords,
  type WorkingHours,
} from './working-hours.ts'

/** A Cape Town wall-clock time (`2026-11-20 16:30`) as the instant it is: SAST is UTC+2. */
const sast = (local: string) => new Date(`${local.replace(' ', 'T')}:00+02:00`)
const hours: WorkingHours = {...DEFAULT_WORKING_HOURS, days: [...DEFAULT_WORKING_HOURS.days]}
const between = (from: string, to: string, custom = hours) =>
  workingHoursBetween(sast(from), sast(to), custom)
const cutoff = (now: string, target = 4, custom = hours) =>
  waitingCutoff(sast(now), target, custom).toISOString()

// 20 November 2026 is a Friday, 21 a Saturday, 23 a Monday.
describe.each(['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati', BUSINESS_TIME_ZONE])(
  'working hours in Cape Town, on a server whose TZ is %s',
  (timeZone) => {
    const previous = process.env.TZ
    beforeAll(() => void (process.env.TZ = timeZone))
    afterAll(() => void (process.env.TZ = previous))

    it('runs the test in that zone (the server’s own midnight is elsewhere)', () => {
      expect(new Date('2026-11-20T12:00:00Z').getTimezoneOffset()).toBe(
        {'UTC': 0, 'America/Los_Angeles': 480, 'Pacific/Kiritimati': -840}[timeZone] ?? -120,
      )
    })

    it('counts nights as nothing', () => {
      expect(between('2026-11-24 18:00', '2026-11-25 09:00')).toBe(1)
      expect(between('2026-11-24 16:00', '2026-11-25 09:00')).toBe(2)
      expect(between('2026-11-24 03:00', '2026-11-24 07:59')).toBe(0)
      expect(between('2026-11-24 08:15', '2026-11-24 08:45')).toBe(0.5)
    })

    it('counts weekends as nothing: Friday 16:30 plus 4 working hours is Monday 11:30', () => {
      expect(between('2026-11-20 16:30', '2026-11-23 11:30')).toBe(4)
      expect(isWaitingTooLong(sast('2026-11-20 16:30'), sast('2026-11-23 11:30'), 4, hours)).toBe(
        true,
      )
      expect(isWaitingTooLong(sast('2026-11-20 16:30'), sast('2026-11-23 11:29'), 4, hours)).toBe(
        false,
      )
      expect(cutoff('2026-11-23 11:30')).toBe(sast('2026-11-20 16:30').toISOString())
    })

    it('starts the wait of a request made on Saturday on Monday morning', () => {
      expect(between('2026-11-21 10:00', '2026-11-23 08:00')).toBe(0)
      expect(between('2026-11-21 10:00', '2026-11-23 12:00')).toBe(4)
      expect(isWaitingTooLong(sast('2026-11-21 10:00'), sast('2026-11-23 11:59'), 4, hours)).toBe(
        false,
      )
      expect(isWaitingTooLong(sast('2026-11-21 10:00'), sast('2026-11-23 12:00'), 4, hours)).toBe(
        true,
      )
    })

    it('flags a request exactly at the threshold, not a millisecond before', () => {
      const now = sast('2026-11-25 14:00')
      const limit = waitingCutoff(now, 4, hours)
      expect(limit.toISOString()).toBe(sast('2026-11-25 10:00').toISOString())
      expect(isWaitingTooLong(limit, now, 4, hours)).toBe(true)
      expect(isWaitingTooLong(new Date(limit.getTime() + 1), now, 4, hours)).toBe(false)
      expect(isWaitingTooLong(new Date(limit.getTime() - 1), now, 4, hours)).toBe(true)
    })

    it('gives the latest cutoff when the clock stands still (a night, a weekend)', () => {
      // Saturday, Monday before work and Friday after work: the last 4 working hours ended Friday 17:00.
      for (const now of ['2026-11-21 10:00', '2026-11-23 07:59', '2026-11-20 22:00'])
        expect(cutoff(now)).toBe(sast('2026-11-20 13:00').toISOString())
      // Early on Monday: 1 hour on Monday, 3 on Friday.
      expect(cutoff('2026-11-23 09:00')).toBe(sast('2026-11-20 14:00').toISOString())
    })

    it('crosses the end of the year, whose Cape Town day starts at 22:00 UTC', () => {
      // 31 December 2026 is a Thursday.
      expect(between('2026-12-31 15:00', '2027-01-01 10:00')).toBe(4)
      expect(cutoff('2027-01-01 10:00')).toBe(sast('2026-12-31 15:00').toISOString())
      expect(workingDay(new Date('2026-12-31T23:30:00Z'), hours)?.start.toISOString()).toBe(
        sast('2027-01-01 08:00').toISOString(),
      )
      expect(between('2026-12-28 08:00', '2027-01-04 08:00')).toBe(45)
    })

    it('follows custom days and hours', () => {
      const tuesdayToSaturday: WorkingHours = {days: [2, 3, 4, 5, 6], start: '09:30', end: '13:00'}
      expect(between('2026-11-21 12:00', '2026-11-24 11:00', tuesdayToSaturday)).toBe(2.5)
      expect(between('2026-11-22 09:00', '2026-11-23 17:00', tuesdayToSaturday)).toBe(0)
      expect(cutoff('2026-11-24 12:00', 3, tuesdayToSaturday)).toBe(
        sast('2026-11-21 12:30').toISOString(),
      )
      expect(workingDay(sast('2026-11-23 10:00'), tuesdayToSaturday)).toBeNull()
      expect(workingDay(sast('2026-11-21 07:00'), tuesdayToSaturday)).toEqual({
        start: sast('2026-11-21 09:30'),
        end: sast('2026-11-21 13:00'),
      })
    })

    it('counts a year’s wait and nothing backwards', () => {
      expect(between('2025-11-24 00:00', '2026-11-23 00:00')).toBe(52 * 45)
      expect(between('2026-11-25 12:00', '2026-11-24 12:00')).toBe(0)
      expect(cutoff('2026-11-23 12:00', 90)).toBe(sast('2026-11-09 12:00').toISOString())
    })

    it('agrees with itself: flagged exactly when created at or before the cutoff', () => {
      let seed = 42
      const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
      const start = sast('2026-11-01 00:00').getTime()
      for (let i = 0; i < 500; i++) {
        const now = new Date(start + random() * 30 * 86_400_000)
        const created = new Date(now.getTime() - random() * 10 * 86_400_000)
        const target = [0.5, 1, 4, 9, 13.25][i % 5]!
        const limit = waitingCutoff(now, target, hours)
        expect(isWaitingTooLong(created, now, target, hours)).toBe(created <= limit)
        expect(workingHoursBetween(limit, now, hours)).toBeCloseTo(target, 9)
      }
    })
  },
)

describe('the working day', () => {
  it('is 08:00 to 17:00 Cape Town time on a working day and none at a weekend', () => {
    expect(workingDay(sast('2026-11-23 01:30'), hours)).toEqual({
      start: new Date('2026-11-23T06:00:00.000Z'),
      end: new Date('2026-11-23T15:00:00.000Z'),
    })
    expect(workingDay(sast('2026-11-22 12:00'), hours)).toBeNull()
  })
})

describe('Cape Town’s offset', () => {
  it('is two hours all year (no daylight saving), as the platform’s time-zone data says', () => {
    const hourThere = (instant: Date) =>
      Number(
        new Intl.DateTimeFormat('en-GB', {
          timeZone: BUSINESS_TIME_ZONE,
          hour: '2-digit',
          hourCycle: 'h23',
        }).format(instant),
      )
    for (const month of [0, 3, 6, 9, 11])
      expect(hourThere(new Date(Date.UTC(2027, month, 15, 10)))).toBe(12)
  })
})

describe('resolveResponseSettings', () => {
  const defaults = {
    workingHours: {days: [1, 2, 3, 4, 5], start: '08:00', end: '17:00'},
    responseTargetHours: DEFAULT_RESPONSE_TARGET_HOURS,
  }

  it.each([undefined, null, 'nonsense', 4, [], {}, {workingHours: 'always'}])(
    'gives the defaults for %j',
    (stored) => expect(resolveResponseSettings(stored)).toEqual(defaults),
  )

  it('keeps what editors set', () => {
    expect(
      resolveResponseSettings({
        responseTargetHours: 2.5,
        workingHours: {days: [6, 2, 2, 3], start: '09:30', end: '18:45'},
      }),
    ).toEqual({
      workingHours: {days: [2, 3, 6], start: '09:30', end: '18:45'},
      responseTargetHours: 2.5,
    })
  })

  it('ignores each broken value on its own', () => {
    expect(
      resolveResponseSettings({workingHours: {days: [0, 8, 1.5, '3', 4, null]}}).workingHours.days,
    ).toEqual([4])
    expect(resolveResponseSettings({workingHours: {days: [0, 8]}}).workingHours.days).toEqual([
      1, 2, 3, 4, 5,
    ])
    expect(resolveResponseSettings({workingHours: {days: 'weekdays'}}).workingHours.days).toEqual([
      1, 2, 3, 4, 5,
    ])
    for (const [start, end] of [
      ['17:00', '08:00'],
      ['09:00', '09:00'],
      ['8:00', '17:00'],
      ['08:00', '24:00'],
      ['08:60', '17:00'],
      [undefined, '12:00'],
    ]) {
      const {workingHours} = resolveResponseSettings({
        workingHours: {days: [1], start, end},
      })
      expect([workingHours.start, workingHours.end]).toEqual(['08:00', '17:00'])
      expect(workingHours.days).toEqual([1])
    }
    for (const target of [0, -2, Number.NaN, Number.POSITIVE_INFINITY, '4', 201, null])
      expect(
        resolveResponseSettings({
          responseTargetHours: target,
          workingHours: {days: [6], start: '10:00', end: '11:00'},
        }),
      ).toEqual({
        workingHours: {days: [6], start: '10:00', end: '11:00'},
        responseTargetHours: DEFAULT_RESPONSE_TARGET_HOURS,
      })
  })
})

describe('waitingCutoff with hours that were never resolved', () => {
  it('refuses hours without working time rather than searching for ever', () => {
    expect(() => waitingCutoff(new Date(), 4, {days: [], start: '08:00', end: '17:00'})).toThrow(
      RangeError,
    )
    expect(() => waitingCutoff(new Date(), 4, {days: [1], start: '17:00', end: '08:00'})).toThrow(
      RangeError,
    )
  })
})

describe('workingHoursInWords', () => {
  it('says hour for one and hours otherwise', () => {
    expect([0, 1, 2.5, 6].map(workingHoursInWords)).toEqual([
      '0 working hours',
      '1 working hour',
      '2.5 working hours',
      '6 working hours',
    ])
  })
})

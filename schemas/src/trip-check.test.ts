import {describe, expect, it} from 'vitest'

import {countLoads, FULLY_BOOKED_MESSAGE, placesLeftMessage, type BookingRules} from './capacity.ts'
import {UNAVAILABLE_DATE_MESSAGE} from './experience-settings.ts'
import {addDays} from './iso-date.ts'
import {
  checkTrip,
  DATE_TOO_FAR_MESSAGE,
  partyLimitsMessage,
  PAST_DATE_MESSAGE,
  UNLISTED_TIME_MESSAGE,
} from './trip-check.ts'

const today = '2026-12-01'

/** Two departures a day (Morning, Afternoon), six places each, two days' notice, closed on Christmas. */
const walk: BookingRules = {
  minPax: 2,
  maxPax: 6,
  blackoutDates: ['2026-12-25'],
  timeSlots: ['Morning', 'Afternoon'],
  leadTimeDays: 2,
  capacity: 6,
  slotCapacities: [],
  capacityOverrides: [],
}

const trip = {date: '2026-12-10', adults: 2, children: 1, time: 'Morning'}
const noCounts = null
const reasons = (check: ReturnType<typeof checkTrip>) => check.problems.map((p) => p.reason)

describe('checkTrip', () => {
  it('passes an open date, a group within the limits and an offered time, with the places left', () => {
    const check = checkTrip(walk, trip, today, countLoads(walk, []))
    expect(check.problems).toEqual([])
    expect(check.departure).toEqual({date: '2026-12-10', slot: 'Morning'})
    expect(check.pax).toBe(3)
    expect(check.places).toEqual({ok: true, left: 6})
  })

  it('refuses a date inside the lead time, on a blackout date, or that is no date', () => {
    for (const date of ['2026-12-02', '2026-12-25', '', '2026-02-30'])
      expect(checkTrip(walk, {...trip, date}, today, noCounts).problems, date).toEqual([
        {field: 'date', reason: 'unavailable', message: UNAVAILABLE_DATE_MESSAGE},
      ])
    // The lead time is counted from today: two days ahead is the first bookable date.
    expect(checkTrip(walk, {...trip, date: '2026-12-03'}, today, noCounts).problems).toEqual([])
  })

  it('says a date before today has passed, rather than that it is unavailable or full', () => {
    for (const date of ['2026-11-30', '2025-06-01'])
      expect(checkTrip(walk, {...trip, date}, today, noCounts).problems, date).toEqual([
        {field: 'date', reason: 'past', message: PAST_DATE_MESSAGE},
      ])
    // Today itself is within the lead time, not past.
    expect(reasons(checkTrip(walk, {...trip, date: today}, today, noCounts))).toEqual([
      'unavailable',
    ])
  })

  it('refuses a date more than two years ahead with its own message', () => {
    expect(checkTrip(walk, {...trip, date: addDays(today, 730)}, today, noCounts).problems).toEqual(
      [],
    )
    expect(checkTrip(walk, {...trip, date: addDays(today, 731)}, today, noCounts).problems).toEqual(
      [{field: 'date', reason: 'too-far', message: DATE_TOO_FAR_MESSAGE}],
    )
  })

  it('refuses a group outside the smallest and the largest, and a party that is not whole people', () => {
    for (const party of [
      {adults: 1, children: 0},
      {adults: 4, children: 3},
      {adults: 2.5, children: 0},
      {adults: -1, children: 4},
    ])
      expect(checkTrip(walk, {...trip, ...party}, today, noCounts).problems).toEqual([
        {field: 'party', reason: 'party', message: partyLimitsMessage(walk)},
      ])
    expect(partyLimitsMessage(walk)).toBe('Please choose between 2 and 6 people in total.')
    expect(checkTrip(walk, {...trip, adults: 6, children: 0}, today, noCounts).problems).toEqual([])
  })

  it('refuses a time the experience does not offer; no preference is fine', () => {
    expect(reasons(checkTrip(walk, {...trip, time: 'Midnight'}, today, noCounts))).toEqual(['time'])
    expect(checkTrip(walk, {...trip, time: 'Midnight'}, today, noCounts).problems[0]?.message).toBe(
      UNLISTED_TIME_MESSAGE,
    )
    for (const time of ['', null, undefined]) {
      const check = checkTrip(walk, {...trip, time}, today, noCounts)
      expect(check.problems).toEqual([])
      expect(check.departure.slot).toBe('')
    }
  })

  it('lists every problem, the date first, so the first is the one to put right first', () => {
    const check = checkTrip(
      walk,
      {date: '2026-12-25', adults: 9, children: 0, time: 'Midnight'},
      today,
      noCounts,
    )
    expect(reasons(check)).toEqual(['unavailable', 'party', 'time'])
  })

  it('refuses a full departure and one with fewer places than the group, saying how many are left', () => {
    const full = countLoads(walk, [{date: trip.date, slot: 'Morning', status: 'confirmed', pax: 6}])
    expect(checkTrip(walk, trip, today, full).problems).toEqual([
      {field: 'date', reason: 'full', left: 0, message: FULLY_BOOKED_MESSAGE},
    ])
    const two = countLoads(walk, [{date: trip.date, slot: 'Morning', status: 'confirmed', pax: 4}])
    expect(checkTrip(walk, trip, today, two).problems).toEqual([
      {field: 'date', reason: 'too-few', left: 2, message: placesLeftMessage(2)},
    ])
    // The other slot that day still has room; requests (not confirmed) take no places.
    expect(checkTrip(walk, {...trip, time: 'Afternoon'}, today, two).problems).toEqual([])
    const asked = countLoads(walk, [{date: trip.date, slot: 'Morning', status: 'new', pax: 6}])
    expect(checkTrip(walk, trip, today, asked).problems).toEqual([])
  })

  it('judges places only once the date and the group are possible, and only with counts', () => {
    const full = countLoads(walk, [{date: trip.date, slot: 'Morning', status: 'confirmed', pax: 6}])
    expect(checkTrip(walk, trip, today, noCounts)).toMatchObject({problems: [], places: null})
    expect(reasons(checkTrip(walk, {...trip, adults: 9}, today, full))).toEqual(['party'])
    const christmas = countLoads(walk, [
      {date: '2026-12-25', slot: 'Morning', status: 'confirmed', pax: 6},
    ])
    expect(reasons(checkTrip(walk, {...trip, date: '2026-12-25'}, today, christmas))).toEqual([
      'unavailable',
    ])
  })
})

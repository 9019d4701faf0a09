import {describe, expect, it} from 'vitest'

import {
  alternativesWindow,
  countsFromPublicLoads,
  publicLoads,
  resolveBookingRules,
  capacityOverridesProblem,
  capacityProblem,
  checkDeparture,
  confirmAnywayNote,
  confirmationCheck,
  departureLockId,
  countLoads,
  departuresOn,
  FULLY_BOOKED_MESSAGE,
  nearestAlternatives,
  resolveCapacitySettings,
  scheduledDepartures,
  slotCapacitiesProblem,
  type BookingLoad,
  type BookingRules,
} from './capacity.ts'
import {todayInCapeTown} from './iso-date.ts'

const UNAVAILABLE = 'unavailable'

const hike: BookingRules = {
  minPax: 1,
  maxPax: 8,
  blackoutDates: ['2026-12-25'],
  timeSlots: ['Sunset'],
  leadTimeDays: 2,
  capacity: 8,
  slotCapacities: [],
  capacityOverrides: [],
}

const walk: BookingRules = {
  ...hike,
  maxPax: 6,
  timeSlots: ['Morning', 'Afternoon'],
  capacity: 6,
  slotCapacities: [{slot: 'Afternoon', capacity: 4}],
  capacityOverrides: [
    {date: '2026-12-10', capacity: 2},
    {date: '2026-12-11', slot: 'Morning', capacity: 0},
  ],
}

const load = (date: string, status: string, pax: number, slot = ''): BookingLoad => ({
  date,
  status,
  pax,
  slot,
})

describe('resolveCapacitySettings', () => {
  it('keeps stored values and drops incomplete entries', () => {
    expect(
      resolveCapacitySettings(
        {
          capacity: 30,
          maxPax: 10,
          slotCapacities: [
            {slot: 'Sunset', capacity: 12},
            {slot: null, capacity: 3},
          ],
          capacityOverrides: [{date: '2026-12-01', capacity: 0}, {date: '2026-12-02'}],
        },
        10,
      ),
    ).toEqual({
      capacity: 30,
      slotCapacities: [{slot: 'Sunset', capacity: 12}],
      capacityOverrides: [{date: '2026-12-01', capacity: 0}],
    })
  })

  it('falls back to the largest group for settings saved before capacities existed, then to the default', () => {
    expect(resolveCapacitySettings({maxPax: 6}, 10).capacity).toBe(6)
    expect(resolveCapacitySettings(null, 10)).toEqual({
      capacity: 10,
      slotCapacities: [],
      capacityOverrides: [],
    })
  })
})

describe('departuresOn', () => {
  it('counts confirmed pax as taken and new or contacted pax as requested; declined and closed count for nothing', () => {
    const counts = countLoads(hike, [
      load('2026-12-01', 'confirmed', 3),
      load('2026-12-01', 'confirmed', 2, 'Sunset'),
      load('2026-12-01', 'new', 2),
      load('2026-12-01', 'contacted', 1),
      load('2026-12-01', 'declined', 5),
      load('2026-12-01', 'closed', 5),
      load('2026-12-02', 'confirmed', 8),
    ])
    expect(departuresOn(hike, '2026-12-01', counts)).toEqual([
      {date: '2026-12-01', slot: '', capacity: 8, taken: 5, requested: 3, left: 3},
    ])
    expect(departuresOn(hike, '2026-12-02', counts)[0]!.left).toBe(0)
  })

  it('applies slot capacities, then a date override for the whole day, then one for a single slot', () => {
    const none = countLoads(walk, [])
    expect(departuresOn(walk, '2026-12-09', none).map((d) => [d.slot, d.capacity, d.left])).toEqual(
      [
        ['Morning', 6, 6],
        ['Afternoon', 4, 4],
        ['', 10, 10],
      ],
    )
    expect(departuresOn(walk, '2026-12-10', none).map((d) => [d.slot, d.capacity])).toEqual([
      ['Morning', 2],
      ['Afternoon', 2],
      ['', 4],
    ])
    expect(departuresOn(walk, '2026-12-11', none).map((d) => [d.slot, d.capacity])).toEqual([
      ['Morning', 0],
      ['Afternoon', 4],
      ['', 4],
    ])
  })

  it('takes "No preference" bookings out of the day, so no slot has more left than the day', () => {
    const counts = countLoads(walk, [
      load('2026-12-09', 'confirmed', 5, 'Morning'),
      load('2026-12-09', 'confirmed', 3),
      load('2026-12-09', 'new', 2),
    ])
    expect(departuresOn(walk, '2026-12-09', counts)).toEqual([
      {date: '2026-12-09', slot: 'Morning', capacity: 6, taken: 5, requested: 0, left: 1},
      {date: '2026-12-09', slot: 'Afternoon', capacity: 4, taken: 0, requested: 0, left: 2},
      {date: '2026-12-09', slot: '', capacity: 10, taken: 8, requested: 2, left: 2},
    ])
  })

  it('never reports fewer than 0 places left when staff confirmed over capacity', () => {
    const counts = countLoads(hike, [load('2026-12-01', 'confirmed', 11)])
    expect(departuresOn(hike, '2026-12-01', counts)[0]).toMatchObject({taken: 11, left: 0})
  })
})

describe('checkDeparture', () => {
  const today = '2026-11-22'

  it('says a full departure is fully booked, and how many places are left when the group is bigger', () => {
    const counts = countLoads(hike, [
      load('2026-12-01', 'confirmed', 8),
      load('2026-12-02', 'confirmed', 5),
    ])
    expect(
      checkDeparture(hike, {date: '2026-12-01', slot: ''}, 1, counts, today, UNAVAILABLE),
    ).toEqual({
      ok: false,
      reason: 'full',
      left: 0,
      message: FULLY_BOOKED_MESSAGE,
    })
    expect(
      checkDeparture(hike, {date: '2026-12-02', slot: ''}, 4, counts, today, UNAVAILABLE),
    ).toMatchObject({
      ok: false,
      reason: 'too-few',
      left: 3,
      message: 'Only 3 places left on this date – please choose another date or a smaller group.',
    })
    expect(
      checkDeparture(hike, {date: '2026-12-02', slot: ''}, 3, counts, today, UNAVAILABLE),
    ).toEqual({
      ok: true,
      left: 3,
    })
  })

  it('checks blackout dates and lead time before capacity', () => {
    const none = countLoads(hike, [])
    for (const date of ['2026-12-25', '2026-11-23', '2026-11-22']) {
      expect(checkDeparture(hike, {date, slot: ''}, 1, none, today, UNAVAILABLE)).toMatchObject({
        reason: 'unavailable',
        message: UNAVAILABLE,
      })
    }
    expect(
      checkDeparture(hike, {date: '2026-11-24', slot: ''}, 1, none, today, UNAVAILABLE).ok,
    ).toBe(true)
  })

  it('counts an unknown slot as the day as a whole', () => {
    const counts = countLoads(walk, [load('2026-12-09', 'confirmed', 10, 'Morning')])
    expect(
      checkDeparture(walk, {date: '2026-12-09', slot: 'Midnight'}, 1, counts, today, UNAVAILABLE),
    ).toMatchObject({
      ok: true,
      left: 4,
    })
  })
})

describe('confirmationCheck (the staff API and the studio decide with it)', () => {
  const loads: BookingLoad[] = [
    {date: '2027-03-01', slot: 'Afternoon', status: 'confirmed', pax: 2},
    {date: '2027-03-01', slot: 'Afternoon', status: 'new', pax: 3},
    {date: '2027-03-01', slot: 'Afternoon', status: 'contacted', pax: 1},
  ]

  it('gives the departure’s numbers without the booking’s own request, and says whether it fits', () => {
    expect(
      confirmationCheck(walk, {date: '2027-03-01', preferredTime: 'Afternoon', pax: 1}, loads),
    ).toEqual({
      numbers: {
        date: '2027-03-01',
        slot: 'Afternoon',
        capacity: 4,
        taken: 2,
        requested: 3,
        left: 2,
        pax: 1,
      },
      over: false,
    })
    const three = confirmationCheck(
      walk,
      {date: '2027-03-01', preferredTime: 'Afternoon', pax: 3},
      loads,
    )
    expect(three.over).toBe(true)
    expect(three.numbers).toMatchObject({left: 2, pax: 3, requested: 1})
    expect(confirmAnywayNote(three.numbers)).toBe(
      'Confirmed anyway: 5 of 4 places (3 for this booking, 2 were left)',
    )
  })

  it('names the places held for the waitlist within those taken (issue 42: one count, its parts labelled)', () => {
    const held = confirmationCheck(walk, {date: '2027-03-01', preferredTime: 'Afternoon', pax: 1}, [
      ...loads,
      {date: '2027-03-01', slot: 'Afternoon', status: 'held', pax: 1},
    ])
    expect(held.numbers).toMatchObject({taken: 3, held: 1, left: 1})
    const [day] = departuresOn(
      walk,
      '2027-03-01',
      countLoads(walk, [{date: '2027-03-01', slot: 'Afternoon', status: 'held', pax: 2}]),
    ).filter((d) => d.slot === 'Afternoon')
    expect(day).toMatchObject({taken: 2, held: 2})
  })

  it('counts a time the experience does not offer as the day as a whole', () => {
    const check = confirmationCheck(
      walk,
      {date: '2027-03-01', preferredTime: 'Dawn', pax: 9},
      loads,
    )
    expect(check.numbers).toMatchObject({slot: '', capacity: 10, taken: 2, left: 8})
    expect(check.over).toBe(true)
  })

  it('names one lock per experience and date, whatever the slug holds', () => {
    expect(departureLockId('lions-head-sunset-hike', '2027-03-01')).toBe(
      'departure-lions-head-sunset-hike-2027-03-01',
    )
    expect(departureLockId('drafts.odd slug', '2027-03-01')).toBe(
      'departure-drafts-odd-slug-2027-03-01',
    )
  })
})

describe('scheduledDepartures (the Departures view with empty departures)', () => {
  it('lists each slot with its capacity, none on a blackout date, and leaves out a slot closed for the day', () => {
    expect(scheduledDepartures(walk, '2027-03-01')).toEqual([
      {slot: 'Morning', capacity: 6},
      {slot: 'Afternoon', capacity: 4},
    ])
    expect(scheduledDepartures(hike, '2026-12-25')).toEqual([])
    expect(scheduledDepartures(hike, '2026-12-24')).toEqual([{slot: '', capacity: 8}])
    const closedAfternoon: BookingRules = {
      ...walk,
      capacityOverrides: [
        {date: '2027-03-02', slot: 'Afternoon', capacity: 0},
        {date: '2027-03-03', capacity: 0},
        {date: '2027-03-04', capacity: 12},
      ],
    }
    expect(scheduledDepartures(closedAfternoon, '2027-03-02')).toEqual([
      {slot: 'Morning', capacity: 6},
    ])
    expect(scheduledDepartures(closedAfternoon, '2027-03-03')).toEqual([])
    expect(scheduledDepartures(closedAfternoon, '2027-03-04')).toEqual([
      {slot: 'Morning', capacity: 12},
      {slot: 'Afternoon', capacity: 12},
    ])
    // Lead time is for travellers: a departure tomorrow still runs.
    expect(scheduledDepartures(hike, todayInCapeTown())).toHaveLength(1)
    expect(scheduledDepartures(hike, '2027-02-30')).toEqual([])
  })
})

describe('nearestAlternatives', () => {
  it('offers the nearest three departures with room, earlier first when equally near, skipping blackouts', () => {
    const counts = countLoads(hike, [
      load('2026-12-24', 'confirmed', 8),
      load('2026-12-23', 'confirmed', 6),
      load('2026-12-22', 'contacted', 8),
    ])
    // The 25th is a blackout date, the 23rd has two places; requested places do not take any.
    expect(
      nearestAlternatives(hike, {date: '2026-12-24', slot: ''}, 4, counts, '2026-11-22'),
    ).toEqual([
      {date: '2026-12-22', slot: '', left: 8},
      {date: '2026-12-26', slot: '', left: 8},
      {date: '2026-12-21', slot: '', left: 8},
    ])
  })

  it('offers the other slots of the same day first', () => {
    const counts = countLoads(walk, [load('2026-12-09', 'confirmed', 6, 'Morning')])
    expect(
      nearestAlternatives(walk, {date: '2026-12-09', slot: 'Morning'}, 2, counts, '2026-11-22'),
    ).toEqual([
      {date: '2026-12-09', slot: 'Afternoon', left: 4},
      {date: '2026-12-08', slot: 'Morning', left: 6},
      {date: '2026-12-08', slot: 'Afternoon', left: 4},
    ])
  })

  it('never offers a date inside the lead time', () => {
    const counts = countLoads(hike, [load('2026-11-25', 'confirmed', 8)])
    const found = nearestAlternatives(hike, {date: '2026-11-25', slot: ''}, 1, counts, '2026-11-22')
    expect(found.map((a) => a.date)).toEqual(['2026-11-24', '2026-11-26', '2026-11-27'])
  })

  it('crosses the end of the year and a leap day', () => {
    const counts = countLoads(hike, [
      load('2026-12-31', 'confirmed', 8),
      load('2027-01-01', 'confirmed', 8),
      load('2028-02-28', 'confirmed', 8),
      load('2028-03-01', 'confirmed', 8),
    ])
    expect(
      nearestAlternatives(hike, {date: '2026-12-31', slot: ''}, 2, counts, '2026-11-22').map(
        (a) => a.date,
      ),
    ).toEqual(['2026-12-30', '2026-12-29', '2027-01-02'])
    expect(
      nearestAlternatives(hike, {date: '2028-02-28', slot: ''}, 2, counts, '2027-06-01').map(
        (a) => a.date,
      ),
    ).toEqual(['2028-02-27', '2028-02-29', '2028-02-26'])
  })
})

describe('dates in Cape Town whatever the server’s time zone', () => {
  it('a booking made at 23:30 in Cape Town on 31 December counts from Cape Town’s 31 December, not UTC’s', () => {
    const original = process.env.TZ
    try {
      for (const tz of ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati']) {
        process.env.TZ = tz
        // 21:30 UTC is 23:30 in Cape Town; 22:30 UTC is already New Year's Day there.
        expect(todayInCapeTown(new Date('2026-12-31T21:30:00Z'))).toBe('2026-12-31')
        const today = todayInCapeTown(new Date('2026-12-31T22:30:00Z'))
        expect(today).toBe('2027-01-01')
        const none = countLoads(hike, [])
        expect(
          checkDeparture(hike, {date: '2027-01-02', slot: ''}, 1, none, today, UNAVAILABLE).ok,
        ).toBe(false)
        expect(
          checkDeparture(hike, {date: '2027-01-03', slot: ''}, 1, none, today, UNAVAILABLE).ok,
        ).toBe(true)
      }
    } finally {
      process.env.TZ = original
    }
  })
})

describe('studio validation', () => {
  it('wants a whole capacity from 1 to 500', () => {
    expect(capacityProblem(8)).toBeNull()
    expect(capacityProblem(undefined)).toMatch(/Set how many places/)
    expect(capacityProblem(0)).toMatch(/between 1 and 500/)
    expect(capacityProblem(2.5)).toMatch(/whole number/)
  })

  it('wants slot capacities for the experience’s own slots, once each', () => {
    expect(slotCapacitiesProblem([{slot: 'Morning', capacity: 4}], ['Morning'])).toBeNull()
    expect(slotCapacitiesProblem([{slot: 'Evening', capacity: 4}], ['Morning'])).toMatch(
      /time slots/,
    )
    expect(
      slotCapacitiesProblem(
        [
          {slot: 'Morning', capacity: 4},
          {slot: 'Morning', capacity: 5},
        ],
        ['Morning'],
      ),
    ).toMatch(/more than one/)
    expect(slotCapacitiesProblem([{slot: 'Morning', capacity: -1}], ['Morning'])).toMatch(
      /0 to 500/,
    )
  })

  it('wants date changes on valid dates (29 February only in leap years), once per date and slot', () => {
    expect(capacityOverridesProblem([{date: '2028-02-29', capacity: 0}], ['Sunset'])).toBeNull()
    expect(capacityOverridesProblem([{date: '2027-02-29', capacity: 4}], ['Sunset'])).toMatch(
      /valid date/,
    )
    expect(
      capacityOverridesProblem(
        [
          {date: '2026-12-01', capacity: 4},
          {date: '2026-12-01', capacity: 2},
        ],
        ['Sunset'],
      ),
    ).toMatch(/more than one/)
    expect(
      capacityOverridesProblem([{date: '2026-12-01', slot: 'Morning', capacity: 4}], ['Sunset']),
    ).toMatch(/time slots/)
  })
})

describe('what the public may know', () => {
  it('sends only the places taken per departure and rebuilds the same answers from them', () => {
    const counts = countLoads(walk, [
      load('2026-12-09', 'confirmed', 5, 'Morning'),
      load('2026-12-09', 'new', 4, 'Afternoon'),
      load('2026-12-31', 'confirmed', 2),
    ])
    const sent = publicLoads(counts)
    expect(sent).toEqual([
      {date: '2026-12-09', slot: 'Morning', taken: 5},
      {date: '2026-12-31', slot: '', taken: 2},
    ])
    const rebuilt = countsFromPublicLoads(sent)
    for (const date of ['2026-12-09', '2026-12-31'])
      expect(departuresOn(walk, date, rebuilt).map((d) => d.left)).toEqual(
        departuresOn(walk, date, counts).map((d) => d.left),
      )
  })

  it('resolves a settings document without capacities to its largest group', () => {
    expect(resolveBookingRules({maxPax: 6, timeSlots: ['Sunset']})).toMatchObject({
      maxPax: 6,
      capacity: 6,
      timeSlots: ['Sunset'],
    })
    expect(resolveBookingRules(null).capacity).toBe(10)
  })

  it('looks for alternatives 45 days either side, across a leap day and the end of the year', () => {
    expect(alternativesWindow('2028-02-29')).toEqual({from: '2028-01-15', to: '2028-04-14'})
    expect(alternativesWindow('2026-12-31')).toEqual({from: '2026-11-16', to: '2027-02-14'})
  })
})

describe('slots, overrides, blackouts and lead time together', () => {
  it('skips the lead time, a blackout, a closed slot and a full slot, and offers what is left', () => {
    const rules: BookingRules = {
      ...walk,
      blackoutDates: ['2026-11-26'],
      capacityOverrides: [{date: '2026-11-25', slot: 'Morning', capacity: 0}],
    }
    const counts = countLoads(rules, [load('2026-11-27', 'confirmed', 6, 'Morning')])
    const today = '2026-11-22'
    // 23rd: inside the two days' lead time; 24th: open; 25th: Morning closed; 26th: blackout; 27th: Morning full.
    expect(
      checkDeparture(rules, {date: '2026-11-23', slot: 'Morning'}, 2, counts, today, UNAVAILABLE)
        .ok,
    ).toBe(false)
    expect(
      checkDeparture(rules, {date: '2026-11-25', slot: 'Morning'}, 2, counts, today, UNAVAILABLE),
    ).toMatchObject({reason: 'full'})
    expect(
      checkDeparture(rules, {date: '2026-11-27', slot: 'Morning'}, 2, counts, today, UNAVAILABLE),
    ).toMatchObject({reason: 'full'})
    expect(
      nearestAlternatives(rules, {date: '2026-11-26', slot: 'Morning'}, 2, counts, today),
    ).toEqual([
      {date: '2026-11-25', slot: 'Afternoon', left: 4},
      {date: '2026-11-27', slot: 'Afternoon', left: 4},
      {date: '2026-11-24', slot: 'Morning', left: 6},
    ])
  })
})

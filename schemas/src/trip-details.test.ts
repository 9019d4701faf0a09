import {describe, expect, it} from 'vitest'

import {
  departureStartTimesProblem,
  durationHours,
  meetingPointInWords,
  meetingPointMapLink,
  startTimeOn,
  startTimeProblem,
  tripStartInWords,
} from './trip-details.ts'

const cruise = {
  meetingPoint: {
    name: 'Quay 5 ticket kiosk',
    address: 'V&A Waterfront, Cape Town',
    location: {lat: -33.905, lng: 18.419},
  },
  startTime: '18:30',
  departureStartTimes: [{date: '2026-12-31', startTime: '21:00'}],
}

describe('trip details', () => {
  it('starts a departure at its own time where editors gave one, else the usual time', () => {
    expect(startTimeOn('2026-11-28', cruise)).toBe('18:30')
    expect(startTimeOn('2026-12-31', cruise)).toBe('21:00')
    expect(startTimeOn('2026-11-28', {startTime: '25:00'})).toBeNull()
    expect(startTimeOn('2026-11-28', null)).toBeNull()
    expect(tripStartInWords('2026-12-31', cruise)).toBe('Thursday 31 December 2026, 21:00 SAST')
    expect(tripStartInWords('2026-11-28', {})).toBe('Saturday 28 November 2026')
  })

  it('says where to meet and links a map only with a web address or coordinates', () => {
    expect(meetingPointInWords(cruise.meetingPoint)).toBe(
      'Quay 5 ticket kiosk, V&A Waterfront, Cape Town',
    )
    expect(meetingPointMapLink(cruise.meetingPoint)).toBe(
      'https://www.google.com/maps/search/?api=1&query=-33.905%2C18.419',
    )
    expect(meetingPointMapLink({mapUrl: 'https://maps.example/quay-5'})).toBe(
      'https://maps.example/quay-5',
    )
    expect(meetingPointMapLink({mapUrl: 'javascript:alert(1)'})).toBeNull()
    expect(meetingPointMapLink({mapUrl: 'mailto:a@example.com'})).toBeNull()
    expect(meetingPointMapLink({location: {lat: 123, lng: 18}})).toBeNull()
    expect(meetingPointInWords(null)).toBe('')
  })

  it('refuses start times that are not a time of day, and a date given two starts', () => {
    expect(startTimeProblem('09:00')).toBeNull()
    expect(startTimeProblem(undefined)).toBeNull()
    expect(startTimeProblem('9am')).toMatch(/HH:mm/)
    expect(startTimeProblem('24:00')).toMatch(/HH:mm/)
    expect(departureStartTimesProblem([{date: '2026-12-31', startTime: '21:00'}])).toBeNull()
    expect(
      departureStartTimesProblem([
        {date: '2026-12-31', startTime: '21:00'},
        {date: '2026-12-31', startTime: '22:00'},
      ]),
    ).toMatch(/two different starts/)
    expect(departureStartTimesProblem([{date: '2026-02-30', startTime: '21:00'}])).toMatch(/date/)
  })
})

describe('trip durations for a calendar', () => {
  it('takes the longest figure the editors wrote, in hours', () => {
    expect(durationHours('2–4 hours')).toBe(4)
    expect(durationHours('Full day (8 hours)')).toBe(8)
    expect(durationHours('90 minutes')).toBe(1.5)
    expect(durationHours('3.5 hours')).toBe(3.5)
    expect(durationHours('Half day')).toBe(3)
    expect(durationHours(null)).toBe(3)
  })
})

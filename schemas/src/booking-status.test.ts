import {describe, expect, it} from 'vitest'

import {
  BOOKING_STATUSES,
  BOOKING_STATUS_VALUES,
  INITIAL_BOOKING_STATUS,
  bookingStatusColour,
  bookingStatusTitle,
  canChangeStatus,
  isBookingStatus,
} from './booking-status.ts'

describe('booking statuses', () => {
  it('are the five statuses with their labels and colours, in order', () => {
    expect(BOOKING_STATUSES.map((s) => [s.value, s.title, s.colour])).toEqual([
      ['new', 'New', 'blue'],
      ['contacted', 'Contacted', 'yellow'],
      ['confirmed', 'Confirmed', 'green'],
      ['declined', 'Declined', 'red'],
      ['closed', 'Closed', 'grey'],
    ])
    expect(INITIAL_BOOKING_STATUS).toBe('new')
  })

  it('label and colour a stored value, falling back for unknown ones', () => {
    expect(bookingStatusTitle('confirmed')).toBe('Confirmed')
    expect(bookingStatusColour('declined')).toBe('red')
    expect(bookingStatusTitle('archived')).toBe('archived')
    expect(bookingStatusColour('archived')).toBe('grey')
    expect(isBookingStatus('closed')).toBe(true)
    expect(isBookingStatus('Closed')).toBe(false)
  })

  it('allow any status to any status', () => {
    for (const from of BOOKING_STATUS_VALUES)
      for (const to of BOOKING_STATUS_VALUES) expect(canChangeStatus(from, to)).toBe(true)
  })
})

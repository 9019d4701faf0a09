import {describe, expect, it} from 'vitest'

import {BOOKING_STATUSES} from './booking-status.ts'
import {travellerStatusTitle, type TravellerHistoryEntry} from './traveller-status.ts'

const entry = (status: string, action?: string) =>
  ({
    status,
    ...(action ? {action} : {}),
    // A proposal is open while it offers dates.
    ...(action === 'propose' ? {options: [{_key: 'a', date: '2026-12-20'}]} : {}),
  }) as TravellerHistoryEntry

describe('a request’s status in the traveller’s words', () => {
  it('never shows the team’s working words', () => {
    for (const {value, title} of BOOKING_STATUSES)
      if (value !== 'confirmed') expect(travellerStatusTitle(value, [entry(value)])).not.toBe(title)
  })

  it('tells a withdrawn request from a cancelled booking, and from a departure the team cancelled', () => {
    expect(travellerStatusTitle('closed', [entry('new'), entry('closed', 'withdraw')])).toBe(
      'Withdrawn by you',
    )
    expect(
      travellerStatusTitle('closed', [
        entry('new'),
        entry('confirmed'),
        entry('closed', 'withdraw'),
      ]),
    ).toBe('Cancelled by you')
    expect(
      travellerStatusTitle('closed', [entry('confirmed'), entry('closed', 'cancel-departure')]),
    ).toBe('Cancelled by us: choose a new date')
    expect(
      travellerStatusTitle('closed', [
        entry('confirmed'),
        entry('closed', 'cancel-departure'),
        entry('closed', 'accept-cancellation'),
      ]),
    ).toBe('Cancelled by us: the departure did not go ahead')
    expect(travellerStatusTitle('contacted', [entry('new'), entry('contacted', 'propose')])).toBe(
      'Other dates proposed: please choose one',
    )
  })
})

import {describe, expect, it} from 'vitest'

import {bookingsToCsv} from './bookings-csv.ts'

/** Also run under `TZ=America/New_York` (the `zones` vitest project): the CSV is Cape Town's clock on any server. */
describe('bookings CSV times', () => {
  it(`gives the creation time on Cape Town’s clock and names the zone (process TZ ${process.env.TZ ?? 'unset'})`, () => {
    const csv = bookingsToCsv([
      {
        booking_ref: 'CTX-1',
        created_at: '2026-11-24T22:30:00.000Z',
        date: '2026-11-28',
        name: 'Ann',
      },
    ])
    const [header, row] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(header!.split(',').slice(0, 2)).toEqual(['Reference', 'Created (SAST)'])
    // 22:30 UTC is half past midnight the next day in Cape Town; the trip date is the Cape Town day as stored.
    expect(row!.split(',').slice(0, 5)).toEqual(['CTX-1', '2026-11-25 00:30', '', '', '2026-11-28'])
  })
})

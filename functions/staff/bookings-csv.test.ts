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

describe('bookings CSV words', () => {
  const rowOf = (booking: Record<string, unknown>) => {
    const csv = bookingsToCsv([{booking_ref: 'CTX-1', ...booking}])
    const [header, row] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    const titles = header!.split(',')
    // Naive split: the cells these tests read hold no separator.
    const cells = row!.split(',')
    return (title: string) => cells[titles.indexOf(title)]
  }

  it('writes a phone as text the spreadsheet shows as given: no apostrophe', () => {
    expect(rowOf({phone: '+27 82 123 4567'})('Phone')).toBe('"+27 82 123 4567"')
    expect(rowOf({phone: '021 000 0000'})('Phone')).toBe('"021 000 0000"')
  })

  it('still guards a phone field that is a formula', () => {
    expect(rowOf({phone: '+HYPERLINK(1)'})('Phone')).toBe("'+HYPERLINK(1)")
    expect(rowOf({phone: '=1+1'})('Phone')).toBe("'=1+1")
  })

  it('names statuses in words, and a booking closed by its cancelled departure as cancelled by us', () => {
    expect(rowOf({status: 'confirmed'})('Status')).toBe('Confirmed')
    expect(rowOf({status: 'new'})('Status')).toBe('New')
    const cancelled = [
      {status: 'confirmed', at: '2026-11-20T10:00:00Z', by: 'Pat'},
      {status: 'closed', at: '2026-11-21T10:00:00Z', by: 'Pat', action: 'cancel-departure'},
    ]
    expect(rowOf({status: 'closed', status_history: cancelled})('Status')).toBe(
      'Cancelled by us (departure cancelled)',
    )
    const closedByStaff = [{status: 'closed', at: '2026-11-21T10:00:00Z', by: 'Pat'}]
    expect(rowOf({status: 'closed', status_history: closedByStaff})('Status')).toBe('Closed')
  })
})

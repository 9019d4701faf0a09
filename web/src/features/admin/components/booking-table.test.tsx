import {cleanup, render, screen} from '@testing-library/react'
import {afterEach, describe, expect, it} from 'vitest'

import type {StatusHistoryEntry} from '@repo/schemas/request-decisions.ts'
import type {StaffBooking} from '@repo/schemas/staff-bookings.ts'

import {BookingTable} from './booking-table'

/**
 * The table's status cell says where a booking stands in the model's words (schemas/src/departure-life.ts):
 * a booking whose departure we cancelled is not a bare "Closed".
 */
const change = (status: StatusHistoryEntry['status'], action?: StatusHistoryEntry['action']) =>
  ({
    _key: `k-${status}-${action}`,
    _type: 'statusChange',
    status,
    at: '2026-11-25T08:00:00Z',
    action,
  }) as StatusHistoryEntry

const booking = (over: Partial<StaffBooking>): StaffBooking => ({
  _id: 'booking-1',
  _rev: 'rev-1',
  booking_ref: 'CTX-0001',
  status: 'closed',
  created_at: '2026-11-21T14:05:00Z',
  experience_title: 'Lion’s Head Sunset Hike',
  date: '2026-12-05',
  pax_adults: 2,
  pax_children: 0,
  pax_total: 2,
  name: 'Emma Walker',
  email: 'emma@example.com',
  phone: '',
  notes: '',
  ...over,
})

const table = (bookings: StaffBooking[]) =>
  render(
    <BookingTable
      bookings={bookings}
      pendingId={null}
      onStatusChange={() => {}}
      onView={() => {}}
    />,
  )

afterEach(cleanup)

describe('the booking table’s status', () => {
  it('shows a booking cancelled by us in the model’s words, its options still the stored statuses', () => {
    table([booking({status_history: [change('new'), change('closed', 'cancel-departure')]})])
    const select = screen.getByRole('combobox', {name: /Status of CTX-0001/})
    expect(select.getAttribute('aria-label')).toBe(
      'Status of CTX-0001 (now Cancelled by us: choose a new date)',
    )
    const chosen = (select as HTMLSelectElement).selectedOptions[0]!
    expect(chosen.value).toBe('closed')
    expect(chosen.textContent).toBe('Cancelled by us: choose a new date')
    expect(select.textContent).not.toMatch(/Closed/)
    expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toContain('confirmed')
  })

  it('shows an accepted cancellation as "Cancelled by us"', () => {
    table([
      booking({
        status_history: [
          change('closed', 'cancel-departure'),
          change('closed', 'accept-cancellation'),
        ],
      }),
    ])
    const select = screen.getByRole('combobox', {name: /Status of CTX-0001/}) as HTMLSelectElement
    expect(select.selectedOptions[0]!.textContent).toBe('Cancelled by us')
  })

  it('shows an erased booking as "Erased", with no menu', () => {
    table([booking({anonymised_at: '2026-11-26T08:00:00Z', name: '', email: ''})])
    expect(screen.queryByRole('combobox')).toBeNull()
    expect(screen.getByRole('cell', {name: 'Erased'}).textContent).toBe('Erased')
  })

  it('keeps the stored status’s words for a booking closed by hand', () => {
    table([booking({status_history: [change('new'), change('closed')]})])
    const select = screen.getByRole('combobox', {name: /Status of CTX-0001/}) as HTMLSelectElement
    expect(select.selectedOptions[0]!.textContent).toBe('Closed')
  })
})

import {cleanup, fireEvent, render, screen, within} from '@testing-library/react'
import {QueryClient, QueryClientProvider} from '@tanstack/react-query'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'

import type {DepartureRow} from '@repo/schemas/staff-departures.ts'
import type {StaffWaitlistEntry} from '@repo/schemas/waitlist.ts'
import {DeparturesView} from './departures-view'

const full: DepartureRow = {
  experience_id: 'sunset-cruise',
  experience_title: 'Sunset Cruise',
  date: '2030-02-01',
  slot: '',
  capacity: 6,
  taken: 6,
  requested: 0,
  left: 0,
  bookings: [
    {
      _id: 'b1',
      booking_ref: 'CTE-1',
      status: 'confirmed',
      experience_id: 'sunset-cruise',
      date: '2030-02-01',
      pax: 6,
      name: 'Alpha Traveller',
    },
  ],
}
const other: DepartureRow = {
  ...full,
  date: '2030-02-02',
  bookings: [{...full.bookings[0]!, _id: 'b2', date: '2030-02-02'}],
}

const entries: StaffWaitlistEntry[] = [
  {
    _id: 'w1',
    experience_id: 'sunset-cruise',
    date: '2030-02-01',
    slot: '',
    name: 'Thandi Mokoena',
    email: 'thandi@example.com',
    pax: 2,
    state: 'offered',
    joined_at: '2030-01-20T08:00:00Z',
    hold_until: '2030-01-26T08:00:00Z',
  },
  {
    _id: 'w2',
    experience_id: 'sunset-cruise',
    date: '2030-02-01',
    slot: '',
    name: 'Sipho Dlamini',
    email: 'sipho@example.com',
    pax: 4,
    state: 'waiting',
    joined_at: '2030-01-21T08:00:00Z',
  },
]

let requests: string[] = []
beforeEach(() => {
  requests = []
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      requests.push(url)
      const params = new URL(url, 'http://site.test').searchParams
      const range = {from: params.get('from'), to: params.get('to')}
      const body = url.startsWith('/api/staff/waitlist')
        ? {...range, entries}
        : {...range, departures: [full, other]}
      return Promise.resolve(new Response(JSON.stringify(body), {status: 200}))
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('a departure’s waitlist in the departures view', () => {
  it('shows who waits under their departure, with party, since when and the offer’s state', async () => {
    render(
      <QueryClientProvider client={new QueryClient({defaultOptions: {queries: {retry: false}}})}>
        <DeparturesView />
      </QueryClientProvider>,
    )
    fireEvent.change(screen.getByLabelText('From'), {target: {value: '2030-02-01'}})
    fireEvent.change(screen.getByLabelText('To'), {target: {value: '2030-02-07'}})
    const [first, second] = await screen.findAllByRole('article')
    const panel = await within(first!).findByRole('region', {name: 'Waitlist (2)'})
    const rows = within(panel).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.textContent)).toEqual([
      'Thandi Mokoena220 Jan 10:00 SASTOffered, holding places until 26 Jan 10:00 SASTthandi@example.com',
      'Sipho Dlamini421 Jan 10:00 SASTWaitingsipho@example.com',
    ])
    // The other date has nobody waiting: no panel.
    expect(within(second!).queryByRole('region', {name: /Waitlist/})).toBeNull()
    expect(requests).toContain('/api/staff/waitlist?from=2030-02-01&to=2030-02-07')
  })
})

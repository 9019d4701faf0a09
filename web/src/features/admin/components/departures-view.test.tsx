import {cleanup, fireEvent, render, screen, within} from '@testing-library/react'
import {QueryClient, QueryClientProvider} from '@tanstack/react-query'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'

import type {DepartureRow} from '@repo/schemas/staff-departures.ts'
import {DeparturesView} from './departures-view'

const booked: DepartureRow = {
  experience_id: 'cape-point-penguins',
  experience_title: 'Cape Point & Penguins',
  date: '2030-02-01',
  slot: '',
  capacity: 8,
  taken: 4,
  requested: 0,
  left: 4,
  bookings: [
    {
      _id: 'b1',
      booking_ref: 'CTE-1',
      status: 'confirmed',
      experience_id: 'cape-point-penguins',
      date: '2030-02-01',
      pax: 4,
      name: 'Alpha Traveller',
      notes: 'Vegetarian',
      staff_notes: 'Collect from the side gate',
      staff_notes_by: 'Sam Staff',
      staff_notes_at: '2030-01-20T08:30:00Z',
    },
  ],
}
const empty: DepartureRow = {...booked, date: '2030-02-02', taken: 0, left: 8, bookings: []}
/** Full: 6 confirmed and 2 held by a waitlist offer, 2 more requested (issue 42: "three counts for one departure"). */
const full: DepartureRow = {
  ...booked,
  date: '2030-02-03',
  taken: 8,
  held: 2,
  requested: 2,
  left: 0,
  bookings: [{...booked.bookings[0]!, _id: 'b3', pax: 6, date: '2030-02-03'}],
}
/** Cancelled for the weather: one traveller moved, one has not answered. */
const cancelled: DepartureRow = {
  ...booked,
  date: '2030-02-04',
  capacity: 0,
  taken: 0,
  left: 0,
  bookings: [],
  cancelled: {
    at: '2030-01-30T08:00:00Z',
    by: 'Mandla Manager',
    reason: 'A gale is forecast.',
    travellers: [
      {
        _id: 'c1',
        booking_ref: 'CTE-C1',
        name: 'Moved Traveller',
        pax: 2,
        answer: 'moved',
        moved_to: '2030-02-06',
      },
      {_id: 'c2', booking_ref: 'CTE-C2', name: 'Quiet Traveller', pax: 3, answer: 'not-answered'},
    ],
  },
}

let requests: string[] = []
/** The departures' own requests (the view also asks for the waitlist: departure-waitlist.test.tsx). */
const departureRequests = () => requests.filter((url) => url.startsWith('/api/staff/departures'))

beforeEach(() => {
  requests = []
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      requests.push(url)
      const params = new URL(url, 'http://site.test').searchParams
      const departures =
        params.get('from') === '2030-02-03'
          ? [full, cancelled]
          : params.get('empty') === '1'
            ? [booked, empty]
            : [booked]
      return Promise.resolve(
        new Response(JSON.stringify({from: params.get('from'), to: params.get('to'), departures}), {
          status: 200,
        }),
      )
    }),
  )
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderView() {
  const client = new QueryClient({defaultOptions: {queries: {retry: false}}})
  return render(
    <QueryClientProvider client={client}>
      <DeparturesView />
    </QueryClientProvider>,
  )
}

describe('Departures view', () => {
  it('lists departures with bookings, and with the choice every scheduled one; the CSV follows the choice', async () => {
    renderView()
    fireEvent.change(screen.getByLabelText('From'), {target: {value: '2030-02-01'}})
    fireEvent.change(screen.getByLabelText('To'), {target: {value: '2030-02-07'}})
    expect(await screen.findAllByRole('article')).toHaveLength(1)
    const toggle = screen.getByRole('checkbox', {name: 'Include departures with no bookings'})
    expect((toggle as HTMLInputElement).checked).toBe(false)
    const csv = () => screen.getByRole('link', {name: 'Download CSV'}).getAttribute('href')
    expect(csv()).toBe('/api/staff/departures.csv?from=2030-02-01&to=2030-02-07')
    expect(departureRequests().at(-1)).toBe('/api/staff/departures?from=2030-02-01&to=2030-02-07')

    fireEvent.click(toggle)
    expect((toggle as HTMLInputElement).checked).toBe(true)
    expect(await screen.findByText('No bookings yet.')).toBeTruthy()
    expect(screen.getAllByRole('article')).toHaveLength(2)
    expect(departureRequests().at(-1)).toBe(
      '/api/staff/departures?from=2030-02-01&to=2030-02-07&empty=1',
    )
    expect(csv()).toBe('/api/staff/departures.csv?from=2030-02-01&to=2030-02-07&empty=1')
    const emptyManifest = screen.getAllByRole('article')[1]!
    expect(within(emptyManifest).getByText('Left').nextElementSibling?.textContent).toBe('8')
  })

  it('shows the traveller’s notes and the staff’s apart, the staff’s with who wrote them and when', async () => {
    renderView()
    fireEvent.change(screen.getByLabelText('From'), {target: {value: '2030-02-01'}})
    fireEvent.change(screen.getByLabelText('To'), {target: {value: '2030-02-07'}})
    const [manifest] = await screen.findAllByRole('article')
    const table = within(manifest!).getByRole('table')
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent)
    const row = within(table).getByRole('row', {name: /Alpha Traveller/})
    const cells = within(row).getAllByRole('cell')
    const cellOf = (header: string) => cells[headers.indexOf(header) - 1]?.textContent
    expect(cellOf('Their notes')).toBe('Vegetarian')
    expect(cellOf('Staff notes')).toBe(
      'Collect from the side gateSam Staff, 20 January 2030, 10:30 SAST',
    )
  })

  it('counts the days of a range, even at the end of year 9999', () => {
    renderView()
    fireEvent.change(screen.getByLabelText('From'), {target: {value: '9999-12-31'}})
    fireEvent.change(screen.getByLabelText('To'), {target: {value: '9999-12-31'}})
    expect(screen.queryByRole('alert')).toBeNull()
    fireEvent.change(screen.getByLabelText('From'), {target: {value: '9999-01-01'}})
    expect(screen.getByRole('alert').textContent).toBe('Choose at most 92 days.')
  })

  it('labels every part of a departure’s count, and keeps a cancelled departure with each traveller’s answer', async () => {
    renderView()
    fireEvent.change(screen.getByLabelText('From'), {target: {value: '2030-02-03'}})
    fireEvent.change(screen.getByLabelText('To'), {target: {value: '2030-02-07'}})
    const [fullOne, cancelledOne] = await screen.findAllByRole('article')
    const number = (label: string) =>
      within(fullOne!).getByText(label, {selector: 'dt'}).nextElementSibling?.textContent
    expect(number('Capacity')).toBe('8')
    expect(number('Confirmed')).toBe('6')
    expect(number('Held for the waitlist')).toBe('2')
    expect(number('Requested')).toBe('2')
    expect(number('Left')).toBe('0')

    expect(within(cancelledOne!).getByRole('heading').textContent).toContain('Cancelled by us')
    expect(cancelledOne!.textContent).toContain('Cancelled by Mandla Manager')
    expect(cancelledOne!.textContent).toContain('A gale is forecast.')
    expect(within(cancelledOne!).getByText('Moved Traveller').closest('tr')!.textContent).toContain(
      'Moved to',
    )
    expect(within(cancelledOne!).getByText('Quiet Traveller').closest('tr')!.textContent).toContain(
      'Has not answered',
    )
    // Nothing on it is offered again: it cannot be cancelled twice, and shows no places left to take.
    expect(within(cancelledOne!).queryByRole('button', {name: /Cancel departure/})).toBeNull()
    expect(within(cancelledOne!).queryByText('Left', {selector: 'dt'})).toBeNull()
  })
})

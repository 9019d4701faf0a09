import {cleanup, fireEvent, render, screen, waitFor, within} from '@testing-library/react'
import {QueryClient, QueryClientProvider} from '@tanstack/react-query'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'

import {CancelDepartureDialog} from './cancel-departure-dialog'
import {ToastProvider} from './toasts'

// Ten open dates with room, nearest the cancelled 5 December first (as the server orders them).
const DATES = ['06', '04', '07', '03', '08', '02', '09', '10', '11', '12'].map((day, index) => ({
  date: `2030-12-${day}`,
  left: 8 - (index % 3),
}))
let sent: {alternatives: string[]} | null = null

const respond = (body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), {status: 200}))

beforeEach(() => {
  sent = null
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url.startsWith('/api/staff/departures/alternatives?')) return respond({dates: DATES})
      if (url === '/api/staff/departures/cancel/preview')
        return respond({
          travellers: 2,
          mail: {to: 'a@example.com', subject: 'Cancelled', text: 'Sorry.'},
        })
      if (url === '/api/staff/departures/cancel') {
        sent = JSON.parse(String(init?.body)) as {alternatives: string[]}
        return respond({cancelled: 2, date: '2030-12-05', experience: 'Lion’s Head Sunset Hike'})
      }
      return Promise.resolve(new Response('{}', {status: 404}))
    }),
  )
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('cancelling a departure', () => {
  it('offers the nearest dates with room and a picker for the rest, then says it is done', async () => {
    render(
      <QueryClientProvider client={new QueryClient({defaultOptions: {queries: {retry: false}}})}>
        <ToastProvider>
          <CancelDepartureDialog
            departure={{
              experience: 'lions-head',
              title: 'Lion’s Head',
              date: '2030-12-05',
              travellers: 2,
            }}
            onClose={() => {}}
          />
        </ToastProvider>
      </QueryClientProvider>,
    )
    const dialog = await screen.findByRole('dialog')
    await within(dialog).findAllByRole('checkbox')
    // Six boxes, not one per open date in 90 days.
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(6)
    fireEvent.click(within(dialog).getByRole('checkbox', {name: /6 December 2030/}))

    const picker = within(dialog).getByLabelText('Or another date with room')
    fireEvent.change(picker, {target: {value: '2030-12-20'}})
    fireEvent.click(within(dialog).getByRole('button', {name: 'Add this date'}))
    expect(within(dialog).getByRole('alert').textContent).toMatch(
      /no room for these travellers, or is closed/,
    )
    fireEvent.change(picker, {target: {value: '2030-12-11'}})
    fireEvent.click(within(dialog).getByRole('button', {name: 'Add this date'}))
    const added = within(dialog).getByRole('checkbox', {
      name: /11 December 2030/,
    }) as HTMLInputElement
    expect(added.checked).toBe(true)

    fireEvent.change(within(dialog).getByLabelText('Reason (the travellers read it)'), {
      target: {value: 'Strong wind on the summit.'},
    })
    fireEvent.click(within(dialog).getByRole('button', {name: 'Preview the mail'}))
    fireEvent.click(
      await within(dialog).findByRole('button', {
        name: 'Cancel the departure and mail 2 travellers',
      }),
    )
    await waitFor(() => expect(sent?.alternatives).toEqual(['2030-12-06', '2030-12-11']))
    expect(
      await screen.findByText(
        'Lion’s Head Sunset Hike, 5 December 2030: 2 travellers are told by mail, with 2 other dates to choose from. The date is closed for new bookings.',
      ),
    ).toBeTruthy()
  })
})

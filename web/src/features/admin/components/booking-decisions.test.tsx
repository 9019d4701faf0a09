import {cleanup, fireEvent, render, screen} from '@testing-library/react'
import {QueryClient, QueryClientProvider} from '@tanstack/react-query'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'

import type {StaffBooking} from '@repo/schemas/staff-bookings.ts'
import {problemBody} from '@repo/schemas/problem.ts'
import {BookingDecisions} from './booking-decisions'
import {ToastProvider} from './toasts'

/**
 * A decision is checked against the booking as the person saw it when they previewed it (issue 42, HIGH): a live
 * update that refreshes the booking meanwhile must not refresh the revision sent with the decision, or a
 * colleague's decision in between is silently overwritten. A refused send says who changed what.
 */

const seen: StaffBooking = {
  _id: 'b1',
  _rev: 'rev-seen',
  booking_ref: 'CTE-B1',
  status: 'new',
  created_at: '2030-01-20T08:00:00Z',
  experience_id: 'lions-head',
  experience_title: 'Lion’s Head Sunset Hike',
  date: '2030-02-05',
  preferred_time: '',
  pax_adults: 2,
  pax_total: 2,
  name: 'Emma Walker',
  email: 'emma@example.com',
  status_history: [
    {
      _key: 'created',
      _type: 'statusChange',
      status: 'new',
      at: '2030-01-20T08:00:00Z',
      by: 'website',
    },
  ],
}

/** The same booking after the owner declined it: what the live update (and the 409) bring. */
const declined: StaffBooking = {
  ...seen,
  _rev: 'rev-after-decline',
  status: 'declined',
  status_history: [
    ...seen.status_history!,
    {
      _key: 'd1',
      _type: 'statusChange',
      status: 'declined',
      at: '2030-01-21T09:30:00Z',
      by: 'Owner',
      action: 'decline',
      message: 'No guide that day.',
    },
  ],
}

let sent: {url: string; body: Record<string, unknown>}[] = []
beforeEach(() => {
  sent = []
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>
      sent.push({url, body})
      if (url.endsWith('/preview'))
        return Promise.resolve(
          new Response(
            JSON.stringify({
              mail: {to: 'emma@example.com', subject: 'Confirmed', text: 'Dear Emma'},
            }),
            {status: 200},
          ),
        )
      // The server checks the revision, as functions/staff/decide-booking.ts does.
      return Promise.resolve(
        body.revision === declined._rev
          ? new Response(JSON.stringify({booking: {...declined, status: 'confirmed'}}), {
              status: 200,
            })
          : new Response(
              JSON.stringify(
                problemBody(409, 'This booking was changed by someone else.', {booking: declined}),
              ),
              {status: 409},
            ),
      )
    }),
  )
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderWith(booking: StaffBooking, client: QueryClient) {
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>
        <BookingDecisions booking={booking} />
      </ToastProvider>
    </QueryClientProvider>
  )
}

describe('a decision sent after a colleague changed the booking', () => {
  it('is sent with the revision its preview was built from, refused, and says who did what meanwhile', async () => {
    const client = new QueryClient({defaultOptions: {mutations: {retry: false}}})
    const view = render(renderWith(seen, client))
    fireEvent.click(screen.getByRole('button', {name: 'Confirm'}))
    fireEvent.click(screen.getByRole('button', {name: 'Preview mail'}))
    const sendButton = await screen.findByRole('button', {name: 'Send: Confirm'})

    // The owner declines; the live update refreshes the booking on this screen, preview still open.
    view.rerender(renderWith(declined, client))
    fireEvent.click(sendButton)

    const alert = await screen.findByText(/changed by someone else/)
    const decision = sent.find((call) => call.url.endsWith('/decision'))!
    expect(decision.body.revision).toBe('rev-seen')
    expect(alert.closest('[role="alert"]')!.textContent).toContain(
      'Since your preview: Declined by Owner',
    )
    expect(alert.closest('[role="alert"]')!.textContent).toContain('No guide that day.')
  })
})

describe('the decisions a booking’s state offers (the model: departure-life.ts)', () => {
  it('offers none for an erased booking: nothing could reach the person', () => {
    const client = new QueryClient()
    render(
      renderWith({...seen, name: null, email: null, anonymised_at: '2030-01-22T00:00:00Z'}, client),
    )
    expect(screen.queryByRole('button', {name: 'Confirm'})).toBeNull()
    expect(screen.getByText(/personal details were erased: nothing can be sent/)).toBeTruthy()
  })

  it('offers none while the traveller answers a departure’s cancellation', () => {
    const client = new QueryClient()
    render(
      renderWith(
        {
          ...seen,
          status: 'closed',
          status_history: [
            ...seen.status_history!,
            {
              _key: 'c1',
              _type: 'statusChange',
              status: 'closed',
              at: '2030-01-21T09:30:00Z',
              by: 'Owner',
              action: 'cancel-departure',
              message: 'A gale is forecast.',
            },
          ],
        },
        client,
      ),
    )
    expect(screen.queryByRole('button', {name: 'Confirm'})).toBeNull()
    expect(screen.getByText(/cancelled by us: choose a new date/)).toBeTruthy()
  })
})

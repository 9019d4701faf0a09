import {cleanup, fireEvent, render, screen, waitFor, within} from '@testing-library/react'
import {QueryClient, QueryClientProvider} from '@tanstack/react-query'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'

import type {AddressSearchResult, PrivacyOverview} from '@repo/schemas/staff-privacy.ts'
import {problemBody} from '@repo/schemas/problem.ts'

import {PrivacyView} from './privacy-view'
import {ToastProvider} from './toasts'

const email = 'zinhle@example.com'
const NOW = new Date('2026-12-20T10:00:00Z')

let overview: PrivacyOverview
let carriedOut: string[] = []

const respond = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), {status}))

const places = (found: number): AddressSearchResult['places'] => [
  {place: 'Booking requests', searched: 20, found},
  {place: 'Sent mail', searched: 40, found: 0},
]

beforeEach(() => {
  vi.useFakeTimers({now: NOW, toFake: ['Date']})
  carriedOut = []
  overview = {
    periods: {
      requestMonthsAfterTrip: 24,
      closedRequestMonthsAfterDecision: 6,
      unconfirmedLeadDays: 90,
    },
    reports: [],
    requests: [
      {_id: 'privacyRequest.erase', kind: 'erasure', email, confirmed_at: '2026-11-28T09:00:00Z'},
      {
        _id: 'privacyRequest.late',
        kind: 'correction',
        email: 'late@example.com',
        confirmed_at: '2026-11-10T09:00:00Z',
      },
    ],
  }
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (url === '/api/staff/privacy') return respond(200, overview)
      if (url === '/api/staff/privacy/search')
        return respond(200, {
          found: carriedOut.length ? 0 : 14,
          places: places(carriedOut.length ? 0 : 14),
        })
      const carry = /\/privacy\/requests\/([^/]+)\/carry-out$/.exec(url)
      if (carry && init?.method === 'POST') {
        carriedOut.push(decodeURIComponent(carry[1]!))
        overview = {...overview, requests: overview.requests.filter((r) => r._id !== carry[1])}
        return respond(200, {
          report: {_id: 'r1', at: NOW.toISOString(), trigger: 'request', proof: places(0)},
        })
      }
      return respond(404, problemBody(404, 'Not found'))
    }),
  )
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

function renderView() {
  const client = new QueryClient({defaultOptions: {queries: {retry: false}}})
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <PrivacyView />
      </ToastProvider>
    </QueryClientProvider>,
  )
}

describe('the managers’ privacy screen', () => {
  it('shows each request’s 30-day due date, and says when one is overdue', async () => {
    renderView()
    expect(await screen.findByText('Due by 28 December 2026 (8 days left)')).toBeTruthy()
    expect(screen.getByText('Overdue: was due by 10 December 2026 (10 days ago)')).toBeTruthy()
  })

  it('asks before an erasure in a dialog that holds focus and gives it back, then clears an earlier search', async () => {
    renderView()
    const search = await screen.findByRole('form', {name: 'Search every place for an address'})
    fireEvent.change(within(search).getByLabelText('Email address'), {target: {value: email}})
    fireEvent.click(within(search).getByRole('button', {name: 'Search'}))
    expect(await within(search).findByText('14 records still name this address.')).toBeTruthy()

    const erase = screen.getByRole('button', {name: `Delete everything about ${email}`})
    erase.focus()
    fireEvent.click(erase)
    const dialog = screen.getByRole('dialog', {name: 'Delete everything about this address?'})
    expect(dialog.contains(document.activeElement)).toBe(true)
    expect(carriedOut).toEqual([])
    // Tab from the last control comes back to the first: focus stays in the dialog.
    const last = within(dialog).getByRole('button', {name: 'Delete everything'})
    last.focus()
    fireEvent.keyDown(document, {key: 'Tab'})
    expect(dialog.contains(document.activeElement)).toBe(true)
    fireEvent.click(within(dialog).getByRole('button', {name: 'Keep it for now'}))
    expect(screen.queryByRole('dialog')).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(erase))
    expect(carriedOut).toEqual([])

    fireEvent.click(erase)
    fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', {name: 'Delete everything'}),
    )
    await waitFor(() => expect(carriedOut).toEqual(['privacyRequest.erase']))
    expect(await screen.findByRole('table', {name: 'Searched after carrying it out'})).toBeTruthy()
    // The earlier answer no longer holds: it is gone rather than shown under the new one.
    await waitFor(() =>
      expect(screen.queryByText('14 records still name this address.')).toBeNull(),
    )
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

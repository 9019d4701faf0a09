import {cleanup, fireEvent, screen, within} from '@testing-library/react'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'

import {renderApp} from '../../../test/render-app'
import type {TravellerRequestView} from '@repo/schemas/request-decisions.ts'
import {problemBody} from '@repo/schemas/problem.ts'

const request: TravellerRequestView = {
  reference: 'CTE-AB12-CD34',
  experience: 'Sunset Cruise',
  date: '2027-03-05',
  time: 'Any time',
  group: '2 adults, 1 child',
  status: 'contacted',
  statusTitle: 'Contacted',
  start: 'Friday 5 March 2027, 18:30 SAST',
  when: 'Friday 5 March 2027, 18:30 SAST',
  meetingPoint: {
    name: 'Quay 5 ticket kiosk',
    address: 'V&A Waterfront, Cape Town',
    mapLink: 'https://www.google.com/maps/search/?api=1&query=-33.905%2C18.419',
  },
  calendar: null,
  history: [
    {key: 'created', at: '2027-01-01T08:00:00Z', status: 'new', title: 'Request received'},
    {
      key: 'p',
      at: '2027-01-02T08:00:00Z',
      status: 'contacted',
      title: 'Other dates proposed',
      action: 'propose',
      message: 'Would one of these suit you?',
      options: [{key: 'opt-a', date: '2027-03-06', time: ''}],
    },
  ],
  proposal: {
    key: 'p',
    options: [
      {key: 'opt-a', date: '2027-03-06', time: ''},
      {key: 'opt-b', date: '2027-03-07', time: 'Sunset'},
    ],
  },
  cancellation: null,
  canWithdraw: true,
}

const answer = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {status, headers: {'content-type': 'application/json'}}),
  )

describe('the request page', () => {
  let fetchMock: ReturnType<typeof vi.fn>
  beforeEach(() => {
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo
    fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('shows the request in words and accepts the chosen date', async () => {
    fetchMock.mockImplementation((url: string, init?: RequestInit) =>
      init?.method === 'POST'
        ? answer({
            ...request,
            status: 'confirmed',
            statusTitle: 'Confirmed',
            calendar: {googleLink: 'https://calendar.google.com/calendar/render?action=TEMPLATE'},
            date: '2027-03-07',
            proposal: null,
          })
        : answer(request),
    )
    renderApp('/requests/tok.en.sig')
    expect(
      await screen.findByRole('heading', {name: 'Your request CTE-AB12-CD34', level: 1}),
    ).toBeTruthy()
    expect(screen.getByText('2 adults, 1 child')).toBeTruthy()
    expect(screen.queryByRole('region', {name: 'Add to calendar'})).toBeNull()
    // One line for when it starts: no "Any time" beside the start, and the date said once.
    expect(screen.getByTestId('request-when').textContent).toBe('Friday 5 March 2027, 18:30 SAST')
    const summary = screen.getByTestId('request-when').closest('dl')!
    expect(summary.textContent).not.toContain('Any time')
    expect(summary.textContent!.split('5 March 2027')).toHaveLength(2)
    const point = screen.getByTestId('request-meeting-point')
    expect(point.textContent).toContain('Quay 5 ticket kiosk, V&A Waterfront, Cape Town')
    expect(
      within(point)
        .getByRole('link', {name: 'Open the map (opens in a new tab)'})
        .getAttribute('href'),
    ).toBe(request.meetingPoint!.mapLink)
    const choice = screen.getByRole('group', {name: 'Choose a date'})
    // Nothing chosen: said so, nothing sent.
    fireEvent.click(screen.getByRole('button', {name: 'Accept this date'}))
    expect(await screen.findByText('Choose one of the dates first.')).toBeTruthy()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    fireEvent.click(within(choice).getByRole('radio', {name: 'Sunday 7 March 2027, Sunset'}))
    fireEvent.click(screen.getByRole('button', {name: 'Accept this date'}))
    expect(await screen.findByText(/Your new date is confirmed/)).toBeTruthy()
    expect(screen.getByTestId('request-status').textContent).toBe('Confirmed')
    // Confirmed, the trip can go into a calendar: the page's own file and Google's form.
    const calendar = screen.getByRole('region', {name: 'Add to calendar'})
    expect(
      within(calendar)
        .getByRole('link', {name: 'Download the calendar file (.ics)'})
        .getAttribute('href'),
    ).toBe('/requests/tok.en.sig/calendar.ics')
    expect(
      within(calendar)
        .getByRole('link', {name: 'Add to Google Calendar (opens in a new tab)'})
        .getAttribute('href'),
    ).toBe('https://calendar.google.com/calendar/render?action=TEMPLATE')
    const [url, init] = fetchMock.mock.calls.find(
      ([, i]) => (i as RequestInit | undefined)?.method === 'POST',
    )!
    expect(url).toBe('/api/requests/tok.en.sig/accept')
    expect(JSON.parse((init as RequestInit).body as string)).toEqual({option: 'opt-b'})
  })

  it('says a bad link does not work and offers a new one', async () => {
    fetchMock.mockImplementation(() =>
      answer(problemBody(404, 'This link does not work. It may be incomplete.', {fieldErrors: {}}), 404),
    )
    renderApp('/requests/%2F%2Fevil.com')
    expect(
      await screen.findByRole('heading', {name: 'This link does not work', level: 1}),
    ).toBeTruthy()
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/requests/%2F%2Fevil.com')
    expect(screen.getByLabelText(/Booking reference/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', {name: 'Send me a new link'}))
    expect(await screen.findByText('Enter your booking reference.')).toBeTruthy()
    expect(screen.getByLabelText(/Booking reference/).getAttribute('aria-invalid')).toBe('true')
  })
})

import {act, cleanup, fireEvent, render, screen, waitFor} from '@testing-library/react'
import {MemoryRouter} from 'react-router-dom'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'

import {
  WAITLIST_FAILED_MESSAGE,
  WAITLIST_REQUIRED_MESSAGE,
} from '@repo/schemas/waitlist-messages.ts'

import {WaitlistForm} from './waitlist-form'

const trip = {
  experienceId: 'cape-point-penguins',
  experienceTitle: 'Cape Point & Penguins',
  date: '2027-03-03',
  time: '',
  adults: 2,
  children: 0,
}

const answer = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), {status, headers: {'content-type': 'application/json'}})

/** What a message says, as a screen reader reads it. */
const said = (element: HTMLElement) => element.textContent?.trim()

function fill() {
  render(
    <MemoryRouter>
      <WaitlistForm trip={trip} />
    </MemoryRouter>,
  )
  fireEvent.change(screen.getByRole('textbox', {name: /^Full name/}), {
    target: {value: 'Thandi Mokoena'},
  })
  fireEvent.change(screen.getByRole('textbox', {name: /^Email/}), {
    target: {value: 'thandi@example.com'},
  })
  fireEvent.click(screen.getByLabelText(/the waitlist is not a booking/))
  fireEvent.click(screen.getByLabelText(/I agree to the privacy policy/))
  return screen.getByRole('form', {name: 'Join the waitlist for this date'}) as HTMLFormElement
}

describe('the waitlist form', () => {
  let fetchMock: ReturnType<typeof vi.fn>
  beforeEach(() => {
    fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('sends once for two presses at once, with the trip and what was typed, then says what was joined', async () => {
    let reply!: (response: Response) => void
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (reply = resolve)))
    const form = fill()
    fireEvent.submit(form)
    fireEvent.submit(form)
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    fireEvent.submit(form)
    await act(async () => reply(answer({ok: true}, 201)))
    expect(await screen.findByRole('heading', {name: 'You are on the waitlist'})).toBeTruthy()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/waitlist')
    expect(JSON.parse(init.body as string)).toMatchObject({
      experienceId: 'cape-point-penguins',
      date: '2027-03-03',
      adults: 2,
      children: 0,
      name: 'Thandi Mokoena',
      email: 'thandi@example.com',
      consentWaitlist: true,
      consentPrivacy: true,
    })
    expect(screen.getByText('thandi@example.com')).toBeTruthy()
  })

  it('says what the schema refuses beside each field, and sends nothing', async () => {
    render(
      <MemoryRouter>
        <WaitlistForm trip={trip} />
      </MemoryRouter>,
    )
    fireEvent.submit(screen.getByRole('form', {name: 'Join the waitlist for this date'}))
    expect(said(await screen.findByRole('alert'))).toBe(WAITLIST_REQUIRED_MESSAGE)
    expect(document.activeElement).toBe(screen.getByRole('alert'))
    const name = screen.getByRole('textbox', {name: /^Full name/})
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(
      document.getElementById(name.getAttribute('aria-describedby')!)?.textContent,
    ).toBeTruthy()
    expect(
      screen.getByLabelText(/I agree to the privacy policy/).getAttribute('aria-invalid'),
    ).toBe('true')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('says the server’s own words for a refusal, ours for a failure, and can be sent again', async () => {
    fetchMock.mockResolvedValueOnce(
      answer({message: 'This email is already on the waitlist for this date.'}, 409),
    )
    const form = fill()
    fireEvent.submit(form)
    expect(said(await screen.findByRole('alert'))).toBe(
      'This email is already on the waitlist for this date.',
    )
    fetchMock.mockResolvedValueOnce(answer({message: 'Internal details'}, 500))
    fireEvent.submit(form)
    await waitFor(() => expect(said(screen.getByRole('alert'))).toBe(WAITLIST_FAILED_MESSAGE))
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })
})

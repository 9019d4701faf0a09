import {act, cleanup, fireEvent, render, screen, waitFor} from '@testing-library/react'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'

import {PrivacyRequestForm} from './privacy-request-form'

const answer = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), {status, headers: {'content-type': 'application/json'}})
/** What a message says, as a screen reader reads it. */
const said = (element: HTMLElement) => element.textContent?.trim()
const SENT = 'Thank you. We have sent a link to that address.'

describe('the privacy request form', () => {
  let fetchMock: ReturnType<typeof vi.fn>
  beforeEach(() => {
    fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
    render(<PrivacyRequestForm />)
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('sends the chosen request once for two presses at once, says the server’s answer, and starts again', async () => {
    let reply!: (response: Response) => void
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (reply = resolve)))
    fireEvent.click(screen.getByLabelText('Correct my information'))
    fireEvent.change(screen.getByLabelText('Your email address'), {
      target: {value: 'sipho@example.org'},
    })
    fireEvent.change(screen.getByLabelText('What should we correct?'), {
      target: {value: 'My surname is Dlamini, not Dlamani.'},
    })
    const form = screen.getByRole('form', {name: 'Ask about your information'})
    fireEvent.submit(form)
    fireEvent.submit(form)
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    await act(async () => reply(answer({message: SENT}, 202)))
    await waitFor(() => expect(said(screen.getByRole('status'))).toBe(SENT))
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/privacy-requests')
    expect(JSON.parse(init.body as string)).toMatchObject({
      kind: 'correction',
      email: 'sipho@example.org',
      correction: 'My surname is Dlamini, not Dlamani.',
    })
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(screen.getByLabelText('A copy of my information')).toHaveProperty('checked', true)
    expect(screen.queryByLabelText('What should we correct?')).toBeNull()
    expect(screen.getByLabelText('Your email address')).toHaveProperty('value', '')
  })

  it('says beside the field what the schema refuses, and sends nothing', async () => {
    fireEvent.submit(screen.getByRole('form', {name: 'Ask about your information'}))
    const email = screen.getByLabelText('Your email address')
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'))
    expect(
      document.getElementById(email.getAttribute('aria-describedby')!)?.textContent,
    ).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('says the server’s own words for a refusal, ours for a failure', async () => {
    fireEvent.change(screen.getByLabelText('Your email address'), {
      target: {value: 'sipho@example.org'},
    })
    const form = screen.getByRole('form', {name: 'Ask about your information'})
    fetchMock.mockResolvedValueOnce(
      answer({message: 'Too many requests. Please wait a minute and try again.'}, 429),
    )
    fireEvent.submit(form)
    await waitFor(() =>
      expect(said(screen.getByRole('alert'))).toBe(
        'Too many requests. Please wait a minute and try again.',
      ),
    )
    fetchMock.mockResolvedValueOnce(answer({}, 503))
    fireEvent.submit(form)
    await waitFor(() =>
      expect(said(screen.getByRole('alert'))).toBe(
        'Your request could not be sent. Please try again.',
      ),
    )
  })
})

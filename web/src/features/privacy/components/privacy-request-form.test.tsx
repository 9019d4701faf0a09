import {fireEvent, render, screen, waitFor} from '@testing-library/react'
import {beforeEach, describe, expect, it} from 'vitest'

import {problemBody} from '@repo/schemas/problem.ts'

import {jsonAnswer, said, sendTwiceAtOnce, stubFetch} from '../../../test/form-sending'
import {PrivacyRequestForm} from './privacy-request-form'

const SENT = 'Thank you. We have sent a link to that address.'

describe('the privacy request form', () => {
  const fetchStub = stubFetch()
  beforeEach(() => {
    render(<PrivacyRequestForm />)
  })

  it('sends the chosen request once for two presses at once, says the server’s answer, and starts again', async () => {
    fireEvent.click(screen.getByLabelText('Correct my information'))
    fireEvent.change(screen.getByLabelText('Your email address'), {
      target: {value: 'sipho@example.org'},
    })
    fireEvent.change(screen.getByLabelText('What should we correct?'), {
      target: {value: 'My surname is Dlamini, not Dlamani.'},
    })
    const sent = await sendTwiceAtOnce(
      screen.getByRole('form', {name: 'Ask about your information'}),
      fetchStub.mock,
    )
    await sent.answer({message: SENT}, 202)
    await waitFor(() => expect(said(screen.getByRole('status'))).toBe(SENT))
    expect(sent.url).toBe('/api/privacy-requests')
    expect(sent.body).toMatchObject({
      kind: 'correction',
      email: 'sipho@example.org',
      correction: 'My surname is Dlamini, not Dlamani.',
    })
    expect(fetchStub.mock).toHaveBeenCalledTimes(1)
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
    expect(fetchStub.mock).not.toHaveBeenCalled()
  })

  it('says the server’s own words for a refusal, ours for a failure', async () => {
    fireEvent.change(screen.getByLabelText('Your email address'), {
      target: {value: 'sipho@example.org'},
    })
    const form = screen.getByRole('form', {name: 'Ask about your information'})
    fetchStub.mock.mockResolvedValueOnce(
      jsonAnswer(problemBody(429, 'Too many requests. Please wait a minute and try again.'), 429),
    )
    fireEvent.submit(form)
    await waitFor(() =>
      expect(said(screen.getByRole('alert'))).toBe(
        'Too many requests. Please wait a minute and try again.',
      ),
    )
    fetchStub.mock.mockResolvedValueOnce(jsonAnswer({}, 503))
    fireEvent.submit(form)
    await waitFor(() =>
      expect(said(screen.getByRole('alert'))).toBe(
        'Your request could not be sent. Please try again.',
      ),
    )
  })
})

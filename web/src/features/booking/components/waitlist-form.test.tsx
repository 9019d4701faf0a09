import {fireEvent, render, screen, waitFor} from '@testing-library/react'
import {MemoryRouter} from 'react-router-dom'
import {describe, expect, it} from 'vitest'

import {problemBody} from '@repo/schemas/problem.ts'

import {
  WAITLIST_FAILED_MESSAGE,
  WAITLIST_REQUIRED_MESSAGE,
} from '@repo/schemas/waitlist-messages.ts'

import {jsonAnswer, said, sendTwiceAtOnce, stubFetch} from '../../../test/form-sending'
import {WaitlistForm} from './waitlist-form'

const trip = {
  experienceId: 'cape-point-penguins',
  experienceTitle: 'Cape Point & Penguins',
  date: '2027-03-03',
  time: '',
  adults: 2,
  children: 0,
}

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
  const fetchStub = stubFetch()

  it('sends once for two presses at once, with the trip and what was typed, then says what was joined', async () => {
    const form = fill()
    const sent = await sendTwiceAtOnce(form, fetchStub.mock)
    fireEvent.submit(form)
    await sent.answer({ok: true}, 201)
    expect(await screen.findByRole('heading', {name: 'You are on the waitlist'})).toBeTruthy()
    expect(fetchStub.mock).toHaveBeenCalledTimes(1)
    expect(sent.url).toBe('/api/waitlist')
    expect(sent.body).toMatchObject({
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
    expect(fetchStub.mock).not.toHaveBeenCalled()
  })

  it('says the server’s own words for a refusal, ours for a failure, and can be sent again', async () => {
    fetchStub.mock.mockResolvedValueOnce(
      jsonAnswer(problemBody(409, 'This email is already on the waitlist for this date.'), 409),
    )
    const form = fill()
    fireEvent.submit(form)
    expect(said(await screen.findByRole('alert'))).toBe(
      'This email is already on the waitlist for this date.',
    )
    fetchStub.mock.mockResolvedValueOnce(jsonAnswer(problemBody(500, 'Internal details'), 500))
    fireEvent.submit(form)
    await waitFor(() => expect(said(screen.getByRole('alert'))).toBe(WAITLIST_FAILED_MESSAGE))
    expect(fetchStub.mock).toHaveBeenCalledTimes(2)
  })

  it('puts the server’s complaint about a field beside that field', async () => {
    const refusal = 'We cannot send mail to this address.'
    fetchStub.mock.mockResolvedValueOnce(
      jsonAnswer(problemBody(400, 'Please check the form.', {fieldErrors: {email: [refusal]}}), 400),
    )
    fireEvent.submit(fill())
    await waitFor(() => expect(said(screen.getByRole('alert'))).toBe('Please check the form.'))
    const email = screen.getByRole('textbox', {name: /^Email/})
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(
      refusal,
    )
    expect(
      screen.getByRole('textbox', {name: /^Full name/}).getAttribute('aria-invalid'),
    ).toBeNull()
  })
})

import {fireEvent, render, screen, waitFor} from '@testing-library/react'
import {describe, expect, it} from 'vitest'

import {problemBody} from '@repo/schemas/problem.ts'

import {
  NEWSLETTER_REQUIRED_MESSAGE,
  NEWSLETTER_SUCCESS_MESSAGE,
} from '@repo/schemas/newsletter-messages.ts'

import {jsonAnswer, said, sendTwiceAtOnce, stubFetch} from '../../../test/form-sending'
import {NewsletterForm} from './newsletter-form'

function show() {
  render(
    <NewsletterForm
      heading="Stay in touch"
      text="News now and then."
      consentLabel="I agree to receive the newsletter"
      buttonLabel="Sign up"
    />,
  )
  return screen.getByRole('form', {name: 'Stay in touch'}) as HTMLFormElement
}

function fill() {
  const form = show()
  fireEvent.change(screen.getByRole('textbox', {name: 'Name'}), {target: {value: 'Lerato'}})
  fireEvent.change(screen.getByRole('textbox', {name: 'Email'}), {
    target: {value: 'lerato@example.com'},
  })
  fireEvent.click(screen.getByRole('checkbox', {name: /newsletter/}))
  return form
}

describe('the newsletter form', () => {
  const fetchStub = stubFetch()

  it('signs up once for two presses at once, says so and clears the fields', async () => {
    const sent = await sendTwiceAtOnce(fill(), fetchStub.mock)
    expect(screen.getByRole('button', {name: 'Submitting...'})).toHaveProperty('disabled', true)
    await sent.answer({ok: true}, 201)
    await waitFor(() => expect(said(screen.getByRole('status'))).toBe(NEWSLETTER_SUCCESS_MESSAGE))
    expect(fetchStub.mock).toHaveBeenCalledTimes(1)
    expect(sent.url).toBe('/api/newsletter-signups')
    expect(sent.body).toMatchObject({
      name: 'Lerato',
      email: 'lerato@example.com',
      consent: true,
    })
    expect(screen.getByRole('textbox', {name: 'Email'})).toHaveProperty('value', '')
    expect(screen.getByRole('button', {name: 'Sign up'})).toHaveProperty('disabled', false)
  })

  it('asks for what is missing, names the first problem, and sends nothing', async () => {
    show()
    fireEvent.submit(screen.getByRole('form', {name: 'Stay in touch'}))
    expect(said(await screen.findByRole('alert'))).toBe(NEWSLETTER_REQUIRED_MESSAGE)
    const name = screen.getByRole('textbox', {name: 'Name'})
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(
      document.getElementById(name.getAttribute('aria-describedby')!)?.textContent,
    ).toBeTruthy()
    expect(fetchStub.mock).not.toHaveBeenCalled()
  })

  it('says the server’s own words for a refusal, ours for a failure', async () => {
    fetchStub.mock.mockResolvedValueOnce(
      jsonAnswer(problemBody(429, 'Too many sign-ups. Please wait.'), 429),
    )
    const form = fill()
    fireEvent.submit(form)
    await waitFor(() =>
      expect(said(screen.getByRole('alert'))).toBe('Too many sign-ups. Please wait.'),
    )
    fetchStub.mock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    fireEvent.submit(form)
    await waitFor(() =>
      expect(said(screen.getByRole('alert'))).toBe('Failed to sign up. Please try again.'),
    )
  })
})

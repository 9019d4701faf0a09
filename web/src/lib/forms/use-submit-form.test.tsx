import {QueryClient, QueryClientProvider} from '@tanstack/react-query'
import {fireEvent, render, screen, waitFor} from '@testing-library/react'
import {describe, expect, it} from 'vitest'
import {z} from '@repo/schemas/zod.ts'

import {CheckboxField, HoneypotField, TextField} from '../../components/ui/field'
import {FormMessage} from '../../components/ui/form-message'
import {problemBody} from '@repo/schemas/problem.ts'

import {jsonAnswer, said, stubFetch} from '../../test/form-sending'
import {postJson} from '../post-json'
import {useSubmitForm} from './use-submit-form'

const schema = z.object({
  name: z.string().trim().min(1, 'Please enter your name.'),
  email: z.email('Please enter a valid email address.'),
  agree: z.literal(true, 'Please agree.'),
  website: z.string(),
})

function TestForm({summary}: {summary: boolean}) {
  const {formProps, field, honeypot, message, messageRef, pending} = useSubmitForm({
    schema,
    defaultValues: {name: '', email: '', agree: false as unknown as true, website: ''},
    send: (payload, idempotencyKey) =>
      postJson<{ok: true}>('/api/test', payload, {idempotencyKey, fallback: 'Sending failed.'}),
    failed: 'Sending failed.',
    invalid: () =>
      summary ? {text: 'Please put right the fields marked below.', variant: 'destructive'} : null,
    sent: () => ({text: 'Sent.', variant: 'success'}),
    honeypot: 'Submission failed. Please try again.',
  })
  return (
    <form aria-label="Test" {...formProps}>
      <FormMessage message={message} ref={messageRef} />
      <TextField label="Name" required {...field('name')} />
      <TextField label="Email" type="email" hint="We answer here." required {...field('email')} />
      <CheckboxField label="I agree" required {...field('agree')} />
      <HoneypotField {...honeypot()} />
      <button type="submit" disabled={pending}>
        Send
      </button>
    </form>
  )
}

function show({summary = false} = {}) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TestForm summary={summary} />
    </QueryClientProvider>,
  )
  return {
    form: screen.getByRole('form', {name: 'Test'}),
    name: screen.getByRole('textbox', {name: 'Name'}),
    email: screen.getByRole('textbox', {name: 'Email'}),
    agree: screen.getByRole('checkbox', {name: 'I agree'}),
  }
}

function fill() {
  const fields = show()
  fireEvent.change(fields.name, {target: {value: 'Lerato'}})
  fireEvent.change(fields.email, {target: {value: 'lerato@example.com'}})
  fireEvent.click(fields.agree)
  return fields
}

/** What a control's `aria-describedby` names, as a screen reader reads it after the control. */
const description = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ')

describe('the form hook', () => {
  const fetchStub = stubFetch()

  it('puts the server’s field errors on their fields and focuses the first in the page’s order', async () => {
    fetchStub.mock.mockResolvedValue(
      jsonAnswer(
        // Out of the page's order, and with a field the form does not show.
        problemBody(400, 'Please check the fields marked below.', {
          fieldErrors: {email: ['That address bounces.'], name: ['Too short.'], elsewhere: ['x']},
        }),
        400,
      ),
    )
    const {form, name, email, agree} = fill()
    fireEvent.submit(form)
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'))
    expect(description(name)).toBe('Too short.')
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(description(email)).toBe('We answer here. That address bounces.')
    expect(agree.getAttribute('aria-invalid')).toBeNull()
    expect(document.activeElement).toBe(name)
    expect(said(screen.getByRole('alert'))).toBe('Please check the fields marked below.')
    expect(screen.queryByText('x')).toBeNull()
    const [url, init] = fetchStub.mock.mock.calls[0] as [string, RequestInit]
    expect(url).toBe('/api/test')
    expect(new Headers(init.headers).get('Idempotency-Key')).toBeTruthy()
  })

  it('focuses the first field the schema refuses, and sends nothing', async () => {
    const {form, name, email, agree} = show()
    fireEvent.change(name, {target: {value: 'Lerato'}})
    fireEvent.submit(form)
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'))
    expect(description(email)).toBe('We answer here. Please enter a valid email address.')
    expect(description(agree)).toBe('Please agree.')
    expect(name.getAttribute('aria-invalid')).toBeNull()
    expect(document.activeElement).toBe(email)
    expect(fetchStub.mock).not.toHaveBeenCalled()
  })

  it('focuses the form’s summary of what the schema refuses, when it says one', async () => {
    const {form} = show({summary: true})
    fireEvent.submit(form)
    const alert = await screen.findByRole('alert')
    expect(said(alert)).toBe('Please put right the fields marked below.')
    await waitFor(() => expect(document.activeElement).toBe(alert))
    expect(fetchStub.mock).not.toHaveBeenCalled()
  })

  it('sends nothing when the honeypot is filled', async () => {
    const {form} = fill()
    fireEvent.change(form.querySelector('input[name="website"]')!, {
      target: {value: 'https://spam.example'},
    })
    fireEvent.submit(form)
    await waitFor(() =>
      expect(said(screen.getByRole('alert'))).toBe('Submission failed. Please try again.'),
    )
    expect(fetchStub.mock).not.toHaveBeenCalled()
  })

  it('says its own words, on the message, when the server fails', async () => {
    fetchStub.mock.mockResolvedValue(jsonAnswer(problemBody(500, 'Internal detail'), 500))
    const {form} = fill()
    fireEvent.submit(form)
    await waitFor(() => expect(said(screen.getByRole('alert'))).toBe('Sending failed.'))
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('alert')))
  })

  it('says the server took it, and marks what is required', async () => {
    fetchStub.mock.mockResolvedValue(jsonAnswer({ok: true}, 201))
    const {form, name} = fill()
    expect(name.hasAttribute('required')).toBe(true)
    fireEvent.submit(form)
    await waitFor(() => expect(said(screen.getByRole('status'))).toBe('Sent.'))
  })
})

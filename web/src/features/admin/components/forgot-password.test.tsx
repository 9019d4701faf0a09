import {QueryClient, QueryClientProvider} from '@tanstack/react-query'
import {fireEvent, render, screen} from '@testing-library/react'
import {describe, expect, it} from 'vitest'

import {problemBody} from '@repo/schemas/problem.ts'

import {jsonAnswer, said, stubFetch} from '../../../test/form-sending'
import {ForgotPassword} from './forgot-password'

function send(email: string) {
  render(
    <QueryClientProvider client={new QueryClient({defaultOptions: {mutations: {retry: false}}})}>
      <ForgotPassword />
    </QueryClientProvider>,
  )
  fireEvent.change(screen.getByRole('textbox', {name: 'Your email address'}), {
    target: {value: email},
  })
  fireEvent.click(screen.getByRole('button', {name: 'Send me a link'}))
}

describe('“Forgot your password?”', () => {
  const fetchStub = stubFetch()

  it('says the server’s words for a refusal', async () => {
    fetchStub.mock.mockResolvedValue(
      jsonAnswer(problemBody(429, 'Too many requests. Wait a minute.'), 429),
    )
    send('thandi@team.example')
    expect(said(await screen.findByRole('alert'))).toBe('Too many requests. Wait a minute.')
    expect(screen.getByRole('textbox', {name: 'Your email address'})).toHaveProperty(
      'required',
      true,
    )
  })

  it('says its own words when the server fails', async () => {
    fetchStub.mock.mockResolvedValue(jsonAnswer(problemBody(500, 'Internal detail'), 500))
    send('thandi@team.example')
    expect(said(await screen.findByRole('alert'))).toBe('Please try again.')
  })
})

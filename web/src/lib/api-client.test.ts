import {afterEach, describe, expect, it, vi} from 'vitest'

import {problemBody, problemSchema} from '@repo/schemas/problem.ts'

import {call} from '../features/admin/api/staff-api'
import {ApiError, apiErrorMessage, apiFetch, retryApiRead} from './api-client'
import {postJson} from './post-json'

const answer = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), {
    status,
    headers: {'content-type': status >= 400 ? 'application/problem+json' : 'application/json'},
  })

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

afterEach(() => vi.unstubAllGlobals())

describe('the one API client', () => {
  it('reads a problem: its detail is the message, with the fields’ messages, the code and the extensions', async () => {
    const body = problemBody(409, 'This booking was changed by someone else.', {
      code: 'over-capacity',
      fieldErrors: {date: ['Full.']},
      booking: {_id: 'b1'},
    })
    expect(problemSchema.safeParse(body).success).toBe(true)
    vi.stubGlobal('fetch', vi.fn(async () => answer(body, 409)))
    const error = await refusal(apiFetch('/api/x', {}, 'Please try again.'))
    expect(error.status).toBe(409)
    expect(error.message).toBe('This booking was changed by someone else.')
    expect(error.fieldErrors).toEqual({date: ['Full.']})
    expect(error.code).toBe('over-capacity')
    expect(error.body?.booking).toEqual({_id: 'b1'})
    expect(apiErrorMessage(error, 'Not saved.')).toBe('This booking was changed by someone else.')
  })

  it('says the page’s own words for an answer that is no problem, or no answer at all', async () => {
    // The older dialects' bodies are not read: the server speaks one shape.
    for (const body of [{message: 'Old words'}, {error: 'Old words'}, 'Bad gateway', null]) {
      vi.stubGlobal('fetch', vi.fn(async () => answer(body, 502)))
      const error = await refusal(apiFetch('/api/x', {}, 'Please try again.'))
      expect(error.message).toBe('Please try again.')
      expect(error.fieldErrors).toEqual({})
    }
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    const offline = await refusal(postJson('/api/x', {}, {fallback: 'Not sent.'}))
    expect(offline.status).toBe(0)
    expect(offline.message).toBe('Not sent.')
    // A page that shows its own words for a failure keeps them: only the server's sentence replaces them.
    expect(apiErrorMessage(offline, 'The invitation could not be sent.')).toBe(
      'The invitation could not be sent.',
    )
    expect(apiErrorMessage(new Error('internal'), 'Please try again.')).toBe('Please try again.')
  })

  it('is the dashboard’s client too: a staff refusal is the same ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        answer(problemBody(403, 'Confirm it is you first.', {code: 'reauthenticate'}), 403),
      ),
    )
    const error = await refusal(call('/two-step', {method: 'POST', body: '{}'}))
    expect(error.message).toBe('Confirm it is you first.')
    expect(error.code).toBe('reauthenticate')
  })

  it('asks again after a failure, never after a refusal', () => {
    expect(retryApiRead(0, new ApiError(404, null, 'x'))).toBe(false)
    expect(retryApiRead(0, new ApiError(429, null, 'x'))).toBe(false)
    expect(retryApiRead(0, new ApiError(503, null, 'x'))).toBe(true)
    expect(retryApiRead(1, new ApiError(0, null, 'x'))).toBe(true)
    expect(retryApiRead(2, new ApiError(0, null, 'x'))).toBe(false)
  })
})

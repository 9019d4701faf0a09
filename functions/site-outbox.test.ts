import {afterEach, describe, expect, it, vi} from 'vitest'

import {NOTHING_TO_COMPOSE_ERROR} from './lib/mailer.ts'
import {logOutboxError} from './site-outbox.ts'

afterEach(() => vi.restoreAllMocks())

describe('the outbox’s log', () => {
  it('says in one line, without a stack, that a mail had nothing left to be written from', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    logOutboxError(new Error(`Mail booking-1-confirm-abc: ${NOTHING_TO_COMPOSE_ERROR}`))
    expect(warn.mock.calls).toEqual([
      [`[outbox] Mail booking-1-confirm-abc: ${NOTHING_TO_COMPOSE_ERROR}`],
    ])
    expect(error).not.toHaveBeenCalled()
  })

  it('logs any other failure with its stack', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const failure = new TypeError('fetch failed')
    logOutboxError(failure)
    expect(error.mock.calls).toEqual([['[outbox]', failure]])
    expect(warn).not.toHaveBeenCalled()
  })
})

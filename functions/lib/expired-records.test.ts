import {afterEach, describe, expect, it, vi} from 'vitest'

import {expiredIdsQuery, startCleanUps} from './expired-records.ts'

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('startCleanUps', () => {
  it('runs every clean-up on one timer, and one that fails neither stops the others nor the next round', async () => {
    vi.useFakeTimers()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const counters = vi.fn(async () => 2)
    const questions = vi.fn(async () => {
      throw new Error('lake unreachable')
    })
    const stop = startCleanUps({'used questions': questions, 'mail counters': counters}, 1_000)
    await vi.advanceTimersByTimeAsync(999)
    expect(counters).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(2_001)
    expect(questions).toHaveBeenCalledTimes(3)
    expect(counters).toHaveBeenCalledTimes(3)
    expect(logged).toHaveBeenCalledWith('[used questions clean-up]', expect.any(Error))
    stop()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(counters).toHaveBeenCalledTimes(3)
  })
})

describe('expiredIdsQuery', () => {
  it('asks for the oldest expired batch of one type', () => {
    expect(expiredIdsQuery('usedQuestion', 'expires_at')).toBe(
      '*[_type == "usedQuestion" && expires_at < $before] | order(expires_at asc)[0...500]._id',
    )
  })
})

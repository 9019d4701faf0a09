import {describe, expect, it} from 'vitest'

import {HOSTED_INVOCATION_LIMITS, InvocationLimiter} from './invocation-limits.ts'

describe('function invocation limits', () => {
  it('are hosted Sanity’s: 200 per function and 4,000 per project in 30 seconds', () => {
    expect(HOSTED_INVOCATION_LIMITS).toEqual({windowMs: 30_000, perFunction: 200, perProject: 4_000})
  })

  it('refuses a function’s 201st invocation within 30 s, and allows it once the first has left the window', () => {
    const limiter = new InvocationLimiter()
    for (let i = 0; i < 200; i++) expect(limiter.take('send', 1_000 + i)).toBeNull()
    expect(limiter.take('send', 29_000)).toMatch(/^rate limited: function send was invoked 200 times in 30 s \(at most 200\)$/)
    // Another function has its own count.
    expect(limiter.take('other', 29_000)).toBeNull()
    // 30 s after the first invocation (at 1,000 ms) it no longer counts, and one more may run; the second still counts.
    expect(limiter.take('send', 31_000)).toBeNull()
    expect(limiter.take('send', 31_000)).not.toBeNull()
  })

  it('refuses the project’s 4,001st invocation within 30 s, whatever function it is', () => {
    const limiter = new InvocationLimiter()
    for (let fn = 0; fn < 20; fn++)
      for (let i = 0; i < 200; i++) expect(limiter.take(`fn-${fn}`, 1_000 + fn)).toBeNull()
    expect(limiter.take('fn-new', 2_000)).toMatch(/the project's functions were invoked 4000 times in 30 s \(at most 4000\)/)
    expect(limiter.take('fn-new', 31_001)).toBeNull()
  })

  it('counts nothing for a refused invocation', () => {
    const limiter = new InvocationLimiter({windowMs: 1_000, perFunction: 1, perProject: 10})
    expect(limiter.take('a', 0)).toBeNull()
    for (let i = 0; i < 20; i++) expect(limiter.take('a', 10 + i)).not.toBeNull()
    // The refusals took no room in the project's count.
    for (let i = 0; i < 9; i++) expect(limiter.take(`b-${i}`, 100)).toBeNull()
  })
})

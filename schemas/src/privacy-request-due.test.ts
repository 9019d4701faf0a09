import {describe, expect, it} from 'vitest'

import {privacyRequestDaysLeft, privacyRequestDue} from './privacy-request-due.ts'

describe('a privacy request’s due date', () => {
  it('is 30 days after the Cape Town day it was confirmed', () => {
    expect(privacyRequestDue('2026-11-28T09:00:00Z')).toBe('2026-12-28')
    // 23:30 UTC is already the next day in Cape Town.
    expect(privacyRequestDue('2026-11-27T23:30:00Z')).toBe('2026-12-28')
  })

  it('counts the days left, and below zero once overdue', () => {
    const confirmed = '2026-11-28T09:00:00Z'
    expect(privacyRequestDaysLeft(confirmed, new Date('2026-11-28T12:00:00Z'))).toBe(30)
    expect(privacyRequestDaysLeft(confirmed, new Date('2026-12-28T12:00:00Z'))).toBe(0)
    expect(privacyRequestDaysLeft(confirmed, new Date('2026-12-30T12:00:00Z'))).toBe(-2)
  })
})

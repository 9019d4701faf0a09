import {describe, expect, it} from 'vitest'

import {ratingSummary} from './review-ratings.ts'
import {defaultReviewName, reviewRequestDays, reviewRequestDue, tripHasPassed} from './reviews.ts'

describe('review rules', () => {
  it('shows the first name and the last name’s initial by default, never the full name', () => {
    expect(defaultReviewName('Thandi van der Merwe')).toBe('Thandi M.')
    expect(defaultReviewName('  Ólafur   Arnalds ')).toBe('Ólafur A.')
    expect(defaultReviewName('Cher')).toBe('Cher')
    expect(defaultReviewName('')).toBe('')
    expect(defaultReviewName(null)).toBe('')
  })

  it('asks from 08:00 Cape Town time on the set day after the trip, for thirty days', () => {
    // 24 November trip, one day after: from 25 November 08:00 SAST (06:00 UTC).
    expect(reviewRequestDue('2026-11-24', 1, new Date('2026-11-25T05:59:00Z'))).toBe(false)
    expect(reviewRequestDue('2026-11-24', 1, new Date('2026-11-25T06:00:00Z'))).toBe(true)
    expect(reviewRequestDue('2026-11-24', 1, new Date('2026-11-26T01:00:00Z'))).toBe(true)
    expect(reviewRequestDue('2026-11-24', 3, new Date('2026-11-26T12:00:00Z'))).toBe(false)
    expect(reviewRequestDue('2026-11-24', 1, new Date('2026-12-25T12:00:00Z'))).toBe(false)
    expect(reviewRequestDue('not a date', 1, new Date('2026-11-25T12:00:00Z'))).toBe(false)
  })

  it('uses the default delay for a value an editor could not have saved', () => {
    expect(reviewRequestDays(3)).toBe(3)
    expect(reviewRequestDays(0)).toBe(1)
    expect(reviewRequestDays(1.5)).toBe(1)
    expect(reviewRequestDays(null)).toBe(1)
  })

  it('lets a trip be reviewed only from the day after it, in Cape Town', () => {
    // 23:30 UTC on the 24th is already the 25th in Cape Town.
    expect(tripHasPassed('2026-11-24', new Date('2026-11-24T21:59:00Z'))).toBe(false)
    expect(tripHasPassed('2026-11-24', new Date('2026-11-24T22:00:00Z'))).toBe(true)
    expect(tripHasPassed(null, new Date())).toBe(false)
  })

  it('averages whole ratings to one decimal', () => {
    expect(ratingSummary([5, 4, 4])).toEqual({average: 4.3, count: 3})
    expect(ratingSummary([])).toBeNull()
  })
})

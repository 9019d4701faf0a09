import {describe, expect, it} from 'vitest'

import {retentionCutoffs} from './retention-due.ts'
import {DEFAULT_RETENTION_PERIODS} from './retention-periods.ts'

describe('retentionCutoffs', () => {
  it('counts trips in whole calendar months on Cape Town’s calendar, and decisions and leads from the instant', () => {
    // 23:30 UTC on 30 November is already 1 December in Cape Town.
    expect(retentionCutoffs(DEFAULT_RETENTION_PERIODS, new Date('2026-11-30T23:30:00Z'))).toEqual({
      tripBefore: '2025-12-01',
      closedBefore: '2026-08-30T23:30:00.000Z',
      leadBefore: '2026-10-31T23:30:00.000Z',
    })
  })

  it('keeps the end of a month at the end of a shorter one', () => {
    const cutoffs = retentionCutoffs(
      {requestMonthsAfterTrip: 1, closedRequestMonthsAfterDecision: 1, unconfirmedLeadDays: 1},
      new Date('2026-03-31T10:00:00+02:00'),
    )
    expect(cutoffs.tripBefore).toBe('2026-02-28')
    expect(cutoffs.closedBefore).toBe('2026-02-28T08:00:00.000Z')
  })
})

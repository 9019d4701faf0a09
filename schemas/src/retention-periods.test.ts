import {describe, expect, it} from 'vitest'
import {DEFAULT_RETENTION_PERIODS, retentionPeriodsOf} from './retention-periods.ts'

describe('retentionPeriodsOf', () => {
  it('gives the defaults until a manager saves periods', () => {
    expect(retentionPeriodsOf(null)).toEqual(DEFAULT_RETENTION_PERIODS)
  })

  it('keeps saved periods and fills the ones saved before they existed', () => {
    expect(retentionPeriodsOf({requestMonthsAfterTrip: 24})).toEqual({
      ...DEFAULT_RETENTION_PERIODS,
      requestMonthsAfterTrip: 24,
    })
  })

  it('refuses a saved period outside its bounds rather than keep data for ever', () => {
    expect(() => retentionPeriodsOf({unconfirmedLeadDays: 0})).toThrow()
  })
})

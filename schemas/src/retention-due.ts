import {addMonths} from 'date-fns/addMonths'
import {subDays} from 'date-fns/subDays'

import {todayInCapeTown} from './iso-date.ts'
import type {RetentionPeriods} from './retention-periods.ts'

/**
 * When a request's personal details are due to go, from the periods in force: what the retention job asks the
 * lake for, and what the privacy screen tells managers. A request is due once its trip date is before `tripBefore`
 * (a Cape Town calendar date), once it was declined or withdrawn before `closedBefore`, or, as an itinerary request
 * nobody followed up, once it arrived before `leadBefore`.
 */
export type RetentionCutoffs = {tripBefore: string; closedBefore: string; leadBefore: string}

export function retentionCutoffs(periods: RetentionPeriods, asOf: Date): RetentionCutoffs {
  const today = todayInCapeTown(asOf)
  // Whole months back on the calendar: 12 months after 2025-10-31 is 2026-10-31, not 365 days.
  const monthsBack = (months: number) =>
    todayInCapeTown(addMonths(new Date(`${today}T12:00:00+02:00`), -months))
  return {
    tripBefore: monthsBack(periods.requestMonthsAfterTrip),
    closedBefore: addMonths(asOf, -periods.closedRequestMonthsAfterDecision).toISOString(),
    leadBefore: subDays(asOf, periods.unconfirmedLeadDays).toISOString(),
  }
}

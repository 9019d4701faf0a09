import {addDays, todayInCapeTown} from './iso-date.ts'

/** Days a manager has to carry out a confirmed request, as the traveller is told when they confirm it. */
export const PRIVACY_REQUEST_DAYS = 30

/** The Cape Town day by which a request confirmed at `confirmedAt` must be carried out. */
export const privacyRequestDue = (confirmedAt: string): string =>
  addDays(todayInCapeTown(new Date(confirmedAt)), PRIVACY_REQUEST_DAYS)

/** Days left until it is due on Cape Town's calendar: 0 on the day itself, below 0 once overdue. */
export const privacyRequestDaysLeft = (confirmedAt: string, now: Date): number => {
  const due = Date.parse(`${privacyRequestDue(confirmedAt)}T00:00:00Z`)
  const today = Date.parse(`${todayInCapeTown(now)}T00:00:00Z`)
  return Math.round((due - today) / 86_400_000)
}

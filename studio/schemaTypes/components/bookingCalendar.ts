import {type BookingRules} from '@repo/schemas/capacity.ts'
import {earliestBookableDate} from '@repo/schemas/experience-settings.ts'
import {formatDateInWords, formatMonthAndYear, formatWeekday} from '@repo/schemas/format-date.ts'
import {addDays, isIsoDate} from '@repo/schemas/iso-date.ts'

/**
 * The booking settings' calendar: what each of the next 90 Cape Town days is for a traveller by the rules an editor
 * sets (lead time and blackout dates, `earliestBookableDate` as the booking dialog and the functions use it), and
 * what clicking a day does to the blackout dates. Pure, so it is tested without a studio. Places taken are not
 * here: they come from the bookings, which only staff read, in the dashboard's Departures view
 * (docs/decisions/175-editors-reach-no-bookings.md).
 */

export const CALENDAR_DAYS = 90

export type DayState = 'past' | 'lead-time' | 'blackout' | 'open'

export type CalendarDay = {
  date: string
  state: DayState
  /** A click adds it to the blackout dates or takes it out; past and lead-time days say why they cannot. */
  toggleable: boolean
  /** The accessible name: "Friday 4 December 2026, blacked out". */
  label: string
}

/** The words each state has in the legend and in every day's name; the legend and the days agree. */
export const STATE_WORDS: Record<DayState, string> = {
  'open': 'open for requests',
  'lead-time': 'blocked by lead time',
  'blackout': 'blacked out',
  'past': 'past',
}

export type CalendarInput = {
  rules: Pick<BookingRules, 'leadTimeDays' | 'blackoutDates'>
  /** Cape Town's date (`todayInCapeTown`). */
  today: string
  days?: number
}

function describe(day: Omit<CalendarDay, 'label'>, rules: CalendarInput['rules']): string {
  const words = [formatDateInWords(day.date), STATE_WORDS[day.state]]
  if (day.state === 'lead-time')
    words[1] += ` (bookings need ${rules.leadTimeDays} ${rules.leadTimeDays === 1 ? 'day' : 'days'}’ notice)`
  return words.join(', ')
}

/**
 * The days from the first of this month to the last of the `days` from today: those before today are past (a
 * month's grid starts on its first), the others as the editor's rules make them. A blackout date stays a blackout
 * date inside the lead time too, so the editor can take it out.
 */
export function calendarDays({rules, today, days = CALENDAR_DAYS}: CalendarInput): CalendarDay[] {
  const first = `${today.slice(0, 8)}01`
  const last = addDays(today, days - 1)
  const earliest = earliestBookableDate(rules, today)
  const blackouts = new Set(rules.blackoutDates)
  const result: CalendarDay[] = []
  for (let date = first; date <= last; date = addDays(date, 1)) {
    const state: DayState =
      date < today
        ? 'past'
        : blackouts.has(date)
          ? 'blackout'
          : date < earliest
            ? 'lead-time'
            : 'open'
    const partial = {date, state, toggleable: state !== 'past' && state !== 'lead-time'}
    result.push({...partial, label: describe(partial, rules)})
  }
  return result
}

export type CalendarMonth = {
  /** `yyyy-MM`. */
  key: string
  /** "December 2026". */
  title: string
  /** Monday-first weeks; `null` pads the days of other months. */
  weeks: (CalendarDay | null)[][]
}

/** Monday 0 … Sunday 6, from the calendar date itself: the same in every time zone. */
export const weekdayIndex = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7

/** The days as month grids, Monday first (as calendars in South Africa are printed). */
export function calendarMonths(days: readonly CalendarDay[]): CalendarMonth[] {
  const months: CalendarMonth[] = []
  for (const day of days) {
    const key = day.date.slice(0, 7)
    let month = months.at(-1)
    if (!month || month.key !== key) {
      month = {key, title: formatMonthAndYear(day.date), weeks: []}
      months.push(month)
    }
    let week = month.weeks.at(-1)
    if (!week || weekdayIndex(day.date) === 0) {
      week = Array.from({length: weekdayIndex(day.date)}, () => null)
      month.weeks.push(week)
    }
    week.push(day)
  }
  for (const month of months) {
    const week = month.weeks.at(-1)!
    while (week.length < 7) week.push(null)
  }
  return months
}

/** The same day of another month, or that month's last day when it is shorter (PageUp/PageDown in a date grid). */
export function sameDayInMonth(date: string, months: number): string {
  const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number]
  const first = new Date(Date.UTC(year, month - 1 + months, 1))
  const length = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  first.setUTCDate(Math.min(dayOfMonth, length))
  return first.toISOString().slice(0, 10)
}

/**
 * The day a key moves to from `date` in the calendar, as in the WAI-ARIA date picker grid: arrows by a day or a
 * week, Home and End to the week's Monday and Sunday, PageUp and PageDown by a month. `null` for other keys.
 */
export function dayAfterKey(date: string, key: string): string | null {
  const weekday = weekdayIndex(date)
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1)
    case 'ArrowRight':
      return addDays(date, 1)
    case 'ArrowUp':
      return addDays(date, -7)
    case 'ArrowDown':
      return addDays(date, 7)
    case 'Home':
      return addDays(date, -weekday)
    case 'End':
      return addDays(date, 6 - weekday)
    case 'PageUp':
      return sameDayInMonth(date, -1)
    case 'PageDown':
      return sameDayInMonth(date, 1)
    default:
      return null
  }
}

/** The column headings, Monday to Sunday: short and full names. 2024-01-01 was a Monday. */
export const WEEKDAYS = Array.from({length: 7}, (_, i) => formatWeekday(addDays('2024-01-01', i)))

// ---------------------------------------------------------------------------------------------------------------
// Toggling a blackout date.

/** Sanity patches, as plain data: the component turns them into `set`, `insert` and `unset` from `sanity`. */
export type BlackoutPatch =
  | {type: 'set'; value: string[]}
  | {type: 'insert'; value: string; position: 'before' | 'after'; index: number}
  | {type: 'unset'; index: number}

type StoredDates = readonly (string | null | undefined)[] | null | undefined

/**
 * What a click on `date` does to the blackout dates: adds it, or takes it out. Dates kept in order without
 * duplicates are changed in place (one insert at its place, or one unset), so an editor's half-typed row and
 * another editor's change elsewhere in the list survive; a list out of order or with duplicates is written again
 * sorted and without them (its invalid rows, which could not be published anyway, are dropped).
 */
export function toggleBlackout(
  dates: StoredDates,
  date: string,
): {next: (string | null | undefined)[]; patches: BlackoutPatch[]} {
  if (!isIsoDate(date)) throw new RangeError(`Not a calendar date (yyyy-MM-dd): ${date}`)
  const list = [...(dates ?? [])]
  const valid = list.filter((d): d is string => typeof d === 'string' && isIsoDate(d))
  const tidy = valid.every((d, i) => i === 0 || valid[i - 1]! < d)
  if (list.length === 0 || !tidy) {
    const set = new Set(valid)
    if (set.has(date)) set.delete(date)
    else set.add(date)
    const value = [...set].sort()
    return {next: value, patches: [{type: 'set', value}]}
  }
  const at = list.indexOf(date)
  if (at >= 0) return {next: list.toSpliced(at, 1), patches: [{type: 'unset', index: at}]}
  const before = list.findIndex((d) => typeof d === 'string' && isIsoDate(d) && d > date)
  if (before < 0)
    return {
      next: [...list, date],
      patches: [{type: 'insert', value: date, position: 'after', index: -1}],
    }
  return {
    next: list.toSpliced(before, 0, date),
    patches: [{type: 'insert', value: date, position: 'before', index: before}],
  }
}

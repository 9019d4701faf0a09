/**
 * Working hours (docs/decisions/014-nothing-waits-unseen.md): a `new` request counts as waiting too long once it has
 * waited the editors' response target in working hours, Cape Town time. Used by the staff list (its flag and its
 * order) and by the team's daily digest. Editors set both in site settings; missing or broken values fall back to the
 * defaults below, so a half-filled form never stops the dashboard.
 */

export type WorkingHours = {
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  days: number[]
  /** `HH:mm`, Cape Town time; `start` is before `end`. */
  start: string
  end: string
}

export type ResponseSettings = {workingHours: WorkingHours; responseTargetHours: number}

export const DEFAULT_WORKING_HOURS: Readonly<WorkingHours> = Object.freeze({
  days: [1, 2, 3, 4, 5],
  start: '08:00',
  end: '17:00',
})

export const DEFAULT_RESPONSE_TARGET_HOURS = 4
/** A target longer than a working month is a typing slip, not a promise to travellers. */
export const RESPONSE_TARGET_MAX_HOURS = 200

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
/**
 * Cape Town (Africa/Johannesburg, SAST) is UTC+2 all year: it has had no daylight saving since 1944. A fixed
 * offset makes the arithmetic exact and independent of the server's own time zone (see the test with TZ set).
 */
const CAPE_TOWN_OFFSET_MS = 2 * HOUR_MS

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/

/** Minutes after midnight of an `HH:mm` time, or null when it is not one. */
function minutesOf(value: unknown): number | null {
  const match = typeof value === 'string' ? TIME.exec(value) : null
  return match ? Number(match[1]) * 60 + Number(match[2]) : null
}

function resolveDays(value: unknown): number[] {
  if (!Array.isArray(value)) return [...DEFAULT_WORKING_HOURS.days]
  const days = value.filter((day): day is number => Number.isInteger(day) && day >= 1 && day <= 7)
  return days.length > 0
    ? [...new Set(days)].sort((a, b) => a - b)
    : [...DEFAULT_WORKING_HOURS.days]
}

/**
 * The settings as stored (`responseTargetHours`, `workingHours {days, start, end}`), with the defaults applied
 * wherever a value is missing or broken: days outside 1–7 are dropped (none left: the default days), a start or
 * end that is not `HH:mm`, or a start not before its end, gives the default hours, and a target that is not a
 * positive number of hours (at most RESPONSE_TARGET_MAX_HOURS) the default target.
 */
export function resolveResponseSettings(stored: unknown): ResponseSettings {
  const settings = (typeof stored === 'object' && stored !== null ? stored : {}) as {
    workingHours?: unknown
    responseTargetHours?: unknown
  }
  const hours = (
    typeof settings.workingHours === 'object' && settings.workingHours !== null
      ? settings.workingHours
      : {}
  ) as {days?: unknown; start?: unknown; end?: unknown}
  const start = minutesOf(hours.start)
  const end = minutesOf(hours.end)
  const validTimes = start !== null && end !== null && start < end
  const target = settings.responseTargetHours
  return {
    workingHours: {
      days: resolveDays(hours.days),
      start: validTimes ? (hours.start as string) : DEFAULT_WORKING_HOURS.start,
      end: validTimes ? (hours.end as string) : DEFAULT_WORKING_HOURS.end,
    },
    responseTargetHours:
      typeof target === 'number' &&
      Number.isFinite(target) &&
      target > 0 &&
      target <= RESPONSE_TARGET_MAX_HOURS
        ? target
        : DEFAULT_RESPONSE_TARGET_HOURS,
  }
}

/** Cape Town calendar days counted from 1970-01-01 (a Thursday). */
const capeTownDay = (ms: number) => Math.floor((ms + CAPE_TOWN_OFFSET_MS) / DAY_MS)
const isoWeekday = (day: number) => ((((day + 3) % 7) + 7) % 7) + 1

/** The working span of a Cape Town day as UTC instants, or null on a day off. */
function workingSpan(day: number, hours: WorkingHours): [number, number] | null {
  if (!hours.days.includes(isoWeekday(day))) return null
  const midnight = day * DAY_MS - CAPE_TOWN_OFFSET_MS
  return [
    midnight + (minutesOf(hours.start) ?? 0) * 60_000,
    midnight + (minutesOf(hours.end) ?? 0) * 60_000,
  ]
}

function workingMsBetween(from: number, to: number, hours: WorkingHours): number {
  let total = 0
  for (let day = capeTownDay(from); day <= capeTownDay(to); day++) {
    const span = workingSpan(day, hours)
    if (span) total += Math.max(0, Math.min(span[1], to) - Math.max(span[0], from))
  }
  return total
}

/** Working hours (fractional) from one instant to a later one; 0 when `to` is not after `from`. */
export function workingHoursBetween(from: Date, to: Date, hours: WorkingHours): number {
  return workingMsBetween(from.getTime(), to.getTime(), hours) / HOUR_MS
}

/**
 * The latest creation instant that has, by `now`, waited `targetHours` working hours: a request created at or
 * before it waits too long (`created_at <= $cutoff` in GROQ, which compares ISO instants as strings). Counted
 * back from `now` through the working spans, so a request made at night or at a weekend starts waiting when
 * work starts.
 */
export function waitingCutoff(now: Date, targetHours: number, hours: WorkingHours): Date {
  let remaining = Math.round(targetHours * HOUR_MS)
  const nowMs = now.getTime()
  if (remaining <= 0) return new Date(nowMs)
  // Hours with no working time (only when the caller skipped resolveResponseSettings) would never reach it.
  const start = minutesOf(hours.start)
  const end = minutesOf(hours.end)
  if (hours.days.length === 0 || start === null || end === null || start >= end)
    throw new RangeError(
      'Working hours without working time: resolve them with resolveResponseSettings',
    )
  for (let day = capeTownDay(nowMs); ; day--) {
    const span = workingSpan(day, hours)
    if (!span || span[0] >= nowMs) continue
    const end = Math.min(span[1], nowMs)
    if (end - span[0] >= remaining) return new Date(end - remaining)
    remaining -= end - span[0]
  }
}

/** Whether a request created at `createdAt` has waited at least `targetHours` working hours by `now`. */
export function isWaitingTooLong(
  createdAt: Date,
  now: Date,
  targetHours: number,
  hours: WorkingHours,
): boolean {
  return (
    workingMsBetween(createdAt.getTime(), now.getTime(), hours) >= Math.round(targetHours * HOUR_MS)
  )
}

/** Today's working hours in Cape Town as instants, or null when today is not a working day. */
export function workingDay(now: Date, hours: WorkingHours): {start: Date; end: Date} | null {
  const span = workingSpan(capeTownDay(now.getTime()), hours)
  return span ? {start: new Date(span[0]), end: new Date(span[1])} : null
}

/** "1 working hour", "6 working hours", "2.5 working hours": for the dashboard and the team's digest. */
export const workingHoursInWords = (hours: number) =>
  `${hours} working ${hours === 1 ? 'hour' : 'hours'}`

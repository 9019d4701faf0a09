/**
 * Booking rules per experience (`experience_settings`, with the product's defaults), written once and
 * used by the web's booking dialog, the booking functions' server-side re-check and the studio's validation.
 *
 * The stored document (`experienceSettings` in Sanity) uses the camelCase names below. When an experience has no
 * settings document, `DEFAULT_EXPERIENCE_SETTINGS` applies.
 */
import {addDays, isIsoDate} from './iso-date.ts'

export const TIME_SLOTS = ['Morning', 'Afternoon', 'Sunset', 'Full Day', 'Evening'] as const
export type TimeSlot = (typeof TIME_SLOTS)[number]

export const FULL_DAY_SLOT: TimeSlot = 'Full Day'

/** Bounds editors may set. */
export const PAX_LIMIT = 100
export const LEAD_TIME_MAX_DAYS = 365
/** Trip and booking dates may be at most this many days ahead (two years). */
export const TRIP_DATE_MAX_DAYS = 730

export type ExperienceSettings = {
  minPax: number
  maxPax: number
  /** Calendar dates (`yyyy-MM-dd`) on which the experience cannot be booked. */
  blackoutDates: string[]
  timeSlots: string[]
  leadTimeDays: number
}

/** The settings when no document exists for an experience. */
export const DEFAULT_EXPERIENCE_SETTINGS: Readonly<ExperienceSettings> = Object.freeze({
  minPax: 1,
  maxPax: 10,
  blackoutDates: [],
  timeSlots: ['Morning', 'Afternoon', 'Sunset', 'Full Day'],
  leadTimeDays: 2,
})

/** The party a booking starts with. */
export const DEFAULT_PARTY = Object.freeze({adults: 2, children: 0})

/**
 * Fills what a stored settings document leaves out with the defaults, so callers always get a complete object.
 * `null`/`undefined` (no document) gives the defaults.
 */
export function resolveExperienceSettings(
  stored?: Partial<{[K in keyof ExperienceSettings]: ExperienceSettings[K] | null}> | null,
): ExperienceSettings {
  const d = DEFAULT_EXPERIENCE_SETTINGS
  return {
    minPax: stored?.minPax ?? d.minPax,
    maxPax: stored?.maxPax ?? d.maxPax,
    blackoutDates: [...(stored?.blackoutDates ?? d.blackoutDates)],
    timeSlots: [
      ...(stored?.timeSlots && stored.timeSlots.length > 0 ? stored.timeSlots : d.timeSlots),
    ],
    leadTimeDays: stored?.leadTimeDays ?? d.leadTimeDays,
  }
}

/** The first date a traveller may pick: today plus the lead time. */
export function earliestBookableDate(
  settings: Pick<ExperienceSettings, 'leadTimeDays'>,
  today: string,
): string {
  return addDays(today, settings.leadTimeDays)
}

/**
 * A date is unavailable when it is earlier than today + lead_time_days or is a blackout date.
 * `today` is the Cape Town calendar date (see `todayInCapeTown`).
 */
export function isDateAvailable(
  date: string,
  settings: Pick<ExperienceSettings, 'leadTimeDays' | 'blackoutDates'>,
  today: string,
): boolean {
  if (!isIsoDate(date)) return false
  if (date < earliestBookableDate(settings, today)) return false
  return !settings.blackoutDates.includes(date)
}

/** Trip and booking dates run from today (Cape Town) to two years ahead; `today` as for `isDateAvailable`. */
export function isWithinTripWindow(date: string, today: string): boolean {
  return isIsoDate(date) && date >= today && date <= addDays(today, TRIP_DATE_MAX_DAYS)
}

export const UNAVAILABLE_DATE_MESSAGE = 'Unavailable on this date – please choose another.'

/** Adults + children must be at least min_pax and at most max_pax. */
export function paxWithinLimits(
  party: {adults: number; children: number},
  settings: Pick<ExperienceSettings, 'minPax' | 'maxPax'>,
): boolean {
  const {adults, children} = party
  if (!Number.isInteger(adults) || !Number.isInteger(children) || adults < 0 || children < 0)
    return false
  const total = adults + children
  return total >= settings.minPax && total <= settings.maxPax
}

/** "Total: N person/people (min: X, max: Y)". */
export function paxSummary(
  total: number,
  settings: Pick<ExperienceSettings, 'minPax' | 'maxPax'>,
): string {
  return `Total: ${total} ${total === 1 ? 'person' : 'people'} (min: ${settings.minPax}, max: ${settings.maxPax})`
}

/** The preferred-time select appears only with more than one slot and no Full Day slot. */
export function shouldShowTimeSelect(settings: Pick<ExperienceSettings, 'timeSlots'>): boolean {
  return settings.timeSlots.length > 1 && !settings.timeSlots.includes(FULL_DAY_SLOT)
}

// ---------------------------------------------------------------------------------------------------------------
// Validation of a settings document, as the studio runs it before publishing. Each check returns a plain-English
// message, or `null` when the value is fine.

export type SettingsProblem = {field: keyof ExperienceSettings; message: string}

export function minPaxProblem(minPax: number | undefined | null): string | null {
  if (minPax === undefined || minPax === null)
    return 'Set the smallest group you will run this experience for.'
  if (!Number.isInteger(minPax)) return 'Minimum group size must be a whole number of people.'
  if (minPax < 1) return 'Minimum group size must be at least 1 person.'
  if (minPax > PAX_LIMIT) return `Minimum group size cannot be more than ${PAX_LIMIT} people.`
  return null
}

export function maxPaxProblem(
  maxPax: number | undefined | null,
  minPax: number | undefined | null,
): string | null {
  if (maxPax === undefined || maxPax === null) return 'Set the largest group you can take.'
  if (!Number.isInteger(maxPax)) return 'Maximum group size must be a whole number of people.'
  if (maxPax < 1) return 'Maximum group size must be at least 1 person.'
  if (maxPax > PAX_LIMIT) return `Maximum group size cannot be more than ${PAX_LIMIT} people.`
  if (typeof minPax === 'number' && maxPax < minPax)
    return `Maximum group size (${maxPax}) cannot be smaller than the minimum (${minPax}).`
  return null
}

export function leadTimeProblem(leadTimeDays: number | undefined | null): string | null {
  if (leadTimeDays === undefined || leadTimeDays === null)
    return 'Set how many days ahead a booking must be made.'
  if (!Number.isInteger(leadTimeDays)) return 'Lead time must be a whole number of days.'
  if (leadTimeDays < 0 || leadTimeDays > LEAD_TIME_MAX_DAYS)
    return `Lead time must be between 0 and ${LEAD_TIME_MAX_DAYS} days.`
  return null
}

export function blackoutDatesProblem(
  dates: readonly (string | null | undefined)[] | undefined,
  today: string,
): string | null {
  if (!dates) return null
  const seen = new Set<string>()
  for (const date of dates) {
    if (!date || !isIsoDate(date)) return 'Every blackout date needs a valid calendar date.'
    if (seen.has(date)) return `${date} is listed more than once. Remove the duplicate.`
    seen.add(date)
    if (date < today) return `${date} is in the past. Remove past blackout dates before publishing.`
  }
  return null
}

export function timeSlotsProblem(
  slots: readonly (string | null | undefined)[] | undefined,
): string | null {
  if (!slots || slots.length === 0) return 'Choose at least one time slot.'
  const seen = new Set<string>()
  for (const slot of slots) {
    if (!slot || !(TIME_SLOTS as readonly string[]).includes(slot))
      return `Time slots must be one of: ${TIME_SLOTS.join(', ')}.`
    if (seen.has(slot)) return `${slot} is listed more than once.`
    seen.add(slot)
  }
  return null
}

/** All problems of a settings document; an empty list means it can be published. */
export function validateExperienceSettings(
  settings: Partial<{[K in keyof ExperienceSettings]: ExperienceSettings[K] | null}>,
  today: string,
): SettingsProblem[] {
  const checks: [keyof ExperienceSettings, string | null][] = [
    ['minPax', minPaxProblem(settings.minPax)],
    ['maxPax', maxPaxProblem(settings.maxPax, settings.minPax)],
    ['leadTimeDays', leadTimeProblem(settings.leadTimeDays)],
    ['blackoutDates', blackoutDatesProblem(settings.blackoutDates ?? undefined, today)],
    ['timeSlots', timeSlotsProblem(settings.timeSlots ?? undefined)],
  ]
  return checks.flatMap(([field, message]) => (message ? [{field, message}] : []))
}

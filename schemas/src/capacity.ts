/**
 * Places per departure (docs/decisions/007-places-per-departure.md), written once for the booking dialog, the booking
 * function, the staff API and the studio's validation.
 *
 * A departure is an experience on a date and, when travellers choose a time (`shouldShowTimeSelect`), in a slot.
 * Otherwise the experience runs once a day and the departure's slot is `''`. On a day with several slots, `''` is the
 * day as a whole: requests with "No preference" belong to it, and what they take comes out of every slot's room.
 *
 * Places taken are the pax of `confirmed` bookings; places requested the pax of `new` and `contacted` ones.
 */
import {
  isDateAvailable,
  isWithinTripWindow,
  resolveExperienceSettings,
  shouldShowTimeSelect,
  type ExperienceSettings,
} from './experience-settings.ts'
import {addDays, isIsoDate} from './iso-date.ts'
import {resourceNumbers, type ResourceCap, type ResourceNumbers} from './resources.ts'

/** The most places an editor may give one departure (the sunset cruise's boat takes 30). */
export const CAPACITY_LIMIT = 500

export type SlotCapacity = {slot: string; capacity: number}
/** A different capacity on one date: for one slot, or (no slot) for every departure that day. 0 closes it. */
export type CapacityOverride = {date: string; slot?: string; capacity: number}

export type CapacitySettings = {
  /** Places per departure unless a slot or a date says otherwise. */
  capacity: number
  slotCapacities: SlotCapacity[]
  capacityOverrides: CapacityOverride[]
}

export type StoredCapacitySettings = {
  capacity?: number | null
  maxPax?: number | null
  slotCapacities?: {slot?: string | null; capacity?: number | null}[] | null
  capacityOverrides?:
    {date?: string | null; slot?: string | null; capacity?: number | null}[] | null
} | null

/**
 * Settings saved before capacities existed have none: the largest group is then the capacity, which is what the
 * spec's "max group" meant, so data folders from before keep working unchanged.
 */
export function resolveCapacitySettings(
  stored: StoredCapacitySettings | undefined,
  defaultCapacity: number,
): CapacitySettings {
  const whole = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0
  return {
    capacity: whole(stored?.capacity) ? stored.capacity : (stored?.maxPax ?? defaultCapacity),
    slotCapacities: (stored?.slotCapacities ?? []).flatMap((s) =>
      s.slot && whole(s.capacity) ? [{slot: s.slot, capacity: s.capacity}] : [],
    ),
    capacityOverrides: (stored?.capacityOverrides ?? []).flatMap((o) =>
      o.date && whole(o.capacity)
        ? [{date: o.date, ...(o.slot ? {slot: o.slot} : {}), capacity: o.capacity}]
        : [],
    ),
  }
}

export type BookingRules = ExperienceSettings & CapacitySettings

/** A stored settings document (or none) as complete rules: the spec's defaults, then capacity as above. */
export function resolveBookingRules(
  stored?:
    | (Partial<{[K in keyof ExperienceSettings]: ExperienceSettings[K] | null}> &
        NonNullable<StoredCapacitySettings>)
    | null,
): BookingRules {
  const settings = resolveExperienceSettings(stored)
  return {...settings, ...resolveCapacitySettings(stored, settings.maxPax)}
}

export const FULLY_BOOKED_MESSAGE = 'Fully booked on this date – please choose another.'

export function placesLeftMessage(left: number): string {
  return `Only ${left} ${left === 1 ? 'place' : 'places'} left on this date – please choose another date or a smaller group.`
}

/** The departures an experience runs each day: one per slot when travellers choose a time, else one (`''`). */
export function departureSlots(settings: Pick<ExperienceSettings, 'timeSlots'>): string[] {
  return shouldShowTimeSelect(settings) ? [...settings.timeSlots] : ['']
}

/** The departure a booking's preferred time belongs to (`''`: the day as a whole). */
export function departureSlotOf(
  settings: Pick<ExperienceSettings, 'timeSlots'>,
  preferredTime: string | null | undefined,
): string {
  return preferredTime && departureSlots(settings).includes(preferredTime) ? preferredTime : ''
}

/** Capacity of one slot (not `''`) on a date: a date override for the slot, then for the day, then the slot's, then the default. */
export function slotCapacity(settings: CapacitySettings, date: string, slot: string): number {
  const override =
    settings.capacityOverrides.find((o) => o.date === date && o.slot === slot) ??
    settings.capacityOverrides.find((o) => o.date === date && !o.slot)
  if (override) return override.capacity
  return settings.slotCapacities.find((s) => s.slot === slot)?.capacity ?? settings.capacity
}

/**
 * The departures an experience runs on a date, as staff plan them (the Departures view with empty departures):
 * none on a blackout date; otherwise one per slot (or one for the day) with its capacity, leaving out any that a
 * date's capacity change closed (0 places). Lead time is the travellers' rule, not the guides': it does not apply.
 */
export function scheduledDepartures(
  settings: BookingRules,
  date: string,
): {slot: string; capacity: number}[] {
  if (!isIsoDate(date) || settings.blackoutDates.includes(date)) return []
  return departureSlots(settings)
    .map((slot) => ({slot, capacity: slotCapacity(settings, date, slot)}))
    .filter((departure) => departure.capacity > 0)
}

/** What the bookings dataset says about one booking, as the capacity queries project it. */
export type BookingLoad = {date: string; slot?: string | null; status: string; pax: number | null}

export type DepartureCount = {
  date: string
  slot: string
  capacity: number
  /** Pax of confirmed bookings, and the places held for the waitlist (`held`, a part of `taken`). */
  taken: number
  /** Of `taken`, the places a waitlist offer holds (and the request made from it); labelled apart (departure-life.ts). */
  held?: number
  /** Pax of new and contacted bookings. */
  requested: number
  /** Places that may still be confirmed; never below 0. */
  left: number
}

// `held`: places a waitlist offer holds (docs/decisions/095-a-waitlist-per-departure.md), taken like a confirmation.
const TAKES = new Set(['confirmed', 'held'])
const ASKS = new Set(['new', 'contacted'])

/** The statuses whose bookings count towards a departure: requests and confirmations (declined and closed do not). */
export const COUNTED_STATUSES = ['new', 'contacted', 'confirmed'] as const

/** Taken and requested pax per departure key (`date|slot`), slots normalised with `departureSlotOf`. */
export function countLoads(
  settings: Pick<ExperienceSettings, 'timeSlots'>,
  loads: readonly BookingLoad[],
): Map<string, {taken: number; requested: number; held?: number}> {
  const counts = new Map<string, {taken: number; requested: number; held?: number}>()
  for (const load of loads) {
    const pax = typeof load.pax === 'number' && load.pax > 0 ? load.pax : 0
    const key = `${load.date}|${departureSlotOf(settings, load.slot)}`
    const entry = counts.get(key) ?? {taken: 0, requested: 0}
    if (load.status === 'held') entry.held = (entry.held ?? 0) + pax
    if (TAKES.has(load.status)) entry.taken += pax
    else if (ASKS.has(load.status)) entry.requested += pax
    counts.set(key, entry)
  }
  return counts
}

/** `held` is named only when some places are held, so a count without the waitlist reads as before. */
const heldPart = (held: number): {held?: number} => (held > 0 ? {held} : {})

/**
 * Every departure of a date with its numbers. With several slots the list ends with the day as a whole (`''`):
 * its capacity is the slots' sum and its places left are what every slot has left minus what "No preference"
 * bookings took; no slot has more left than the day.
 */
export function departuresOn(
  settings: BookingRules,
  date: string,
  counts: Map<string, {taken: number; requested: number; held?: number}>,
): DepartureCount[] {
  const at = (slot: string) => counts.get(`${date}|${slot}`) ?? {taken: 0, requested: 0}
  const slots = departureSlots(settings)
  if (slots.length === 1 && slots[0] === '') {
    const capacity = slotCapacity(settings, date, '')
    const {taken, requested, held = 0} = at('')
    return [
      {
        date,
        slot: '',
        capacity,
        taken,
        requested,
        ...heldPart(held),
        left: Math.max(0, capacity - taken),
      },
    ]
  }
  const rows = slots.map((slot) => {
    const capacity = slotCapacity(settings, date, slot)
    const {taken, requested, held = 0} = at(slot)
    return {date, slot, capacity, taken, requested, held, left: Math.max(0, capacity - taken)}
  })
  const anyTime = at('')
  const dayLeft = Math.max(0, rows.reduce((sum, row) => sum + row.left, 0) - anyTime.taken)
  const day: DepartureCount = {
    date,
    slot: '',
    capacity: rows.reduce((sum, row) => sum + row.capacity, 0),
    taken: rows.reduce((sum, row) => sum + row.taken, anyTime.taken),
    requested: rows.reduce((sum, row) => sum + row.requested, anyTime.requested),
    ...heldPart(rows.reduce((sum, row) => sum + row.held, anyTime.held ?? 0)),
    left: dayLeft,
  }
  return [
    ...rows.map(({held, ...row}) => ({
      ...row,
      ...heldPart(held),
      left: Math.min(row.left, dayLeft),
    })),
    day,
  ]
}

export type DepartureCheck =
  | {ok: true; left: number}
  | {ok: false; reason: 'unavailable' | 'full' | 'too-few'; left: number; message: string}

/**
 * Whether a group of `pax` may ask for a departure: the date must be bookable (lead time, blackouts, the two-year
 * window) and the departure must have room. `today` is Cape Town's date (`todayInCapeTown`).
 */
export function checkDeparture(
  settings: BookingRules,
  departure: {date: string; slot: string},
  pax: number,
  counts: Map<string, {taken: number; requested: number}>,
  today: string,
  unavailableMessage: string,
): DepartureCheck {
  if (
    !isDateAvailable(departure.date, settings, today) ||
    !isWithinTripWindow(departure.date, today)
  )
    return {ok: false, reason: 'unavailable', left: 0, message: unavailableMessage}
  const slot = departureSlotOf(settings, departure.slot)
  const left =
    departuresOn(settings, departure.date, counts).find((d) => d.slot === slot)?.left ?? 0
  if (left <= 0) return {ok: false, reason: 'full', left: 0, message: FULLY_BOOKED_MESSAGE}
  if (left < pax) return {ok: false, reason: 'too-few', left, message: placesLeftMessage(left)}
  return {ok: true, left}
}

/** A departure's numbers as staff see them before confirming one booking on it (dashboard and studio alike). */
export type ConfirmationNumbers = {
  date: string
  slot: string
  capacity: number
  /** Confirmed places and places held for the waitlist. */
  taken: number
  /** Of `taken`, the places a waitlist offer holds; absent when none (departure-life.ts: every part labelled). */
  held?: number
  /** Places other requests ask for (the booking itself is still a request, so it is left out). */
  requested: number
  left: number
  /** The booking's own group. */
  pax: number
  /**
   * The boat or vehicle the experience shares with others, when it has one: its seats and what every experience
   * using it took at this time. `left` above is then the smaller of the departure's and the resource's.
   */
  resource?: ResourceNumbers
}

/**
 * What confirming a booking would do to its departure, from the departure's bookings (`loads`, the booking itself
 * among them as a request): the numbers, and whether it goes beyond the places left. The staff API and the
 * studio's Confirm action decide with this, so both refuse the same confirmations.
 */
export function confirmationCheck(
  settings: BookingRules,
  booking: {date: string; preferredTime?: string | null; pax: number | null | undefined},
  loads: readonly BookingLoad[],
  resource?: {
    cap: Pick<ResourceCap, 'id' | 'name' | 'seats'>
    loads: readonly BookingLoad[]
  } | null,
): {numbers: ConfirmationNumbers; over: boolean} {
  const slot = departureSlotOf(settings, booking.preferredTime)
  const row = departuresOn(settings, booking.date, countLoads(settings, loads)).find(
    (d) => d.slot === slot,
  )!
  const pax = typeof booking.pax === 'number' && booking.pax > 0 ? booking.pax : 0
  const shared = resource ? resourceNumbers(resource.cap, resource.loads, slot) : null
  const left = shared ? Math.min(row.left, shared.left) : row.left
  const numbers: ConfirmationNumbers = {
    date: booking.date,
    slot,
    capacity: row.capacity,
    taken: row.taken,
    ...(row.held ? {held: row.held} : {}),
    requested: Math.max(0, row.requested - pax),
    left,
    pax,
    ...(shared ? {resource: shared} : {}),
  }
  return {numbers, over: pax > left}
}

/** The status history's note on a confirmation beyond the places ("Confirm anyway"). */
export function confirmAnywayNote(numbers: ConfirmationNumbers): string {
  return `Confirmed anyway: ${numbers.taken + numbers.pax} of ${numbers.capacity} places (${numbers.pax} for this booking, ${numbers.left} were left)`
}

/**
 * The id of one experience's departure lock document on a date (the `departure` type): every confirmation on that
 * date changes it with `ifRevisionID` in the same transaction. An id any dataset accepts (no dots, so no path).
 */
export function departureLockId(experience: string, date: string): string {
  return `departure-${experience.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 100)}-${date}`
}

/** How far either side of a date alternatives are looked for (and so the range a caller loads bookings for). */
export const ALTERNATIVES_WINDOW_DAYS = 45
export const ALTERNATIVES_COUNT = 3

/** The dates whose bookings decide a departure and its alternatives. */
export function alternativesWindow(date: string): {from: string; to: string} {
  return {
    from: addDays(date, -ALTERNATIVES_WINDOW_DAYS),
    to: addDays(date, ALTERNATIVES_WINDOW_DAYS),
  }
}

/**
 * What anyone may know about a departure's bookings: the places confirmed ones take, nothing else (no names, no
 * requested places). The availability endpoint sends these; the dialog rebuilds the counts from them.
 */
export type PublicDepartureLoad = {date: string; slot: string; taken: number}

export function publicLoads(
  counts: Map<string, {taken: number; requested: number}>,
): PublicDepartureLoad[] {
  return [...counts]
    .filter(([, c]) => c.taken > 0)
    .map(([key, c]) => {
      const [date = '', slot = ''] = key.split('|')
      return {date, slot, taken: c.taken}
    })
    .sort((a, b) => (a.date === b.date ? a.slot.localeCompare(b.slot) : a.date < b.date ? -1 : 1))
}

export function countsFromPublicLoads(
  loads: readonly PublicDepartureLoad[],
): Map<string, {taken: number; requested: number}> {
  return new Map(loads.map((l) => [`${l.date}|${l.slot}`, {taken: l.taken, requested: 0}]))
}

export type Alternative = {date: string; slot: string; left: number}

/**
 * The nearest departures with room for the group, nearest date first (the earlier of two equally near ones), and
 * on one date the slots in the editor's order. With several slots, a "No preference" request gets dates, not slots.
 */
export function nearestAlternatives(
  settings: BookingRules,
  wanted: {date: string; slot: string},
  pax: number,
  counts: Map<string, {taken: number; requested: number}>,
  today: string,
  count = ALTERNATIVES_COUNT,
): Alternative[] {
  if (!isIsoDate(wanted.date)) return []
  const wantedSlot = departureSlotOf(settings, wanted.slot)
  const slots = wantedSlot === '' ? [''] : departureSlots(settings)
  const found: Alternative[] = []
  for (let distance = 0; distance <= ALTERNATIVES_WINDOW_DAYS; distance++) {
    const dates =
      distance === 0
        ? [wanted.date]
        : [addDays(wanted.date, -distance), addDays(wanted.date, distance)]
    for (const date of dates) {
      for (const slot of slots) {
        if (date === wanted.date && slot === wantedSlot) continue
        const check = checkDeparture(settings, {date, slot}, pax, counts, today, '')
        if (check.ok) found.push({date, slot, left: check.left})
        if (found.length === count) return found
      }
    }
  }
  return found
}

// ---------------------------------------------------------------------------------------------------------------
// Validation, as the studio runs it before publishing. Each check returns a plain-English message or `null`.

export function capacityProblem(capacity: number | undefined | null): string | null {
  if (capacity === undefined || capacity === null) return 'Set how many places each departure has.'
  if (!Number.isInteger(capacity)) return 'Capacity must be a whole number of places.'
  if (capacity < 1 || capacity > CAPACITY_LIMIT)
    return `Capacity must be between 1 and ${CAPACITY_LIMIT} places.`
  return null
}

const overrideCapacityProblem = (capacity: number | undefined | null) =>
  typeof capacity !== 'number' ||
  !Number.isInteger(capacity) ||
  capacity < 0 ||
  capacity > CAPACITY_LIMIT
    ? `Each capacity must be a whole number from 0 to ${CAPACITY_LIMIT}.`
    : null

export function slotCapacitiesProblem(
  entries: readonly {slot?: string | null; capacity?: number | null}[] | undefined | null,
  timeSlots: readonly string[] | undefined | null,
): string | null {
  const seen = new Set<string>()
  for (const entry of entries ?? []) {
    if (!entry.slot || !(timeSlots ?? []).includes(entry.slot))
      return 'Each slot capacity must be for one of this experience’s time slots.'
    if (seen.has(entry.slot)) return `${entry.slot} has more than one capacity.`
    seen.add(entry.slot)
    const problem = overrideCapacityProblem(entry.capacity)
    if (problem) return problem
  }
  return null
}

export function capacityOverridesProblem(
  entries:
    | readonly {date?: string | null; slot?: string | null; capacity?: number | null}[]
    | undefined
    | null,
  timeSlots: readonly string[] | undefined | null,
): string | null {
  const seen = new Set<string>()
  for (const entry of entries ?? []) {
    if (!entry.date || !isIsoDate(entry.date)) return 'Every capacity change needs a valid date.'
    if (entry.slot && !(timeSlots ?? []).includes(entry.slot))
      return 'A capacity change’s slot must be one of this experience’s time slots.'
    const key = `${entry.date}|${entry.slot ?? ''}`
    if (seen.has(key))
      return `${entry.date}${entry.slot ? ` (${entry.slot})` : ''} has more than one capacity change.`
    seen.add(key)
    const problem = overrideCapacityProblem(entry.capacity)
    if (problem) return problem
  }
  return null
}

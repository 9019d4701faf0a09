/**
 * Whether a trip (a date, a group, a preferred time) may be asked for, written once for the booking function's check
 * on submit, the booking page's check of its link and the choice form's check as a traveller chooses. Each says the
 * problems in its own words; which problems there are, and in what order, is decided here.
 */
import {
  checkDeparture,
  departureSlotOf,
  type BookingRules,
  type DepartureCheck,
} from './capacity.ts'
import {
  isDateAvailable,
  isWithinTripWindow,
  paxWithinLimits,
  UNAVAILABLE_DATE_MESSAGE,
} from './experience-settings.ts'
import {isIsoDate} from './iso-date.ts'

export const DATE_TOO_FAR_MESSAGE = 'Please choose a date within two years from today.'
export const PAST_DATE_MESSAGE = 'That date has passed. Please choose a date from today on.'

export type Trip = {
  date: string
  adults: number
  children: number
  /** The preferred time; empty or missing is "No preference". */
  time?: string | null | undefined
}

/** Taken and requested places per departure key (`date|slot`), as `countLoads` builds them. */
export type DepartureCounts = Map<string, {taken: number; requested: number}>

export type TripProblem =
  /** Before today in Cape Town: nothing to offer or wait for on it. */
  | {field: 'date'; reason: 'past'; message: string}
  /** Before the lead time, a blackout date, or not a calendar date. */
  | {field: 'date'; reason: 'unavailable'; message: string}
  /** More than two years ahead. */
  | {field: 'date'; reason: 'too-far'; message: string}
  /** The departure is full, or has fewer places left than the group. */
  | {field: 'date'; reason: 'full' | 'too-few'; left: number; message: string}
  /** The group is outside the experience's smallest and largest. */
  | {field: 'party'; reason: 'party'; message: string}
  /** A time the experience does not offer. */
  | {field: 'time'; reason: 'time'; message: string}

export type TripCheck = {
  /** In the order a traveller should put them right; empty when the trip may be asked for. */
  problems: TripProblem[]
  /** The departure the trip belongs to (slot `''`: the day as a whole). */
  departure: {date: string; slot: string}
  pax: number
  /** Places left on the departure, once they are known (counts given) and the date and group are fine. */
  places: DepartureCheck | null
}

export const partyLimitsMessage = (rules: Pick<BookingRules, 'minPax' | 'maxPax'>) =>
  `Please choose between ${rules.minPax} and ${rules.maxPax} people in total.`
export const UNLISTED_TIME_MESSAGE = 'Please choose one of the listed times.'

/**
 * Checks a trip against an experience's booking rules and, when `counts` are given, the places its departure has
 * left. Without counts (still loading, or unlimited) the places are not judged: the booking function loads them and
 * checks again on submit. `today` is Cape Town's date (`todayInCapeTown`), injected so tests can fix it.
 */
export function checkTrip(
  rules: BookingRules,
  trip: Trip,
  today: string,
  counts: DepartureCounts | null,
): TripCheck {
  const problems: TripProblem[] = []
  const dateOpen = isDateAvailable(trip.date, rules, today)
  const dateNear = isWithinTripWindow(trip.date, today)
  if (isIsoDate(trip.date) && trip.date < today)
    problems.push({field: 'date', reason: 'past', message: PAST_DATE_MESSAGE})
  else if (!dateOpen)
    problems.push({field: 'date', reason: 'unavailable', message: UNAVAILABLE_DATE_MESSAGE})
  else if (!dateNear)
    problems.push({field: 'date', reason: 'too-far', message: DATE_TOO_FAR_MESSAGE})
  const partyOk = paxWithinLimits(trip, rules)
  if (!partyOk) problems.push({field: 'party', reason: 'party', message: partyLimitsMessage(rules)})
  if (trip.time && !rules.timeSlots.includes(trip.time))
    problems.push({field: 'time', reason: 'time', message: UNLISTED_TIME_MESSAGE})

  const departure = {date: trip.date, slot: departureSlotOf(rules, trip.time)}
  const pax = trip.adults + trip.children
  // A group outside the limits is told so first; places matter once the date and the group are possible.
  const places =
    dateOpen && dateNear && partyOk && counts
      ? checkDeparture(rules, departure, pax, counts, today, UNAVAILABLE_DATE_MESSAGE)
      : null
  if (places && !places.ok && places.reason !== 'unavailable')
    problems.push({
      field: 'date',
      reason: places.reason,
      left: places.left,
      message: places.message,
    })
  return {problems, departure, pax, places}
}

import type {SanityClient} from '@sanity/client'
import {
  AvailabilityStatus,
  type Availability,
  type AvailabilityCalendar,
  type PricingUnit,
} from '@octocloud/types'

import {departuresOn, type BookingRules} from '@repo/schemas/capacity.ts'
import {withCancelledDates} from '@repo/schemas/departure-cancellation.ts'
import {isDateAvailable, isWithinTripWindow} from '@repo/schemas/experience-settings.ts'
import {addDays, capeTownDayStart, daysBetween} from '@repo/schemas/iso-date.ts'

import {loadCancelledDates, loadDepartureCounts} from '../lib/departure-loads.ts'
import {
  ADULT_UNIT,
  CHILD_UNIT,
  departuresOf,
  unitPrice,
  type Capabilities,
  type CatalogueEntry,
  type OctoDeparture,
} from './catalogue.ts'

/**
 * Availability for resellers from the same counts the site's `/api/availability` and the booking function use
 * (functions/lib/departure-loads.ts: confirmed bookings, waitlist offers and reseller holds all take places), with
 * the departures staff cancelled closed as they are for travellers (`withCancelledDates`).
 */

/** A calendar or check may span at most this many days: a little over a year. */
export const MAX_AVAILABILITY_DAYS = 400

/** Under this share of a departure's places left, it is LIMITED. */
const LIMITED_SHARE = 0.5

export type DepartureAvailability = {
  date: string
  departure: OctoDeparture
  capacity: number
  left: number
  open: boolean
}

export type Counted = {rules: BookingRules; days: Map<string, DepartureAvailability[]>}

/** Every departure of `entry` from `from` to `to` with its places left, from one read of the bookings. */
export async function countDepartures(
  bookings: SanityClient,
  entry: CatalogueEntry,
  range: {from: string; to: string},
  today: string,
): Promise<Counted> {
  const window = {experience: entry.slug, ...range}
  const cancelled = await loadCancelledDates(bookings, window)
  const rules = withCancelledDates(entry.rules, cancelled)
  const counts = await loadDepartureCounts(bookings, rules, window)
  const days = new Map<string, DepartureAvailability[]>()
  const length = daysBetween(range.from, range.to)
  for (let i = 0; i <= length; i++) {
    const date = addDays(range.from, i)
    const rows = departuresOn(rules, date, counts)
    const open = isDateAvailable(date, rules, today) && isWithinTripWindow(date, today)
    days.set(
      date,
      departuresOf(entry, date).map((departure) => {
        const row = rows.find((r) => r.slot === departure.slot) ?? rows[rows.length - 1]!
        return {
          date,
          departure,
          capacity: row.capacity,
          left: row.left,
          open: open && row.capacity > 0,
        }
      }),
    )
  }
  return {rules, days}
}

export function statusOf(numbers: {
  capacity: number
  left: number
  open: boolean
}): AvailabilityStatus {
  if (!numbers.open) return AvailabilityStatus.CLOSED
  if (numbers.left <= 0) return AvailabilityStatus.SOLD_OUT
  if (numbers.left < numbers.capacity * LIMITED_SHARE) return AvailabilityStatus.LIMITED
  return AvailabilityStatus.AVAILABLE
}

const sellable = (status: AvailabilityStatus) =>
  status === AvailabilityStatus.AVAILABLE || status === AvailabilityStatus.LIMITED

/** An instant as OCTO writes it: UTC to the second, `2030-02-01T22:00:00Z`. */
export const utcSeconds = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z')

/** The last moment a reseller may book a departure: the end of the last day the lead time allows, or its start. */
export function cutoffOf(rules: BookingRules, date: string, start: string): string {
  const lastDay = addDays(date, 1 - rules.leadTimeDays)
  const endOfLastDay = capeTownDayStart(lastDay).getTime()
  return utcSeconds(new Date(Math.min(endOfLastDay, Date.parse(start))).toISOString())
}

function unitPricing(entry: CatalogueEntry, units: {id: string; quantity: number}[]) {
  const price = unitPrice(entry)
  if (!price) return {}
  const perUnit: PricingUnit[] = [ADULT_UNIT, CHILD_UNIT].map((unitId) => ({...price, unitId}))
  const quantity = units.reduce((sum, unit) => sum + unit.quantity, 0)
  const total = quantity > 0 ? quantity : 1
  return {
    perUnit,
    total: {...price, original: price.original * total, retail: price.retail * total},
  }
}

export function toAvailability(
  entry: CatalogueEntry,
  rules: BookingRules,
  day: DepartureAvailability,
  capabilities: Capabilities,
  units: {id: string; quantity: number}[],
): Availability {
  const status = statusOf(day)
  const pax = units.reduce((sum, unit) => sum + unit.quantity, 0)
  const pricing = capabilities.pricing ? unitPricing(entry, units) : {}
  return {
    id: day.departure.id,
    localDateTimeStart: day.departure.start,
    localDateTimeEnd: day.departure.end,
    utcCutoffAt: cutoffOf(rules, day.date, day.departure.start),
    allDay: false,
    available: sellable(status) && pax <= day.left,
    status,
    vacancies: status === AvailabilityStatus.CLOSED ? 0 : day.left,
    capacity: day.capacity,
    maxUnits: Math.min(day.left, rules.maxPax),
    openingHours: [],
    ...('perUnit' in pricing ? {unitPricing: pricing.perUnit, pricing: pricing.total} : {}),
  }
}

export function toCalendarDay(
  entry: CatalogueEntry,
  date: string,
  departures: DepartureAvailability[],
  capabilities: Capabilities,
  units: {id: string; quantity: number}[],
): AvailabilityCalendar {
  const statuses = departures.map(statusOf)
  const open = departures.filter((d, i) => statuses[i] !== AvailabilityStatus.CLOSED)
  const capacity = open.reduce((sum, d) => sum + d.capacity, 0)
  const vacancies = open.reduce((sum, d) => sum + d.left, 0)
  const status =
    open.length === 0
      ? AvailabilityStatus.CLOSED
      : statuses.some(sellable)
        ? vacancies < capacity * LIMITED_SHARE
          ? AvailabilityStatus.LIMITED
          : AvailabilityStatus.AVAILABLE
        : AvailabilityStatus.SOLD_OUT
  const pax = units.reduce((sum, unit) => sum + unit.quantity, 0)
  const pricing = capabilities.pricing ? unitPricing(entry, units) : {}
  return {
    localDate: date,
    available: sellable(status) && open.some((d) => d.left >= Math.max(pax, 1)),
    status,
    vacancies,
    capacity,
    openingHours: [],
    ...('perUnit' in pricing ? {unitPricingFrom: pricing.perUnit, pricingFrom: pricing.total} : {}),
  }
}

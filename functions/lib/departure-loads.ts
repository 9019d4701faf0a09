import type {SanityClient} from '@sanity/client'

import {
  COUNTED_STATUSES,
  countLoads,
  resolveBookingRules,
  type BookingLoad,
  type BookingRules,
} from '@repo/schemas/capacity.ts'
import {bookingRulesQuery} from '@repo/schemas/booking-rules-query.ts'
import {withCancelledDates} from '@repo/schemas/departure-cancellation.ts'
import {
  HELD_LOADS_FILTER,
  LOAD_TYPES,
  loadStatusProjection,
} from '@repo/schemas/held-places-query.ts'
import type {BookableExperienceQueryResult} from '@repo/schemas/sanity.types'

import {bookableExperienceQuery} from './queries/bookable-experience-query.ts'
import {cancelledDatesQuery} from './queries/cancelled-dates-query.ts'
import {departureLoadsQuery, MAX_LOADS} from './queries/departure-loads-query.ts'

export {HELD_LOADS_FILTER, LOAD_TYPES, loadStatusProjection}

/**
 * The reads every capacity answer starts from: an experience's rules from the published content, and
 * the bookings of one experience over a date range from the private `bookings` dataset, as one GROQ query that
 * returns four small fields per booking (never the traveller's details) for the shared rules to count.
 */
export {bookableExperienceQuery, cancelledDatesQuery, departureLoadsQuery, MAX_LOADS}

/** An experience as `bookableExperienceQuery` finds it. */
export type BookableExperience = NonNullable<BookableExperienceQueryResult>

/** Requests and confirmations only: declined and closed bookings take and ask for nothing. */
export const ACTIVE_STATUSES = COUNTED_STATUSES

export async function loadBookingRules(
  content: SanityClient,
  experienceDocumentId: string,
): Promise<BookingRules> {
  return resolveBookingRules(await content.fetch(bookingRulesQuery, {id: experienceDocumentId}))
}

export async function loadDepartureCounts(
  bookings: SanityClient,
  rules: BookingRules,
  range: {experience: string; from: string; to: string},
  signal?: AbortSignal,
) {
  const loads: BookingLoad[] = await bookings.fetch(
    departureLoadsQuery,
    {...range, statuses: [...ACTIVE_STATUSES], self: null},
    signal ? {signal} : {},
  )
  if (loads.length >= MAX_LOADS)
    throw new Error(
      `More than ${MAX_LOADS} bookings in ${range.from}…${range.to}: not counted short`,
    )
  return countLoads(rules, loads)
}

export async function loadCancelledDates(
  bookings: SanityClient,
  range: {experience: string; from: string; to: string},
): Promise<string[]> {
  return bookings.fetch(cancelledDatesQuery, range)
}

/**
 * An experience's rules with the departures staff cancelled in `range` closed (`withCancelledDates`): what anything
 * that adds someone to a departure reads (a proposal, its list of dates), so a cancelled departure is never offered
 * (schemas/src/departure-life.ts).
 */
export async function loadOpenRules(
  content: SanityClient,
  bookings: SanityClient,
  experience: {_id: string; slug: string},
  range: {from: string; to: string},
): Promise<BookingRules> {
  const [rules, cancelled] = await Promise.all([
    loadBookingRules(content, experience._id),
    loadCancelledDates(bookings, {experience: experience.slug, ...range}),
  ])
  return withCancelledDates(rules, cancelled)
}

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

export {HELD_LOADS_FILTER, LOAD_TYPES, loadStatusProjection}

/**
 * The reads every capacity answer starts from: an experience's rules from the published content, and
 * the bookings of one experience over a date range from the private `bookings` dataset, as one GROQ query that
 * returns four small fields per booking (never the traveller's details) for the shared rules to count.
 */
/** An experience by slug, id or former slug, as the booking link names it; drafts never. */
export const bookableExperienceQuery = /* groq */ `*[_type == "experience" && !(_id in path("drafts.**")) && (slug.current == $id || _id == $id || $id in aliases)] | order((slug.current == $id) desc)[0]{_id, title, category, duration, isBespoke, "slug": slug.current}`

export type BookableExperience = {
  _id: string
  title: string
  category?: string
  duration?: string
  isBespoke?: boolean
  slug: string
}

/** Requests and confirmations only: declined and closed bookings take and ask for nothing. */
export const ACTIVE_STATUSES = COUNTED_STATUSES

/**
 * More bookings than any range of one experience can hold: a read that fills it is refused rather than counted
 * short (see loadDepartureCounts), since fewer bookings would mean too many places left.
 */
export const MAX_LOADS = 20_000

/**
 * Ordered and sliced on purpose: `*[…] | order(…)[a...b]` with an equality on `experience_id` is the shape query
 * engines answer from an index (the local lake does; see lake/src/query/run-query.ts), rather than testing every
 * booking in the dataset.
 */
export const departureLoadsQuery = /* groq */ `*[_type in ${LOAD_TYPES} && !(_id in path("drafts.**")) && experience_id == $experience && date >= $from && date <= $to && (status in $statuses || ${HELD_LOADS_FILTER})] | order(date asc) [0...${MAX_LOADS}] {date, "slot": preferred_time, ${loadStatusProjection}, "pax": pax_total}`

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
  const loads = await bookings.fetch<BookingLoad[]>(
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

/**
 * The dates staff cancelled for an experience (the departure lock document's `cancelled_at`): closed for new
 * bookings and moves, through `withCancelledDates` (schemas/src/departure-cancellation.ts).
 */
export const cancelledDatesQuery = /* groq */ `*[_type == "departure" && experience_id == $experience && date >= $from && date <= $to && defined(cancelled_at)].date`

export async function loadCancelledDates(
  bookings: SanityClient,
  range: {experience: string; from: string; to: string},
): Promise<string[]> {
  return bookings.fetch<string[]>(cancelledDatesQuery, range)
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

import {useQueries, useQuery} from '@tanstack/react-query'
import {useMemo, useState} from 'react'

import {resolveBookingRules, type StoredCapacitySettings} from '@repo/schemas/capacity.ts'
import {withCancelledDates} from '@repo/schemas/departure-cancellation.ts'
import {DEFAULT_PARTY, type ExperienceSettings} from '@repo/schemas/experience-settings.ts'
import {isIsoDate, todayInCapeTown} from '@repo/schemas/iso-date.ts'
import {checkTrip, type TripProblem} from '@repo/schemas/trip-check.ts'

import {sanityFetch} from '../../../lib/sanity-fetch'
import {availabilityQueryOptions} from '../../booking'
import type {TripContext} from '../booking-links'
import type {ExperienceCard} from './experience-fields'

type StoredRules = Partial<{[K in keyof ExperienceSettings]: ExperienceSettings[K] | null}> &
  NonNullable<StoredCapacitySettings> & {experienceId: string}

export const allBookingRulesQueryOptions = () => ({
  queryKey: ['booking-rules', 'all'] as const,
  queryFn: async ({signal}: {signal: AbortSignal}) => {
    const stored = await sanityFetch<StoredRules[]>(
      (queries) => queries.allBookingRulesQuery,
      {},
      signal,
    )
    return Object.fromEntries(stored.map((rules) => [rules.experienceId, resolveBookingRules(rules)]))
  },
  // A blackout an editor has just published applies to the next search.
  staleTime: 0,
})

/** Why an experience cannot be booked for the searched trip; none when it can (or before it is known). */
export type TripFit = TripProblem | null

/**
 * The home page's date search, carried to the listing: for each experience, whether the date and group fit it by
 * the same rules the booking function applies (`checkTrip`: lead time, blackouts, group limits, departures staff
 * cancelled and the places left). Rules come in one read; places per experience from the availability function,
 * in the browser. Until they arrive an experience counts as fitting: the booking page and function check again.
 */
export function useTripFit(
  experiences: readonly ExperienceCard[],
  trip: TripContext,
): ReadonlyMap<string, TripFit> {
  const [today] = useState(() => todayInCapeTown())
  const date = trip.date && isIsoDate(trip.date) ? trip.date : ''
  const bookable = useMemo(
    () => experiences.filter((e) => !e.isBespoke && e.slug),
    [experiences],
  )
  const rules = useQuery({...allBookingRulesQueryOptions(), enabled: date !== ''})
  // The same options (and `select`) from one render to the next, or each answer would render again for ever.
  const queries = useMemo(
    () =>
      bookable.map((experience) => ({
        ...availabilityQueryOptions(experience.slug!, date || '2000-01-01'),
        enabled: date !== '',
      })),
    [bookable, date],
  )
  const places = useQueries({queries})
  const fits = new Map<string, TripFit>()
  if (!date || !rules.data) return fits
  bookable.forEach((experience, index) => {
    const stored = rules.data[experience._id]
    if (!stored) return
    const answer = places[index]?.data
    const counts = answer && !answer.unlimited ? answer.counts : null
    const check = checkTrip(
      withCancelledDates(stored, answer?.cancelled ?? []),
      {
        date,
        adults: trip.adults ?? DEFAULT_PARTY.adults,
        children: trip.children ?? DEFAULT_PARTY.children,
        time: '',
      },
      today,
      counts,
    )
    fits.set(experience._id, check.problems[0] ?? null)
  })
  return fits
}

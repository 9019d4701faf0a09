import {queryOptions, useQuery} from '@tanstack/react-query'

import type {AvailabilityAnswer} from '@repo/schemas/availability-answer.ts'
import {alternativesWindow, countsFromPublicLoads} from '@repo/schemas/capacity.ts'
import {isIsoDate} from '@repo/schemas/iso-date.ts'

export class AvailabilityError extends Error {}

/**
 * Places taken per departure around a date, from the availability function (functions/get-availability): the
 * bookings dataset is private, so the browser gets counts, never bookings. Always fetched afresh (staleTime 0),
 * since staff may have confirmed a booking a moment ago; the booking function checks again on submit.
 */
async function fetchAvailability(
  experience: string,
  range: {from: string; to: string},
  signal: AbortSignal,
): Promise<AvailabilityAnswer> {
  const params = new URLSearchParams({experience, ...range})
  const response = await fetch(`/api/availability?${params}`, {signal})
  if (!response.ok) throw new AvailabilityError(`Availability: HTTP ${response.status}`)
  return (await response.json()) as AvailabilityAnswer
}

export const availabilityQueryOptions = (experience: string, date: string) => {
  const range = alternativesWindow(date)
  return queryOptions({
    queryKey: ['availability', experience, range.from, range.to],
    queryFn: ({signal}) => fetchAvailability(experience, range, signal),
    select: (answer) => ({
      unlimited: answer.unlimited,
      counts: countsFromPublicLoads(answer.departures),
      cancelled: answer.cancelled ?? [],
    }),
    staleTime: 0,
    retry: 1,
  })
}

/** Counts for the departures around `date`; idle until there is an experience and a real date. */
export const useAvailability = (experience: string, date: string) =>
  useQuery({
    ...availabilityQueryOptions(experience, isIsoDate(date) ? date : '2000-01-01'),
    enabled: experience !== '' && isIsoDate(date),
  })

import {queryOptions, useQuery, type QueryClient} from '@tanstack/react-query'

import type {AvailabilityAnswer} from '@repo/schemas/availability-answer.ts'
import {alternativesWindow, countsFromPublicLoads} from '@repo/schemas/capacity.ts'
import {isIsoDate} from '@repo/schemas/iso-date.ts'

export class AvailabilityError extends Error {}

/**
 * Places taken per departure around a date, from the availability function (functions/get-availability): the
 * bookings dataset is private, so the browser gets counts, never bookings. Always fetched afresh (staleTime 0),
 * since staff may have confirmed a booking a moment ago; the booking function checks again on submit.
 */
const availabilityPath = (experience: string, range: {from: string; to: string}) =>
  `/api/availability?${new URLSearchParams({experience, ...range})}`

async function fetchAvailability(
  experience: string,
  range: {from: string; to: string},
  signal: AbortSignal,
): Promise<AvailabilityAnswer> {
  const response = await fetch(availabilityPath(experience, range), {signal})
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

/**
 * The places around `date` read by the server while it renders the booking page (`GET /api/availability`
 * in-process, on the visitor's own limit), so a full date's page arrives with its waitlist form: a traveller whose
 * browser runs no script can join it. Anything but an answer leaves the cache empty; the browser then asks itself.
 */
export async function loadAvailabilityOnServer(
  queryClient: QueryClient,
  experience: string,
  date: string,
  serverRead: (apiPath: string) => Promise<Response>,
) {
  if (!isIsoDate(date)) return
  const options = availabilityQueryOptions(experience, date)
  const response = await serverRead(availabilityPath(experience, alternativesWindow(date)))
  if (!response.ok) return
  queryClient.setQueryData(options.queryKey, (await response.json()) as AvailabilityAnswer)
}

import type {SanityClient} from '@sanity/client'
import {z} from 'zod'

import type {AvailabilityAnswer} from '@repo/schemas/availability-answer.ts'
import {publicLoads} from '@repo/schemas/capacity.ts'

import {
  bookableExperienceQuery,
  loadBookingRules,
  loadCancelledDates,
  loadDepartureCounts,
} from '../lib/departure-loads.ts'
import {json, problem, type RequestContext} from '../lib/http.ts'
import {dateRangeSchema, paramErrors, singleQueryParams} from '../lib/query-params.ts'
import {rateLimitedResponse, type RateLimiter} from '../lib/rate-limit.ts'

export type GetAvailabilityDeps = {
  content: SanityClient
  /** The private `bookings` dataset; read here only as counts. */
  bookings: SanityClient
  rateLimiter: RateLimiter
  onError?: (error: unknown) => void
}

/** 91 days is a date and 45 either side (the alternatives window); a few more for a calendar's month view. */
export const MAX_RANGE_DAYS = 100
export const MAX_URL_LENGTH = 2_048
export const AVAILABILITY_FAILED_MESSAGE =
  'We could not check the places left just now. Please try again in a moment.'
export const UNKNOWN_EXPERIENCE_MESSAGE = 'We could not find this experience.'

export const availabilityParamsSchema = z
  .object({
    experience: z
      .string({error: 'Say which experience.'})
      .min(1, 'Say which experience.')
      .max(100, 'Name the experience by its slug.')
      .regex(/^[a-z0-9][a-z0-9-]*$/, 'Name the experience by its slug.'),
  })
  .and(dateRangeSchema(MAX_RANGE_DAYS, `Ask for at most ${MAX_RANGE_DAYS} days at a time.`))

/**
 * `GET /api/availability?experience=&from=&to=`: places taken per departure of one experience, for the booking
 * dialog. The bookings dataset is private, so the browser never reads it: this answers with counts only (no
 * names, no requested places), from one GROQ query over that experience's bookings in the range.
 */
export async function getAvailability(
  request: Request,
  context: RequestContext,
  deps: GetAvailabilityDeps,
): Promise<Response> {
  const onError = deps.onError ?? ((error: unknown) => console.error('[get-availability]', error))
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return problem(405, 'Use GET.', {}, {Allow: 'GET, HEAD'})
  if (request.url.length > MAX_URL_LENGTH) return problem(414, 'This address is too long.')
  const limited = rateLimitedResponse(deps.rateLimiter, context.clientAddress)
  if (limited) return limited

  const single = singleQueryParams(new URL(request.url).searchParams, ['experience', 'from', 'to'])
  if (!single.ok) return problem(400, single.message, {[single.name]: [single.message]})
  const parsed = availabilityParamsSchema.safeParse(single.values)
  if (!parsed.success) {
    const {message, fieldErrors} = paramErrors(parsed.error)
    return problem(400, message, fieldErrors)
  }
  const {experience: slug, from, to} = parsed.data

  try {
    const experience = await deps.content.fetch(bookableExperienceQuery, {id: slug})
    if (!experience) return problem(404, UNKNOWN_EXPERIENCE_MESSAGE)
    const answer: AvailabilityAnswer = {
      experience: experience.slug,
      from,
      to,
      unlimited: Boolean(experience.isBespoke),
      departures: [],
    }
    if (!experience.isBespoke) {
      const range = {experience: experience.slug, from, to}
      const [rules, cancelled] = await Promise.all([
        loadBookingRules(deps.content, experience._id),
        loadCancelledDates(deps.bookings, range),
      ])
      const counts = await loadDepartureCounts(deps.bookings, rules, range)
      answer.departures = publicLoads(counts)
      // Departures staff cancelled (the weather): closed to travellers, as a date's capacity change to 0 is.
      if (cancelled.length) answer.cancelled = cancelled
    }
    return json(answer)
  } catch (error) {
    onError(error)
    return problem(503, AVAILABILITY_FAILED_MESSAGE, {}, {'Retry-After': '5'})
  }
}

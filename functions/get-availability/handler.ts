import type {SanityClient} from '@sanity/client'
import {z} from 'zod'

import {publicLoads, type PublicDepartureLoad} from '@repo/schemas/capacity.ts'
import {addDays, isIsoDate} from '@repo/schemas/iso-date.ts'

import {
  bookableExperienceQuery,
  loadBookingRules,
  loadDepartureCounts,
  type BookableExperience,
} from '../lib/departure-loads.ts'
import {json, problem, type RequestContext} from '../lib/http.ts'
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

const isoDate = z.string().max(10).refine(isIsoDate, 'Use a calendar date written yyyy-MM-dd.')

export const availabilityParamsSchema = z
  .object({
    experience: z
      .string()
      .min(1, 'Say which experience.')
      .max(100)
      .regex(/^[a-z0-9][a-z0-9-]*$/, 'Name the experience by its slug.'),
    from: isoDate,
    to: isoDate,
  })
  .refine((p) => p.from <= p.to, {
    message: 'The range must end on or after its start.',
    path: ['to'],
  })
  // zod runs these refinements even when a date failed its own check, so each guards against that.
  .refine((p) => !isIsoDate(p.from) || p.to <= addDays(p.from, MAX_RANGE_DAYS - 1), {
    message: `Ask for at most ${MAX_RANGE_DAYS} days at a time.`,
    path: ['to'],
  })

export type AvailabilityAnswer = {
  experience: string
  from: string
  to: string
  /** A bespoke itinerary is planned around the traveller: never limited. */
  unlimited: boolean
  /** Departures with places taken; every other departure in the range has all its places. */
  departures: PublicDepartureLoad[]
}

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

  const search = new URL(request.url).searchParams
  const raw: Record<string, string> = {}
  for (const name of ['experience', 'from', 'to']) {
    const values = search.getAll(name)
    if (values.length > 1)
      return problem(400, `Give ${name} once.`, {[name]: [`Give ${name} once.`]})
    if (values[0] !== undefined) raw[name] = values[0]
  }
  const parsed = availabilityParamsSchema.safeParse(raw)
  if (!parsed.success) {
    const fieldErrors = z.flattenError(parsed.error).fieldErrors as Record<string, string[]>
    return problem(400, Object.values(fieldErrors)[0]?.[0] ?? 'Invalid request.', fieldErrors)
  }
  const {experience: slug, from, to} = parsed.data

  try {
    const experience = await deps.content.fetch<BookableExperience | null>(
      bookableExperienceQuery,
      {id: slug},
    )
    if (!experience) return problem(404, UNKNOWN_EXPERIENCE_MESSAGE)
    const answer: AvailabilityAnswer = {
      experience: experience.slug,
      from,
      to,
      unlimited: Boolean(experience.isBespoke),
      departures: [],
    }
    if (!experience.isBespoke) {
      const rules = await loadBookingRules(deps.content, experience._id)
      const counts = await loadDepartureCounts(deps.bookings, rules, {
        experience: experience.slug,
        from,
        to,
      })
      answer.departures = publicLoads(counts)
    }
    return json(answer)
  } catch (error) {
    onError(error)
    return problem(503, AVAILABILITY_FAILED_MESSAGE, {}, {'Retry-After': '5'})
  }
}

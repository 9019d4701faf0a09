import {z} from 'zod'

import {addDays, daysBetween, todayInCapeTown} from '@repo/schemas/iso-date.ts'
import {
  capeTownDayStartInstant,
  computeReport,
  previousPeriod,
  REPORT_AHEAD_DAYS,
  REPORT_MAX_DAYS,
  type Report,
  type ReportBooking,
  type ReportDeparture,
  type ReportExperience,
  type ReportReview,
  type WaitlistCounts,
} from '@repo/schemas/reports.ts'

import {dateRangeSchema, paramErrors, singleQueryParams} from '../../lib/query-params.ts'
import {DEPARTURES_MAX_DAYS, loadDepartures} from '../departures-view.ts'
import {cachedResponseSettings} from '../response-settings.ts'
import type {HandlerResult, StaffDeps} from '../staff-deps.ts'
import {
  reportBookingsQuery,
  reportExperiencesQuery,
  reportReviewsQuery,
  reportWaitlistQuery,
} from './report-queries.ts'

/** `from` and `to` (Cape Town calendar days, both included, at most a year) and, optionally, one experience. */
export const reportParamsSchema = dateRangeSchema(
  REPORT_MAX_DAYS,
  `Choose at most ${REPORT_MAX_DAYS} days.`,
).and(
  z.object({
    experience: z
      .string()
      .max(96, 'Choose an experience from the list.')
      .regex(/^[a-z0-9][a-z0-9-]*$/, 'Choose an experience from the list.')
      .optional(),
  }),
)

const PARAMS = ['from', 'to', 'experience'] as const

/** Every departure from `from` to `to`, read in pieces the Departures view allows (92 days each). */
async function departuresBetween(
  deps: StaffDeps,
  from: string,
  to: string,
): Promise<ReportDeparture[]> {
  const pieces: {from: string; to: string}[] = []
  for (let start = from; start <= to; start = addDays(start, DEPARTURES_MAX_DAYS)) {
    const end = addDays(start, DEPARTURES_MAX_DAYS - 1)
    pieces.push({from: start, to: end < to ? end : to})
  }
  const rows = (
    await Promise.all(pieces.map((piece) => loadDepartures(deps, {...piece, includeEmpty: true})))
  ).flat()
  // A cancelled departure takes no one: its places are neither offered nor taken.
  return rows
    .filter((row) => !row.cancelled)
    .map(({experience_id, experience_title, date, slot, capacity, taken, requested}) => ({
      experience_id,
      experience_title,
      date,
      slot,
      capacity,
      taken,
      requested,
    }))
}

type StoredReview = {
  _id: string
  experience?: string | null
  rating?: number | null
  submittedAt?: string | null
  rejectionReason?: string | null
}

/** Published reviews, and drafts that are not also published (a published review being edited has both). */
function reviewsOf(stored: StoredReview[], slugOf: Map<string, string>): ReportReview[] {
  const publishedIds = new Set(stored.filter((r) => !r._id.startsWith('drafts.')).map((r) => r._id))
  return stored.flatMap((review) => {
    const published = !review._id.startsWith('drafts.')
    if (!published && publishedIds.has(review._id.slice('drafts.'.length))) return []
    const slug = review.experience ? slugOf.get(review.experience) : undefined
    if (!slug || typeof review.rating !== 'number' || !review.submittedAt) return []
    return [
      {
        experience_id: slug,
        submitted_at: review.submittedAt,
        rating: review.rating,
        published,
        rejection_reason: published ? null : (review.rejectionReason ?? null),
      },
    ]
  })
}

/** The reads behind a report, for a checked range: bookings, waitlist counts, departures, reviews, settings. */
export async function loadReport(
  deps: StaffDeps,
  range: {from: string; to: string; experience?: string},
): Promise<Report> {
  const now = deps.now()
  const today = todayInCapeTown(now)
  const previous = previousPeriod(range)
  const params = {
    since: capeTownDayStartInstant(range.from),
    until: capeTownDayStartInstant(addDays(range.to, 1)),
    previousSince: capeTownDayStartInstant(previous.from),
    experience: range.experience ?? '',
  }
  const [bookings, waitlist, experiences, storedReviews, occupancy, ahead, response] =
    await Promise.all([
      deps.client.fetch<ReportBooking[]>(reportBookingsQuery, {
        ...params,
        since: params.previousSince,
      }),
      deps.client.fetch<{current: WaitlistCounts; previous: WaitlistCounts}>(
        reportWaitlistQuery,
        params,
      ),
      deps.content
        ? deps.content.fetch<(ReportExperience & {_id: string})[]>(reportExperiencesQuery)
        : Promise.resolve([]),
      deps.content
        ? deps.content.fetch<StoredReview[]>(
            reportReviewsQuery,
            {since: params.previousSince, until: params.until},
            {perspective: 'raw'},
          )
        : Promise.resolve([]),
      departuresBetween(deps, range.from, range.to),
      departuresBetween(deps, today, addDays(today, REPORT_AHEAD_DAYS - 1)),
      cachedResponseSettings(deps.content, now.getTime()),
    ])
  const slugOf = new Map(experiences.map((e) => [e._id, e.slug]))
  return computeReport({
    range,
    now,
    bookings,
    waitlist,
    occupancy,
    ahead,
    reviews: reviewsOf(storedReviews, slugOf),
    experiences: experiences.map(({slug, title, price}) => ({slug, title, price})),
    response,
  })
}

/** `GET /api/staff/reports?from&to[&experience]`: the report, or 400 with what to send. */
export async function getReport(deps: StaffDeps, search: URLSearchParams): Promise<HandlerResult> {
  const single = singleQueryParams(search, PARAMS)
  if (!single.ok)
    return {
      status: 400,
      body: {error: single.message, fieldErrors: {[single.name]: [single.message]}},
    }
  const parsed = reportParamsSchema.safeParse(single.values)
  if (!parsed.success) {
    const {message, fieldErrors} = paramErrors(parsed.error)
    return {status: 400, body: {error: message, fieldErrors}}
  }
  const {from, to, experience} = parsed.data
  // A report of a range before any booking is possible, but not one of the far future or past.
  if (Math.abs(daysBetween(todayInCapeTown(deps.now()), from)) > 3 * 366)
    return {
      status: 400,
      body: {
        error: 'Choose dates within three years of today.',
        fieldErrors: {from: ['Choose dates within three years of today.']},
      },
    }
  return {
    status: 200,
    body: await loadReport(deps, {from, to, ...(experience ? {experience} : {})}),
  }
}

import {z} from 'zod'

import {
  countLoads,
  departureSlots,
  departuresOn,
  resolveBookingRules,
  scheduledDepartures,
} from '@repo/schemas/capacity.ts'
import {withCancelledDates} from '@repo/schemas/departure-cancellation.ts'
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

import type {
  ReportReviewsQueryResult,
  ReportWaitlistQueryResult,
} from '@repo/schemas/sanity.types'

import {dateRangeSchema, paramErrors, singleQueryParams} from '../../lib/query-params.ts'
import {ACTIVE_STATUSES, experiencesWithRulesQuery, MAX_LOADS} from '../departure-queries.ts'
import {cachedResponseSettings} from '../response-settings.ts'
import type {HandlerResult, StaffDeps} from '../staff-deps.ts'
import {reportBookingsQuery} from './queries/report-bookings-query.ts'
import {reportCancelledQuery} from './queries/report-cancelled-query.ts'
import {reportExperiencesQuery} from './queries/report-experiences-query.ts'
import {reportLoadsQuery} from './queries/report-loads-query.ts'
import {reportReviewsQuery} from './queries/report-reviews-query.ts'
import {reportWaitlistQuery} from './queries/report-waitlist-query.ts'

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


/**
 * Every scheduled departure from `from` to `to` with its places, counted as the Departures view counts them (the
 * experiences' rules, `countLoads`, places a waitlist offer or a reseller's hold takes), without its people: requests
 * made with no time on a day of several slots are a row of their own with no capacity. Cancelled departures take no
 * one and are left out. Two flat reads, whatever the range: the view's own read nests a query per cancelled
 * departure, which the lake refuses beyond 10,000 documents.
 */
async function departuresBetween(
  deps: StaffDeps,
  from: string,
  to: string,
): Promise<ReportDeparture[]> {
  const [experiences, loads, cancelled] = await Promise.all([
    deps.content ? deps.content.fetch(experiencesWithRulesQuery) : Promise.resolve([]),
    deps.client.fetch(reportLoadsQuery, {from, to, statuses: [...ACTIVE_STATUSES], self: ''}),
    deps.client.fetch(reportCancelledQuery, {from, to}),
  ])
  if (loads.length >= MAX_LOADS)
    throw new Error(`More than ${MAX_LOADS} bookings in ${from}…${to}: not counted short`)
  const departures: ReportDeparture[] = []
  const days = daysBetween(from, to)
  for (const experience of experiences) {
    if (experience.isBespoke) continue
    const names = new Set([experience.slug, ...(experience.aliases ?? [])])
    const rules = withCancelledDates(
      resolveBookingRules(experience.rules ?? null),
      cancelled.filter((c) => names.has(c.experience_id)).map((c) => c.date),
    )
    const counts = countLoads(
      rules,
      loads
        .filter((load) => names.has(load.experience_id))
        .map((load) => ({
          date: load.date,
          slot: load.preferred_time,
          status: load.status,
          pax: load.pax ?? 0,
        })),
    )
    const severalSlots = departureSlots(rules).length > 1
    for (let day = 0; day <= days; day++) {
      const date = addDays(from, day)
      const scheduled = new Set(scheduledDepartures(rules, date).map((d) => d.slot))
      for (const departure of departuresOn(rules, date, counts)) {
        const row = {
          experience_id: experience.slug,
          experience_title: experience.title,
          date,
          slot: departure.slot,
        }
        if (scheduled.has(departure.slot)) departures.push({...row, ...pick(departure)})
        else if (severalSlots && departure.slot === '' && scheduled.size > 0) {
          // The day row sums its slots; only what requests with no time took is its own.
          const anyTime = counts.get(`${date}|`)
          if (anyTime && (anyTime.taken > 0 || anyTime.requested > 0))
            departures.push({
              ...row,
              capacity: 0,
              taken: anyTime.taken,
              requested: anyTime.requested,
            })
        }
      }
    }
  }
  return departures
}

type DateRange = {from: string; to: string}

/**
 * The departures of two ranges (the report's and the weeks ahead): one read of their span when they overlap or meet,
 * as a year to date and the coming weeks do, since each read scans every booking whatever its range; else one each.
 */
async function departuresOfBoth(
  deps: StaffDeps,
  first: DateRange,
  second: DateRange,
): Promise<[ReportDeparture[], ReportDeparture[]]> {
  if (addDays(first.to, 1) < second.from || addDays(second.to, 1) < first.from)
    return Promise.all([
      departuresBetween(deps, first.from, first.to),
      departuresBetween(deps, second.from, second.to),
    ])
  const span = await departuresBetween(
    deps,
    first.from < second.from ? first.from : second.from,
    first.to > second.to ? first.to : second.to,
  )
  const within = ({from, to}: DateRange) => span.filter((d) => d.date >= from && d.date <= to)
  return [within(first), within(second)]
}

const pick = ({
  capacity,
  taken,
  requested,
}: {
  capacity: number
  taken: number
  requested: number
}) => ({
  capacity,
  taken,
  requested,
})

type WaitlistJoin = ReportWaitlistQueryResult[number]

/** People who joined, were offered places, and took the offer. */
const countWaitlist = (joins: readonly WaitlistJoin[]): WaitlistCounts => ({
  joined: joins.length,
  offered: joins.filter((j) => j.offered).length,
  booked: joins.filter((j) => j.state === 'booked').length,
})

type StoredReview = ReportReviewsQueryResult[number]

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
  const [bookings, waitlist, experiences, storedReviews, [occupancy, ahead], response] =
    await Promise.all([
      deps.client
        .fetch(reportBookingsQuery, {...params, since: params.previousSince})
        .then((rows): ReportBooking[] => rows),
      deps.client.fetch(reportWaitlistQuery, params).then((joins) => ({
        current: countWaitlist(joins.filter((j) => j.joined_at >= params.since)),
        previous: countWaitlist(joins.filter((j) => j.joined_at < params.since)),
      })),
      deps.content
        ? deps.content
            .fetch(reportExperiencesQuery)
            .then((rows): (ReportExperience & {_id: string})[] => rows)
        : Promise.resolve([]),
      deps.content
        ? deps.content.fetch(
            reportReviewsQuery,
            {since: params.previousSince, until: params.until},
            {perspective: 'raw'},
          )
        : Promise.resolve([]),
      departuresOfBoth(deps, range, {from: today, to: addDays(today, REPORT_AHEAD_DAYS - 1)}),
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

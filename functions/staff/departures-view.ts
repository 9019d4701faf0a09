import {
  countLoads,
  departureSlotOf,
  departuresOn,
  resolveBookingRules,
  type BookingRules,
} from '@repo/schemas/capacity.ts'

import {dateRangeSchema, paramErrors, singleQueryParams} from '../lib/query-params.ts'
import {csvCell} from './bookings-csv.ts'
import {
  ACTIVE_STATUSES,
  departuresViewQuery,
  experiencesWithRulesQuery,
  MAX_LOADS,
} from './departure-queries.ts'
import type {HandlerResult, StaffDeps} from './staff-handlers.ts'

/** A quarter at most: the view is for planning the weeks ahead, and the query stays one range scan. */
export const DEPARTURES_MAX_DAYS = 92

export const departuresParamsSchema = dateRangeSchema(
  DEPARTURES_MAX_DAYS,
  `Choose at most ${DEPARTURES_MAX_DAYS} days.`,
)

export type ManifestBooking = {
  _id: string
  booking_ref?: string | null
  status: string
  experience_id: string
  experience_title?: string | null
  date: string
  preferred_time?: string | null
  pax?: number | null
  pax_adults?: number | null
  pax_children?: number | null
  name?: string | null
  phone?: string | null
  email?: string | null
  pickup_location?: string | null
  notes?: string | null
  staff_notes?: string | null
}

export type DepartureRow = {
  experience_id: string
  experience_title: string
  date: string
  /** '' is the day as a whole (an experience with one departure a day, or requests with no preferred time). */
  slot: string
  capacity: number
  taken: number
  requested: number
  left: number
  bookings: ManifestBooking[]
}

type ExperienceWithRules = {
  _id: string
  title: string
  slug: string
  aliases?: string[] | null
  rules: Parameters<typeof resolveBookingRules>[0]
}

/**
 * Every departure with bookings in a date range (issue 13): per experience, date and slot, the capacity, places
 * taken and requested, and who is on it. Two queries, one per dataset (the rules from the content, the range's
 * bookings from the bookings dataset), whatever the number of departures; the shared rules do the counting.
 */
export async function loadDepartures(
  deps: StaffDeps,
  range: {from: string; to: string},
): Promise<DepartureRow[]> {
  const [experiences, bookings] = await Promise.all([
    deps.content
      ? deps.content.fetch<ExperienceWithRules[]>(experiencesWithRulesQuery)
      : Promise.resolve([]),
    deps.client.fetch<ManifestBooking[]>(departuresViewQuery, {
      ...range,
      statuses: [...ACTIVE_STATUSES],
    }),
  ])
  if (bookings.length >= MAX_LOADS)
    throw new Error(
      `More than ${MAX_LOADS} bookings in ${range.from}…${range.to}; choose fewer days`,
    )
  const bySlug = new Map<string, ExperienceWithRules>()
  for (const experience of experiences) {
    bySlug.set(experience.slug, experience)
    for (const alias of experience.aliases ?? [])
      if (!bySlug.has(alias)) bySlug.set(alias, experience)
  }
  const byExperience = new Map<string, ManifestBooking[]>()
  for (const booking of bookings) {
    const list = byExperience.get(booking.experience_id) ?? []
    list.push(booking)
    byExperience.set(booking.experience_id, list)
  }

  const rows: DepartureRow[] = []
  for (const [slug, list] of byExperience) {
    const experience = bySlug.get(slug)
    const rules: BookingRules = resolveBookingRules(experience?.rules ?? null)
    const counts = countLoads(
      rules,
      list.map((b) => ({date: b.date, slot: b.preferred_time, status: b.status, pax: b.pax ?? 0})),
    )
    const title = experience?.title ?? list[0]?.experience_title ?? slug
    const dates = [...new Set(list.map((b) => b.date))]
    for (const date of dates) {
      const onDate = list.filter((b) => b.date === date)
      // departuresOn lists the slots in the editor's order, the day as a whole ("No preference") last.
      for (const departure of departuresOn(rules, date, counts)) {
        const on = onDate.filter((b) => departureSlotOf(rules, b.preferred_time) === departure.slot)
        if (on.length === 0) continue
        rows.push({experience_id: slug, experience_title: title, ...departure, bookings: on})
      }
    }
  }
  // A stable sort, so each date's slots keep their order.
  return rows.sort(
    (a, b) =>
      a.date.localeCompare(b.date) || a.experience_title.localeCompare(b.experience_title, 'en-GB'),
  )
}

/** The range from the request's query string: each parameter once, real dates, at most a quarter. */
function parseRange(
  search: URLSearchParams,
): {ok: true; range: {from: string; to: string}} | {ok: false; result: HandlerResult} {
  const single = singleQueryParams(search, ['from', 'to'])
  if (!single.ok)
    return {
      ok: false,
      result: {
        status: 400,
        body: {error: single.message, fieldErrors: {[single.name]: [single.message]}},
      },
    }
  const parsed = departuresParamsSchema.safeParse(single.values)
  if (!parsed.success) {
    const {message, fieldErrors} = paramErrors(parsed.error)
    return {ok: false, result: {status: 400, body: {error: message, fieldErrors}}}
  }
  return {ok: true, range: parsed.data}
}

export async function listDepartures(
  deps: StaffDeps,
  search: URLSearchParams,
): Promise<HandlerResult> {
  const parsed = parseRange(search)
  if (!parsed.ok) return parsed.result
  return {
    status: 200,
    body: {...parsed.range, departures: await loadDepartures(deps, parsed.range)},
  }
}

export const MANIFEST_CSV_COLUMNS = [
  'Date',
  'Experience',
  'Slot',
  'Capacity',
  'Taken',
  'Requested',
  'Left',
  'Reference',
  'Status',
  'Name',
  'Pax',
  'Pickup location',
  'Phone',
  'Email',
  'Special requests',
  'Staff notes',
] as const

/** One line per booking with its departure's numbers; cells guarded against spreadsheet formulas. */
export function departuresToCsv(rows: DepartureRow[]): string {
  const lines = rows.flatMap((d) =>
    d.bookings.map((b) =>
      [
        d.date,
        d.experience_title,
        d.slot || 'Any time',
        d.capacity,
        d.taken,
        d.requested,
        d.left,
        b.booking_ref,
        b.status,
        b.name,
        b.pax,
        b.pickup_location,
        b.phone,
        b.email,
        b.notes,
        b.staff_notes,
      ]
        .map(csvCell)
        .join(','),
    ),
  )
  return '\uFEFF' + [MANIFEST_CSV_COLUMNS.map(csvCell).join(','), ...lines].join('\r\n') + '\r\n'
}

export async function exportDeparturesCsv(
  deps: StaffDeps,
  search: URLSearchParams,
): Promise<{status: 200; body: string; range: {from: string; to: string}} | HandlerResult> {
  const parsed = parseRange(search)
  if (!parsed.ok) return parsed.result
  return {
    status: 200,
    body: departuresToCsv(await loadDepartures(deps, parsed.range)),
    range: parsed.range,
  }
}

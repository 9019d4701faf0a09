import {z} from 'zod'

import {
  countLoads,
  departureSlotOf,
  departuresOn,
  resolveBookingRules,
  scheduledDepartures,
  type BookingRules,
} from '@repo/schemas/capacity.ts'
import {
  ACCEPT_CANCELLATION_ACTION,
  CANCEL_DEPARTURE_ACTION,
  MOVE_ACTION,
  withCancelledDates,
} from '@repo/schemas/departure-cancellation.ts'
import {placesCount} from '@repo/schemas/departure-life.ts'
import {formatLongDateTime, formatSpreadsheetDateTime} from '@repo/schemas/format-date.ts'
import {ATTENDANCE_TITLES} from '@repo/schemas/guide-day.ts'
import {addDays, daysBetween} from '@repo/schemas/iso-date.ts'
import {
  CANCELLATION_ANSWER_TITLES,
  type CancellationAnswer,
  type CancelledDeparture,
  type DepartureRange,
  type DepartureRow,
  type DeparturesAnswer,
  type ManifestBooking,
} from '@repo/schemas/staff-departures.ts'

import {dateRangeSchema, paramErrors, singleQueryParams} from '../lib/query-params.ts'
import {csvCell} from './bookings-csv.ts'
import {
  ACTIVE_STATUSES,
  cancelledDepartureBookingsQuery,
  cancelledDeparturesQuery,
  departuresViewQuery,
  experiencesWithRulesQuery,
  MAX_LOADS,
} from './departure-queries.ts'
import {loadAssignments} from './assign-departure.ts'
import type {HandlerResult, StaffDeps} from './staff-deps.ts'
import {loadHeld} from './staff-waitlist.ts'

/** A quarter at most: the view is for planning the weeks ahead, and the query stays one range scan. */
export const DEPARTURES_MAX_DAYS = 92

/** `empty=1` adds the scheduled departures nobody has booked yet; without it, only departures with bookings. */
export const departuresParamsSchema = dateRangeSchema(
  DEPARTURES_MAX_DAYS,
  `Choose at most ${DEPARTURES_MAX_DAYS} days.`,
).and(
  z.object({
    empty: z
      .enum(['0', '1'], {
        error: 'Use empty=1 to include departures with no bookings, or leave it out.',
      })
      .optional(),
  }),
)

/** A range as `loadDepartures` takes it: without `includeEmpty`, only the departures with bookings. */
export type DeparturesOptions = Omit<DepartureRange, 'includeEmpty'> & Partial<DepartureRange>

type ExperienceWithRules = {
  _id: string
  title: string
  isBespoke?: boolean | null
  slug: string
  aliases?: string[] | null
  rules: Parameters<typeof resolveBookingRules>[0]
}

/**
 * Every departure with bookings in a date range (docs/decisions/007-places-per-departure.md): per experience, date
 * and slot, the capacity, places taken and requested, and who is on it. Two queries, one per dataset (the rules from
 * the content, the range's bookings from the bookings dataset), whatever the number of departures; the shared rules
 * do the counting. With `includeEmpty`, also every departure the experiences' settings schedule in the range that
 * nobody has booked (`scheduledDepartures`: blackouts and closed slots left out), so staff see each one with its
 * places.
 */
export async function loadDepartures(
  deps: StaffDeps,
  {from, to, includeEmpty = false}: DeparturesOptions,
): Promise<DepartureRow[]> {
  const [experiences, bookings, held, cancelled, assignments] = await Promise.all([
    deps.content ? deps.content.fetch(experiencesWithRulesQuery) : Promise.resolve([]),
    deps.client.fetch(departuresViewQuery, {
      from,
      to,
      statuses: [...ACTIVE_STATUSES],
    }),
    loadHeld(deps.client, {from, to}),
    loadCancelled(deps, {from, to}),
    loadAssignments(deps, {from, to}),
  ])
  if (bookings.length >= MAX_LOADS)
    throw new Error(`More than ${MAX_LOADS} bookings in ${from}…${to}; choose fewer days`)
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
  // Places a waitlist offer holds count as taken, as in every capacity check (staff/staff-waitlist.ts).
  const countsOf = (rules: BookingRules, list: readonly ManifestBooking[], experience: string) =>
    countLoads(rules, [
      ...list.map((b) => ({
        date: b.date,
        slot: b.preferred_time,
        status: held.statusOf(b),
        pax: b.pax ?? 0,
      })),
      ...held.offersOf(experience),
    ])

  // Each row with its place in its day (the slots in the editor's order, the day as a whole last), for the sort.
  const rows: {row: DepartureRow; order: number}[] = []
  // Departures with bookings, by the experience's own slug (bookings made under a former slug count for it).
  const booked = new Set<string>()
  for (const [slug, list] of byExperience) {
    const experience = bySlug.get(slug)
    const rules: BookingRules = resolveBookingRules(experience?.rules ?? null)
    const counts = countsOf(rules, list, slug)
    const title = experience?.title ?? list[0]?.experience_title ?? slug
    const dates = [...new Set(list.map((b) => b.date))]
    for (const date of dates) {
      const onDate = list.filter((b) => b.date === date)
      departuresOn(rules, date, counts).forEach((departure, order) => {
        const on = onDate.filter((b) => departureSlotOf(rules, b.preferred_time) === departure.slot)
        if (on.length === 0) return
        rows.push({
          row: {experience_id: slug, experience_title: title, ...departure, bookings: on},
          order,
        })
        booked.add(`${experience?.slug ?? slug}|${date}|${departure.slot}`)
      })
    }
  }

  if (includeEmpty) {
    const days = daysBetween(from, to)
    for (const experience of experiences) {
      if (experience.isBespoke) continue
      // A cancelled departure is listed as cancelled below, never as one with its places free.
      const rules = withCancelledDates(
        resolveBookingRules(experience.rules ?? null),
        cancelled.filter((c) => c.experience_id === experience.slug).map((c) => c.date),
      )
      // What other departures of the day took matters: a slot's places left are never more than the day's.
      const counts = countsOf(rules, byExperience.get(experience.slug) ?? [], experience.slug)
      for (let day = 0; day <= days; day++) {
        const date = addDays(from, day)
        const scheduled = new Set(scheduledDepartures(rules, date).map((d) => d.slot))
        departuresOn(rules, date, counts).forEach((departure, order) => {
          if (!scheduled.has(departure.slot)) return
          if (booked.has(`${experience.slug}|${date}|${departure.slot}`)) return
          rows.push({
            row: {
              experience_id: experience.slug,
              experience_title: experience.title,
              ...departure,
              bookings: [],
            },
            order,
          })
        })
      }
    }
  }

  addCancelled(rows, cancelled, bySlug)

  return rows
    .sort(
      (a, b) =>
        a.row.date.localeCompare(b.row.date) ||
        a.row.experience_title.localeCompare(b.row.experience_title, 'en-GB') ||
        a.row.experience_id.localeCompare(b.row.experience_id) ||
        a.order - b.order,
    )
    .map(({row}) => assignments.decorate(row))
}

/** Cancelled departures stay in the view (issue 42): when, by whom, why, and how each traveller answered. */
function addCancelled(
  rows: {row: DepartureRow; order: number}[],
  cancelled: readonly StoredCancelledDeparture[],
  bySlug: ReadonlyMap<string, ExperienceWithRules>,
) {
  for (const stored of cancelled) {
    // The query asks for `defined(cancelled_at)`; the generated type cannot know that.
    if (!stored.cancelled_at) continue
    const cancellation = cancelledDeparture({...stored, cancelled_at: stored.cancelled_at})
    const onIt = rows.filter(
      ({row}) => row.experience_id === stored.experience_id && row.date === stored.date,
    )
    if (onIt.length) {
      for (const {row} of onIt) row.cancelled = cancellation
      continue
    }
    const experience = bySlug.get(stored.experience_id)
    rows.push({
      row: {
        experience_id: experience?.slug ?? stored.experience_id,
        experience_title: experience?.title ?? stored.experience_id,
        date: stored.date,
        slot: '',
        ...placesCount({capacity: 0, confirmed: 0, requested: 0, held: 0}),
        bookings: [],
        cancelled: cancellation,
      },
      order: 0,
    })
  }
}

/**
 * The cancelled departures in a range with the travellers that were on them: two flat queries joined here, so the
 * read costs departures + bookings, never departures × bookings (docs/decisions/217-departures-view-flat-queries.md).
 */
async function loadCancelled(
  deps: StaffDeps,
  {from, to}: {from: string; to: string},
): Promise<StoredCancelledDeparture[]> {
  const departures = await deps.client.fetch(cancelledDeparturesQuery, {from, to})
  const cancelledAts = [...new Set(departures.flatMap((d) => (d.cancelled_at ? [d.cancelled_at] : [])))]
  if (cancelledAts.length === 0) return departures.map((d) => ({...d, bookings: []}))
  const bookings = await deps.client.fetch(cancelledDepartureBookingsQuery, {
    experiences: [...new Set(departures.map((d) => d.experience_id))],
    cancelledAts,
  })
  return departures.map((departure) => ({
    ...departure,
    bookings: bookings.filter(
      (booking) =>
        booking.experience_id === departure.experience_id &&
        departure.cancelled_at !== null &&
        (booking.cancelledAts ?? []).includes(departure.cancelled_at),
    ),
  }))
}

type StoredCancelledDeparture = {
  experience_id: string
  date: string
  cancelled_at: string | null
  cancelled_by?: string | null
  cancelled_reason?: string | null
  bookings: {
    _id: string
    booking_ref?: string | null
    name?: string | null
    date: string
    pax?: number | null
    status: string
    last?: string | null
  }[]
}

/** A cancelled departure's travellers with their answers, read from each booking's last history entry. */
function cancelledDeparture(
  stored: StoredCancelledDeparture & {cancelled_at: string},
): CancelledDeparture {
  return {
    at: stored.cancelled_at,
    by: stored.cancelled_by ?? '',
    reason: stored.cancelled_reason ?? '',
    travellers: stored.bookings.map((booking) => {
      const answer: CancellationAnswer =
        booking.last === CANCEL_DEPARTURE_ACTION
          ? 'not-answered'
          : booking.last === ACCEPT_CANCELLATION_ACTION
            ? 'accepted'
            : booking.last === MOVE_ACTION
              ? 'moved'
              : 'decided-by-staff'
      return {
        _id: booking._id,
        booking_ref: booking.booking_ref ?? null,
        name: booking.name ?? null,
        pax: booking.pax ?? null,
        answer,
        ...(answer === 'moved' ? {moved_to: booking.date} : {}),
      }
    }),
  }
}

/** The range from the request's query string: each parameter once, real dates, at most a quarter. */
function parseRange(
  search: URLSearchParams,
): {ok: true; range: DepartureRange} | {ok: false; result: HandlerResult} {
  const single = singleQueryParams(search, ['from', 'to', 'empty'])
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
  const {from, to, empty} = parsed.data
  return {ok: true, range: {from, to, includeEmpty: empty === '1'}}
}

export async function listDepartures(
  deps: StaffDeps,
  search: URLSearchParams,
): Promise<HandlerResult> {
  const parsed = parseRange(search)
  if (!parsed.ok) return parsed.result
  const {from, to, includeEmpty} = parsed.range
  return {
    status: 200,
    body: {
      from,
      to,
      includeEmpty,
      departures: await loadDepartures(deps, parsed.range),
    } satisfies DeparturesAnswer,
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
  'Attendance',
] as const

/**
 * One line per booking with its departure's numbers, and one with the numbers alone for a departure nobody has
 * booked (listed when the view includes them); cells guarded against spreadsheet formulas.
 */
export function departuresToCsv(rows: DepartureRow[]): string {
  const lines = rows.flatMap((d) =>
    d.cancelled ? cancelledCsvLines(d, d.cancelled) : departureCsvLines(d),
  )
  return '\uFEFF' + [MANIFEST_CSV_COLUMNS.map(csvCell).join(','), ...lines].join('\r\n') + '\r\n'
}

/**
 * A cancelled departure says so where its places would be (never "capacity 8, 8 left"), with one line per traveller
 * who was on it and their answer.
 */
function cancelledCsvLines(d: DepartureRow, cancelled: CancelledDeparture): string[] {
  const status = `Cancelled by us (${formatLongDateTime(cancelled.at)}, ${cancelled.by}): ${cancelled.reason}`
  return (cancelled.travellers.length > 0 ? cancelled.travellers : [null]).map((traveller) =>
    [
      d.date,
      d.experience_title,
      d.slot || 'Any time',
      'Cancelled',
      '',
      '',
      0,
      traveller?.booking_ref,
      traveller
        ? `${CANCELLATION_ANSWER_TITLES[traveller.answer]}${traveller.moved_to ? ` to ${traveller.moved_to}` : ''}`
        : status,
      traveller?.name,
      traveller?.pax,
      '',
      '',
      '',
      '',
      traveller ? status : '',
      '',
    ]
      .map(csvCell)
      .join(','),
  )
}

/** "Checked in (Pat Guide, 2026-11-28 09:05)": a booking's attendance in a CSV cell, or nothing before it. */
export function attendanceInWords(attendance: ManifestBooking['attendance']): string {
  if (!attendance?.state) return ''
  const when = attendance.at ? `, ${formatSpreadsheetDateTime(attendance.at)}` : ''
  return `${ATTENDANCE_TITLES[attendance.state]} (${attendance.by ?? ''}${when})`
}

function departureCsvLines(d: DepartureRow): string[] {
  return (d.bookings.length > 0 ? d.bookings : [null]).map((booking) => {
    const b: Partial<ManifestBooking> = booking ?? {}
    return [
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
      attendanceInWords(b.attendance),
    ]
      .map(csvCell)
      .join(',')
  })
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

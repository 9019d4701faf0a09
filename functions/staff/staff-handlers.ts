import {randomBytes} from 'node:crypto'

import {z} from 'zod'

import {BOOKING_STATUS_VALUES, type BookingStatus} from '@repo/schemas/booking-status.ts'
import {todayInCapeTown} from '@repo/schemas/iso-date.ts'
import {changedByFields, type ChangedBy} from '@repo/schemas/request-decisions.ts'
import {staffNotesSchema, statusChangeSchema} from '@repo/schemas/staff-booking-changes.ts'
import {
  BOOKING_VIEW_VALUES,
  type BookingChanged,
  type BookingConflict,
  type BookingList,
  type StaffBooking,
} from '@repo/schemas/staff-bookings.ts'
import {
  waitingCutoff,
  workingHoursBetween,
  type ResponseSettings,
} from '@repo/schemas/working-hours.ts'
import {isConflict} from '@repo/schemas/lake-errors.ts'

import {bookingsToCsv} from './bookings-csv.ts'
import {confirmWithCapacity} from './confirm-booking.ts'
import {
  staffBookingByIdQuery,
  staffBookingsCsvQuery,
  staffBookingsOverviewQuery,
  staffBookingsPageQueries,
} from './bookings-queries.ts'
import {cachedResponseSettings} from './response-settings.ts'
import type {HandlerResult, Overview, StaffDeps} from './staff-deps.ts'

export {
  createOverviewCache,
  type HandlerResult,
  type Overview,
  type OverviewCache,
  type StaffDeps,
} from './staff-deps.ts'

/**
 * The list, its tiles and the CSV read published bookings: the bookings client reads raw (drafts too), and a
 * booking an editor has open in the studio would otherwise show twice.
 */
const PUBLISHED = {perspective: 'published'} as const

/** What decides, for one moment, which requests wait too long: the same values for the page and the tiles. */
type WaitingRule = {cutoff: string; today: string; settings: ResponseSettings; now: Date}

async function waitingRule(deps: StaffDeps): Promise<WaitingRule> {
  const now = deps.now()
  const settings = await cachedResponseSettings(deps.content, now.getTime())
  return {
    cutoff: waitingCutoff(now, settings.responseTargetHours, settings.workingHours).toISOString(),
    today: todayInCapeTown(now),
    settings,
    now,
  }
}

async function loadOverview(deps: StaffDeps, rule: WaitingRule): Promise<Overview> {
  const cached = deps.overview?.get()
  if (cached) return cached
  const rows = await deps.client.fetch<
    {
      status?: string
      pax_total?: number | null
      experience_title?: string | null
      created_at?: string | null
      date?: string | null
    }[]
  >(staffBookingsOverviewQuery, {}, PUBLISHED)
  const count = (status: string) => rows.filter((row) => row.status === status).length
  // As the page query decides it (bookings-queries.ts), string comparisons included.
  const waiting = rows.filter(
    (row) =>
      row.status === 'new' &&
      typeof row.created_at === 'string' &&
      row.created_at <= rule.cutoff &&
      (typeof row.date !== 'string' || row.date >= rule.today),
  ).length
  const overview: Overview = {
    summary: {
      total: rows.length,
      new: count('new'),
      contacted: count('contacted'),
      confirmed: count('confirmed'),
      pax: rows.reduce(
        (sum, row) => sum + (typeof row.pax_total === 'number' ? row.pax_total : 0),
        0,
      ),
      waiting,
    },
    experiences: [
      ...new Set(rows.map((row) => row.experience_title).filter((t): t is string => !!t)),
    ].sort((a, b) => a.localeCompare(b, 'en-GB')),
  }
  deps.overview?.set(overview)
  return overview
}

export const PAGE_SIZE_MAX = 100
export const CSV_LIMIT = 50_000

const statusValues = BOOKING_STATUS_VALUES as [BookingStatus, ...BookingStatus[]]

export const bookingListParamsSchema = z.object({
  search: z
    .string()
    .trim()
    .max(200)
    .default('')
    .transform((value) => value.toLowerCase()),
  status: z.union([z.enum(statusValues), z.literal('')]).default(''),
  experience: z.string().max(200).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(25),
  /** Trips today or later (or without a date), trips whose date has passed, or every booking. */
  view: z.enum(BOOKING_VIEW_VALUES).default('active'),
})

export type BookingListParams = z.output<typeof bookingListParamsSchema>

const badRequest = (error: z.ZodError): HandlerResult => ({
  status: 400,
  body: {error: 'Invalid request', fieldErrors: z.flattenError(error).fieldErrors},
})

export async function listBookings(
  deps: StaffDeps,
  query: Record<string, string | undefined>,
): Promise<HandlerResult> {
  const parsed = bookingListParamsSchema.safeParse(query)
  if (!parsed.success) return badRequest(parsed.error)
  const {search, status, experience, page, pageSize, view} = parsed.data
  const start = (page - 1) * pageSize
  const rule = await waitingRule(deps)
  // One row more than the page tells whether there is a next page without counting every match.
  const [rows, overview] = await Promise.all([
    deps.client.fetch<StaffBooking[]>(
      staffBookingsPageQueries[view],
      {
        search,
        status,
        experience,
        today: rule.today,
        cutoff: rule.cutoff,
        start,
        end: start + pageSize + 1,
      },
      PUBLISHED,
    ),
    loadOverview(deps, rule),
  ])
  const {workingHours} = rule.settings
  return {
    status: 200,
    body: {
      bookings: rows.slice(0, pageSize).map((row) => ({
        ...row,
        waiting_hours:
          row.status === 'new' && typeof row.created_at === 'string'
            ? Math.floor(workingHoursBetween(new Date(row.created_at), rule.now, workingHours))
            : null,
      })),
      responseTargetHours: rule.settings.responseTargetHours,
      page,
      pageSize,
      hasMore: rows.length > pageSize,
      ...overview,
    } satisfies BookingList,
  }
}

export async function exportBookingsCsv(
  deps: StaffDeps,
  query: Record<string, string | undefined>,
): Promise<{status: 200; body: string} | HandlerResult> {
  const parsed = bookingListParamsSchema.safeParse(query)
  if (!parsed.success) return badRequest(parsed.error)
  const {search, status, experience, view} = parsed.data
  const rows = await deps.client.fetch<Record<string, unknown>[]>(
    staffBookingsCsvQuery,
    {
      search,
      status,
      experience,
      view,
      today: todayInCapeTown(deps.now()),
      limit: CSV_LIMIT,
    },
    PUBLISHED,
  )
  return {status: 200, body: bookingsToCsv(rows)}
}

async function patchWithRevision(
  deps: StaffDeps,
  id: string,
  revision: string,
  set: Record<string, unknown>,
  history?: {status: BookingStatus; by: ChangedBy},
): Promise<HandlerResult> {
  const current = await deps.client.fetch<StaffBooking | null>(staffBookingByIdQuery, {id})
  if (!current) return {status: 404, body: {error: 'Booking not found'}}
  if (current._rev !== revision) {
    return {
      status: 409,
      body: {
        error: 'This booking was changed by someone else.',
        booking: current,
      } satisfies BookingConflict,
    }
  }
  let patch = deps.client.patch(id).ifRevisionId(revision).set(set)
  if (history) {
    patch = patch.setIfMissing({status_history: []}).append('status_history', [
      {
        _key: randomBytes(6).toString('hex'),
        _type: 'statusChange',
        status: history.status,
        at: deps.now().toISOString(),
        ...changedByFields(history.by),
      },
    ])
  }
  try {
    if (deps.activity) {
      const ref = typeof current.booking_ref === 'string' ? current.booking_ref : null
      await deps.client
        .transaction()
        .patch(patch)
        .create(deps.activity({booking: {id, ref}}))
        .commit()
    } else {
      await patch.commit()
    }
  } catch (error) {
    if (!isConflict(error)) throw error
    const latest = await deps.client.fetch<StaffBooking | null>(staffBookingByIdQuery, {id})
    return {
      status: 409,
      body: {
        error: 'This booking was changed by someone else.',
        booking: latest,
      } satisfies BookingConflict,
    }
  }
  deps.overview?.clear()
  const updated = await deps.client.fetch<StaffBooking>(staffBookingByIdQuery, {id})
  return {status: 200, body: {booking: updated} satisfies BookingChanged}
}

export async function changeStatus(
  deps: StaffDeps,
  id: string,
  body: unknown,
  by: ChangedBy,
): Promise<HandlerResult> {
  const parsed = statusChangeSchema.safeParse(body)
  if (!parsed.success) return badRequest(parsed.error)
  const {status, revision, confirmAnyway} = parsed.data
  if (status === 'confirmed') {
    const confirmed = await confirmWithCapacity(deps, id, revision, by, confirmAnyway === true)
    if (confirmed) return confirmed
  }
  return patchWithRevision(deps, id, revision, {status}, {status, by})
}

export async function saveStaffNotes(
  deps: StaffDeps,
  id: string,
  body: unknown,
): Promise<HandlerResult> {
  const parsed = staffNotesSchema.safeParse(body)
  if (!parsed.success) return badRequest(parsed.error)
  return patchWithRevision(deps, id, parsed.data.revision, {staff_notes: parsed.data.notes})
}

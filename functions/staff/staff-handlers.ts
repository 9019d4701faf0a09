import {randomBytes} from 'node:crypto'

import {z} from 'zod'

import {BOOKING_STATUS_VALUES, type BookingStatus} from '@repo/schemas/booking-status.ts'
import {todayInCapeTown} from '@repo/schemas/iso-date.ts'
import {
  changedByFields,
  type ChangedBy,
  type StatusHistoryEntry,
} from '@repo/schemas/request-decisions.ts'
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
import {bookingValue} from '@repo/schemas/reports.ts'

import {bookingsToCsv} from './bookings-csv.ts'
import {confirmWithCapacity} from './confirm-booking.ts'
import type {DecisionDeps} from './decide-booking.ts'
import {bookingMailValues, type BookingForMail} from '../lib/booking-mail-values.ts'
import {calendarPartFor, wasConfirmedBefore} from '../lib/booking-calendar.ts'
import {composeMail} from '../lib/mail-content.ts'
import {outboxMailDocument, type OutboxMailDocument} from '../lib/mailer.ts'
import {tripMailValues} from '../lib/trip-mail-values.ts'
import {
  staffBookingByIdQuery,
  staffBookingsCsvQuery,
  staffBookingsOverviewQuery,
  staffBookingsPageQueries,
} from './bookings-queries.ts'
import {cachedResponseSettings} from './response-settings.ts'
import {reportExperiencesQuery} from './reports/queries/report-experiences-query.ts'
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
  const rows = await deps.client.fetch(staffBookingsOverviewQuery, {}, PUBLISHED)
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
    // Typed-query exception (docs/decisions/189): the page queries are composed per view (bookings-queries.ts),
    // which typegen cannot read; the rows are `bookingFields`, the projection staffBookingByIdQuery types.
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
  const [rows, prices] = await Promise.all([
    // Typed-query exception (docs/decisions/189): the search filter is composed (bookings-queries.ts).
    deps.client.fetch<Record<string, unknown>[]>(
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
    ),
    deps.content
      ? deps.content.fetch(reportExperiencesQuery)
      : Promise.resolve([]),
  ])
  const priceOf = new Map(prices.map((e) => [e.slug, e.price]))
  // The Reports page's value of each request (reports.ts), so the spreadsheet adds up to its figures.
  const valued = rows.map((row) => ({
    ...row,
    value_zar: bookingValue(
      priceOf.get(String(row.experience_id)),
      typeof row.pax_total === 'number' ? row.pax_total : null,
    ),
  }))
  return {status: 200, body: bookingsToCsv(valued)}
}

async function patchWithRevision(
  deps: StaffDeps,
  id: string,
  revision: string,
  set: Record<string, unknown>,
  history?: {status: BookingStatus; by: ChangedBy; key?: string; mail?: MailFor},
): Promise<HandlerResult> {
  const current: StaffBooking | null = await deps.client.fetch(staffBookingByIdQuery, {id})
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
  let mail: OutboxMailDocument | null = null
  if (history) {
    const entry = {
      _key: history.key ?? randomBytes(6).toString('hex'),
      _type: 'statusChange' as const,
      status: history.status,
      at: deps.now().toISOString(),
      ...changedByFields(history.by),
    }
    mail = (await history.mail?.(current, entry)) ?? null
    patch = patch
      .setIfMissing({status_history: []})
      .append('status_history', [{...entry, ...(mail ? {mail_id: mail.mail_id} : {})}])
  }
  try {
    if (deps.activity || mail) {
      const ref = typeof current.booking_ref === 'string' ? current.booking_ref : null
      const transaction = deps.client.transaction().patch(patch)
      if (mail) transaction.createIfNotExists(mail)
      if (deps.activity) transaction.create(deps.activity({booking: {id, ref}}))
      await transaction.commit()
    } else {
      await patch.commit()
    }
  } catch (error) {
    if (!isConflict(error)) throw error
    const latest: StaffBooking | null = await deps.client.fetch(staffBookingByIdQuery, {id})
    return {
      status: 409,
      body: {
        error: 'This booking was changed by someone else.',
        booking: latest,
      } satisfies BookingConflict,
    }
  }
  deps.overview?.clear()
  const updated: StaffBooking | null = await deps.client.fetch(staffBookingByIdQuery, {id})
  if (!updated) return {status: 404, body: {error: 'Booking not found'}}
  return {status: 200, body: {booking: updated} satisfies BookingChanged}
}

export async function changeStatus(
  deps: StaffDeps,
  id: string,
  body: unknown,
  by: ChangedBy,
  /** Mail content and links, for the traveller's calendar (without them, a change mails nobody). */
  calendar?: DecisionDeps,
): Promise<HandlerResult> {
  const parsed = statusChangeSchema.safeParse(body)
  if (!parsed.success) return badRequest(parsed.error)
  const {status, revision, confirmAnyway} = parsed.data
  const key = randomBytes(6).toString('hex')
  const mail = calendar ? statusCalendarMail(calendar, status) : undefined
  if (status === 'confirmed') {
    // The mail is composed from the booking as the confirmation reads it; its entry carries the mail's id.
    const current: StaffBooking | null = mail
      ? await deps.client.fetch(staffBookingByIdQuery, {id})
      : null
    const at = deps.now().toISOString()
    const document =
      current && mail ? await mail(current, {_key: key, status, at, ...changedByFields(by)}) : null
    const confirmed = await confirmWithCapacity(
      deps,
      id,
      revision,
      by,
      confirmAnyway === true,
      document ? {entry: {_key: key, mail_id: document.mail_id}, documents: [document]} : undefined,
    )
    if (confirmed) {
      if (confirmed.status === 200 && document) calendar?.queued()
      return confirmed
    }
  }
  const result = await patchWithRevision(deps, id, revision, {status}, {status, by, key, mail})
  if (result.status === 200 && mail) calendar?.queued()
  return result
}

type MailFor = (
  booking: StaffBooking,
  entry: {_key: string; status: string; at: string},
) => Promise<OutboxMailDocument | null>

/**
 * A status set by hand from the dashboard's menu changes the traveller's calendar only where it holds the trip:
 * a confirmed trip declined or closed gets the calendar's cancellation (with the team's cancellation mail), and one
 * confirmed again after that gets the confirmation with the event back (the next SEQUENCE). A first
 * confirmation from the menu stays silent, as it always was: the Confirm decision is the one that mails.
 */
function statusCalendarMail(calendar: DecisionDeps, status: BookingStatus): MailFor {
  return async (booking, entry) => {
    if (!booking.email) return null
    const history = [
      ...((booking.status_history ?? []) as StatusHistoryEntry[]),
      entry as StatusHistoryEntry,
    ]
    const confirmedBefore = wasConfirmedBefore(history, entry._key)
    const everConfirmed = history.slice(0, -1).some((e) => e.status === 'confirmed')
    const cancels = confirmedBefore && (status === 'declined' || status === 'closed')
    const confirmsAgain = status === 'confirmed' && !confirmedBefore && everConfirmed
    if (!cancels && !confirmsAgain) return null
    const content = await calendar.mailContent()
    const forMail = {...(booking as BookingForMail), status_history: history}
    const composed = composeMail(
      cancels ? 'bookingCancelled' : 'confirmation',
      {...bookingMailValues(forMail, calendar.links), ...tripMailValues(forMail, content)},
      content,
      {to: booking.email},
    )
    const part = calendarPartFor(
      forMail,
      entry,
      cancels ? 'CANCEL' : 'REQUEST',
      content,
      calendar.links,
    )
    const mailId = `${booking._id}-status-${entry._key}`
    return outboxMailDocument(
      mailId,
      part ? {...composed, calendar: part} : composed,
      booking._id,
      entry.at,
    )
  }
}

/** The team's notes, with who saved them and when: shown apart from the traveller's own notes everywhere. */
export async function saveStaffNotes(
  deps: StaffDeps,
  id: string,
  body: unknown,
  by: {name: string; id: string},
): Promise<HandlerResult> {
  const parsed = staffNotesSchema.safeParse(body)
  if (!parsed.success) return badRequest(parsed.error)
  return patchWithRevision(deps, id, parsed.data.revision, {
    staff_notes: parsed.data.notes,
    staff_notes_by: by.name,
    staff_notes_by_id: by.id,
    staff_notes_at: deps.now().toISOString(),
  })
}

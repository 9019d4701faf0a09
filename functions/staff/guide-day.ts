import {z} from 'zod'

import {
  ATTENDANCE_STATES,
  guideMayOpen,
  guideSeesPhones,
  TODAY_VIEW_DAYS,
  type Attendance,
  type AttendanceAnswer,
  type TodayAnswer,
  type TodayDeparture,
  type TodayTraveller,
} from '@repo/schemas/guide-day.ts'
import {addDays, isIsoDate, todayInCapeTown} from '@repo/schemas/iso-date.ts'
import {isConflict} from '@repo/schemas/lake-errors.ts'
import {meetingPointInWords, meetingPointMapLink, startTimeOn} from '@repo/schemas/trip-details.ts'

import {checkRequestLink} from '../lib/request-link.ts'
import {
  attendanceBookingQuery,
  guideDayQuery,
  guideDayTripsQuery,
} from './queries/guide-day-query.ts'
import type {StaffDeps} from './staff-deps.ts'
import type {SessionPerson} from './staff-session-store.ts'

/**
 * The guide's day (issue 46, docs/decisions/242-guide-day-and-check-in.md): the departures of today and tomorrow
 * with their manifests, and who came. A guide sees only the departures they are assigned to (the lock document's
 * `guide_ids`), the phones on the day only, and a past manifest for `GUIDE_MANIFEST_DAYS_AFTER` days; managers and
 * owners see every departure.
 */

type Result<T> = {status: 200; body: T} | {status: 400 | 403 | 404 | 409; body: {error: string}}

const refused = (status: 400 | 403 | 404 | 409, error: string) => ({status, body: {error}}) as const

const NOT_ASSIGNED = 'You are not a guide on this departure.'
const TOO_OLD =
  'This manifest is closed: a guide sees a departure’s travellers for a few days only.'

/** Whether the person sees every departure (managers, owners), or only the ones they guide. */
const seesAll = (person: SessionPerson) => person.role !== 'guide'

/** A booking's language as the manifest says it: the English name of its code, English when none. */
export function languageName(code: string | null | undefined): string {
  const given = code?.trim()
  if (!given) return 'English'
  try {
    return new Intl.DisplayNames(['en-GB'], {type: 'language'}).of(given) ?? given
  } catch {
    return given
  }
}

/** When a no-show may be recorded: the start on Cape Town's clock (UTC+2, no daylight saving), else the day's start. */
export const noShowFrom = (date: string, start: string | null) =>
  new Date(`${date}T${start ?? '00:00'}:00+02:00`).toISOString()

async function loadDay(
  deps: StaffDeps,
  person: SessionPerson,
  dates: readonly string[],
): Promise<TodayAnswer> {
  const today = todayInCapeTown(deps.now())
  const {departures, bookings} = await deps.client.fetch(guideDayQuery, {dates: [...dates]})
  const assigned = new Set(
    departures
      .filter((d) => (d.guide_ids ?? []).includes(person.id))
      .map((d) => `${d.experience_id}|${d.date}`),
  )
  const mine = bookings.filter(
    (b) => seesAll(person) || assigned.has(`${b.experience_id}|${b.date}`),
  )
  const slugs = [...new Set(mine.map((b) => b.experience_id))]
  const trips =
    slugs.length && deps.content ? await deps.content.fetch(guideDayTripsQuery, {slugs}) : []
  const groups = new Map<string, typeof mine>()
  for (const booking of mine) {
    const key = `${booking.date}|${booking.experience_id}`
    groups.set(key, [...(groups.get(key) ?? []), booking])
  }
  const answer: TodayDeparture[] = [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, list]) => {
      const first = list[0]!
      const trip = trips.find((t) => t.slug === first.experience_id)
      const start = startTimeOn(first.date, trip)
      const words = meetingPointInWords(trip?.meetingPoint)
      const phones = seesAll(person) || guideSeesPhones(first.date, today)
      return {
        experience_id: first.experience_id,
        experience_title: trip?.title ?? first.experience_title,
        date: first.date,
        start,
        meeting_point: words ? {words, map: meetingPointMapLink(trip?.meetingPoint)} : null,
        no_show_from: noShowFrom(first.date, start),
        travellers: list.map((b): TodayTraveller => ({
          _id: b._id,
          booking_ref: b.booking_ref,
          name: b.name,
          pax: b.pax,
          language: languageName(b.language),
          ...(phones ? {phone: b.phone} : {}),
          notes: b.notes?.trim() ? b.notes : null,
          notes_at: b.notes?.trim() ? b.created_at : null,
          staff_notes: b.staff_notes?.trim() ? b.staff_notes : null,
          staff_notes_by: b.staff_notes_by,
          staff_notes_at: b.staff_notes_at,
          attendance: attendanceOf(b.attendance),
        })),
      }
    })
  return {today, departures: answer}
}

const attendanceOf = (stored: Partial<Attendance> | null): Attendance | null =>
  stored?.state && stored.at
    ? {state: stored.state, at: stored.at, by: stored.by ?? '', by_id: stored.by_id ?? ''}
    : null

/** `GET /today`: the person's departures of today and tomorrow, with their manifests. */
export async function loadToday(
  deps: StaffDeps,
  person: SessionPerson,
): Promise<Result<TodayAnswer>> {
  const today = todayInCapeTown(deps.now())
  const dates = Array.from({length: TODAY_VIEW_DAYS}, (_, day) => addDays(today, day))
  return {status: 200, body: await loadDay(deps, person, dates)}
}

const manifestParams = z.object({
  experience: z.string({error: 'Give the experience.'}).min(1, 'Give the experience.').max(200),
  date: z
    .string({error: 'Give the date as yyyy-MM-dd.'})
    .refine(isIsoDate, 'Give the date as yyyy-MM-dd.'),
})

/**
 * `GET /manifest?experience=&date=`: one departure's manifest. A guide not on it is refused (403), as is a guide
 * asking for one older than `GUIDE_MANIFEST_DAYS_AFTER` days.
 */
export async function loadManifest(
  deps: StaffDeps,
  person: SessionPerson,
  search: URLSearchParams,
): Promise<Result<TodayDeparture | null>> {
  const parsed = manifestParams.safeParse(Object.fromEntries(search))
  if (!parsed.success) return refused(400, parsed.error.issues[0]?.message ?? 'Check the query.')
  const {experience, date} = parsed.data
  const today = todayInCapeTown(deps.now())
  if (!seesAll(person) && !guideMayOpen(date, today)) return refused(403, TOO_OLD)
  const day = await loadDay(deps, person, [date])
  const departure = day.departures.find((d) => d.experience_id === experience) ?? null
  if (!departure && !seesAll(person)) return refused(403, NOT_ASSIGNED)
  return {status: 200, body: departure}
}

const attendanceBody = z
  .object({
    booking: z.string().min(1).max(128).optional(),
    /** The ticket's QR code (check-in-ticket.ts), scanned. */
    token: z.string().min(1).max(400).optional(),
    state: z.enum(ATTENDANCE_STATES, {error: 'Say "came" or "no-show".'}),
  })
  .strict()
  .refine((body) => (body.booking === undefined) !== (body.token === undefined), {
    message: 'Give the booking or the scanned ticket, not both.',
  })

/** How many times a change lost to another server's (the lock's revision moved) is read and tried again. */
const ATTEMPTS = 5

/**
 * `POST /attendance`: records that a traveller came (by a tap on their name or their ticket's QR code) or did not
 * (after the start). Idempotent: what is stored is never recorded again (a second scan, a queued request sent twice,
 * two servers at once, decided by the booking's revision), and the answer says `already`. A late arrival after a
 * no-show is still checked in; a check-in is final.
 */
export async function recordAttendance(
  deps: StaffDeps,
  person: SessionPerson,
  body: unknown,
  ticketSecret: string,
): Promise<Result<AttendanceAnswer>> {
  const parsed = attendanceBody.safeParse(body)
  if (!parsed.success) return refused(400, parsed.error.issues[0]?.message ?? 'Check the request.')
  const {state} = parsed.data
  let id = parsed.data.booking
  if (parsed.data.token !== undefined) {
    const ticket = checkRequestLink(ticketSecret, parsed.data.token, deps.now(), 'check-in')
    if (!ticket.ok)
      return refused(
        400,
        ticket.reason === 'expired'
          ? 'This ticket has expired.'
          : 'This is not one of our tickets.',
      )
    id = ticket.bookingId
  }
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const booking = await deps.client.fetch(attendanceBookingQuery, {id: id!})
    if (!booking) return refused(404, 'No such booking.')
    if (!seesAll(person) && !(booking.guide_ids ?? []).includes(person.id))
      return refused(403, NOT_ASSIGNED)
    const now = deps.now()
    const today = todayInCapeTown(now)
    if (!seesAll(person) && !guideMayOpen(booking.date, today)) return refused(403, TOO_OLD)
    if (booking.status !== 'confirmed')
      return refused(409, `${booking.name} is not confirmed for this trip.`)
    const summary = {
      _id: booking._id,
      booking_ref: booking.booking_ref,
      name: booking.name,
      pax: booking.pax,
    }
    const stored = attendanceOf(booking.attendance)
    if (stored && (stored.state === 'came' || stored.state === state))
      return {status: 200, body: {booking: summary, attendance: stored, outcome: 'already'}}
    if (booking.date > today) return refused(409, 'Check-in opens on the day of the trip.')
    if (state === 'no-show') {
      const trip = deps.content
        ? await deps.content.fetch(guideDayTripsQuery, {slugs: [booking.experience_id]})
        : []
      const from = noShowFrom(booking.date, startTimeOn(booking.date, trip[0]))
      if (now.toISOString() < from)
        return refused(409, 'A no-show can be recorded once the trip has started.')
    }
    const attendance: Attendance = {state, at: now.toISOString(), by: person.name, by_id: person.id}
    try {
      await deps.client
        .patch(booking._id)
        .ifRevisionId(booking._rev)
        .set({attendance})
        .commit({visibility: 'sync'})
      return {status: 200, body: {booking: summary, attendance, outcome: 'recorded'}}
    } catch (error) {
      // Another server (or this one) changed the booking since it was read: read it again and decide afresh.
      if (!isConflict(error)) throw error
    }
  }
  return refused(409, 'The booking is changing; try again.')
}

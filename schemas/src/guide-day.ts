import {addDays} from './iso-date.ts'

/**
 * The guide's day (issue 46): the "Today" view of their departures and the check-ins they record, as the staff API
 * answers it (functions/staff/guide-day.ts) and the dashboard's Today view reads it.
 */

/**
 * How many days after a departure its guide may still open its manifest (names, notes; never the phones, which are
 * shown on the day only). POPIA's minimality: a guide needs a manifest to settle a question about the trip for a few
 * days (a lost item, a late no-show), not to keep a list of travellers; the office keeps the records.
 */
export const GUIDE_MANIFEST_DAYS_AFTER = 3

/** The departures the Today view lists: today's and tomorrow's. */
export const TODAY_VIEW_DAYS = 2

/** Whether a guide may still open a manifest of `date` on `today` (both Cape Town dates). */
export const guideMayOpen = (date: string, today: string): boolean =>
  date >= addDays(today, -GUIDE_MANIFEST_DAYS_AFTER) && date <= addDays(today, TODAY_VIEW_DAYS - 1)

/** Whether a guide sees the travellers' phones of a departure on `date`: on the day only. */
export const guideSeesPhones = (date: string, today: string): boolean => date === today

export const ATTENDANCE_STATES = ['came', 'no-show'] as const
export type AttendanceState = (typeof ATTENDANCE_STATES)[number]

export const ATTENDANCE_TITLES: Record<AttendanceState, string> = {
  'came': 'Checked in',
  'no-show': 'No-show',
}

/** What is stored on a booking once its traveller came or did not: who recorded it, and when (ISO). */
export type Attendance = {state: AttendanceState; at: string; by: string; by_id: string}

/** One traveller (one booking) on the guide's manifest. */
export type TodayTraveller = {
  _id: string
  booking_ref: string | null
  name: string | null
  pax: number | null
  /** The traveller's language as English names it; English when the booking says none. */
  language: string
  /** Absent off the day for guides (`guideSeesPhones`). */
  phone?: string | null
  /** The traveller's own notes, written when they asked (`notes_at`). */
  notes: string | null
  notes_at: string | null
  staff_notes: string | null
  staff_notes_by: string | null
  staff_notes_at: string | null
  attendance: Attendance | null
}

export type TodayDeparture = {
  experience_id: string
  experience_title: string
  date: string
  /** `HH:mm` on Cape Town's clock, or null when the experience gives no start time. */
  start: string | null
  meeting_point: {words: string; map: string | null} | null
  /** From when a no-show may be recorded (ISO); null when there is no start time (then from the day's start). */
  no_show_from: string
  travellers: TodayTraveller[]
}

/** `GET /api/staff/today`: Cape Town's date, and the person's departures of today and tomorrow. */
export type TodayAnswer = {today: string; departures: TodayDeparture[]}

/** `POST /api/staff/attendance`'s answer: what is stored now, and whether this request stored it. */
export type AttendanceAnswer = {
  booking: {_id: string; booking_ref: string | null; name: string | null; pax: number | null}
  attendance: Attendance
  /** `already`: it was recorded before (a second scan or tap, or a queued request sent again): nothing changed. */
  outcome: 'recorded' | 'already'
}

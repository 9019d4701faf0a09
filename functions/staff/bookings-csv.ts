import {bookingStatusTitle} from '@repo/schemas/booking-status.ts'
import {
  ACCEPT_CANCELLATION_ACTION,
  CANCEL_DEPARTURE_ACTION,
} from '@repo/schemas/departure-cancellation.ts'
import {formatSpreadsheetDateTime} from '@repo/schemas/format-date.ts'

/**
 * CSV of bookings for spreadsheets. Cells a spreadsheet would read as a formula get a leading apostrophe, so a
 * traveller's "name" cannot run code on a staff machine (OWASP CSV injection): those starting with = + - @ (also
 * after spaces, and their full-width forms ＝ ＋ － ＠, which some spreadsheets read as the ASCII ones), tab, CR or
 * LF. Any cell holding a separator of any locale (comma, semicolon, tab), a quote or a line break is quoted, so
 * one opened with ";" as the separator cannot split into a new cell that starts a formula.
 */
const FORMULA_START = /^(?:[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r\n])/
const NEEDS_QUOTES = /[",;\t\r\n]/

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  let text = typeof value === 'string' ? value : String(value)
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`
  return NEEDS_QUOTES.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * A phone as travellers write one: a leading + or digit, then digits, spaces and ( ) - . / only. With no letter it
 * can name no function, cell or link, so it is no formula to guard against, and is written as given: the
 * apostrophe of the guard would show in the spreadsheet ("'+27 82…"). Anything else in the column is guarded as
 * every other cell is.
 */
const PHONE_SHAPE = /^\+?[0-9][0-9 ()\-./]*$/

export function csvPhoneCell(value: unknown): string {
  if (typeof value === 'string' && PHONE_SHAPE.test(value)) return `"${value}"`
  return csvCell(value)
}

/**
 * The words for a status in the CSV, as the dashboard says it. A state with its own words beyond the booking
 * statuses' titles is one line here.
 */
const CSV_STATUS_LABELS: Record<string, string> = {
  /** Closed because the team cancelled its departure (weather, conditions), not by the traveller or a decision. */
  'closed-by-cancelled-departure': 'Cancelled by us (departure cancelled)',
}

function statusLabel(status: unknown, history: unknown): string {
  if (typeof status !== 'string') return ''
  const entries = Array.isArray(history) ? (history as {status?: unknown; action?: unknown}[]) : []
  // The entry that gave the booking its present status says why it has it.
  const reason = entries.findLast((entry) => entry.status === status)?.action
  const key =
    status === 'closed' &&
    (reason === CANCEL_DEPARTURE_ACTION || reason === ACCEPT_CANCELLATION_ACTION)
      ? 'closed-by-cancelled-departure'
      : status
  return CSV_STATUS_LABELS[key] ?? bookingStatusTitle(status)
}

export const CSV_COLUMNS = [
  ['booking_ref', 'Reference'],
  ['created_at', 'Created (SAST)'],
  ['status', 'Status'],
  ['experience_title', 'Experience'],
  ['date', 'Trip date'],
  ['preferred_time', 'Preferred time'],
  ['pax_adults', 'Adults'],
  ['pax_children', 'Children'],
  ['pax_total', 'Total pax'],
  /** The price per person times the party (bookingValue in @repo/schemas/reports.ts); no payment is taken. */
  ['value_zar', 'Value (ZAR)'],
  ['name', 'Name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['country', 'Country'],
  ['pickup_location', 'Pickup location'],
  ['notes', 'Special requests'],
  ['how_heard_about_us', 'How heard'],
  ['marketing_opt_in', 'Marketing opt-in'],
  ['staff_notes', 'Staff notes'],
  ['status_changes', 'Status changes'],
  /** A booking a reseller sold through OCTO: the reseller's name and its own reference. */
  ['reseller_name', 'Reseller'],
  ['reseller_reference', 'Reseller reference'],
] as const

type HistoryRow = {status?: unknown; at?: unknown; by?: unknown}

/** Each status change with when and who: "2026-11-20 12:01 Confirmed by Pat Jones", one per line. */
function statusChanges(history: unknown): string {
  if (!Array.isArray(history)) return ''
  return (history as HistoryRow[])
    .map((entry) =>
      [
        typeof entry.at === 'string' ? formatSpreadsheetDateTime(entry.at) : '',
        typeof entry.status === 'string' ? bookingStatusTitle(entry.status) : '',
        typeof entry.by === 'string' ? `by ${entry.by}` : '',
      ]
        .filter((part) => typeof part === 'string' && part)
        .join(' '),
    )
    .join('\n')
}

/** Stored as an ISO instant in UTC; the team reads it on Cape Town's clock, as the heading says. */
const createdAt = (value: unknown) =>
  typeof value === 'string' ? formatSpreadsheetDateTime(value) : value

export function bookingsToCsv(rows: Record<string, unknown>[]): string {
  const header = CSV_COLUMNS.map(([, title]) => csvCell(title)).join(',')
  const lines = rows.map((row) =>
    CSV_COLUMNS.map(([key]) =>
      key === 'phone'
        ? csvPhoneCell(row.phone)
        : csvCell(
            key === 'status_changes'
              ? statusChanges(row.status_history)
              : key === 'created_at'
                ? createdAt(row[key])
                : key === 'status'
                  ? statusLabel(row.status, row.status_history)
                  : row[key],
          ),
    ).join(','),
  )
  // CRLF per RFC 4180; the BOM makes Excel read UTF-8 names correctly.
  return '\uFEFF' + [header, ...lines].join('\r\n') + '\r\n'
}

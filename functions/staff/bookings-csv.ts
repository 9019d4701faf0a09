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
] as const

type HistoryRow = {status?: unknown; at?: unknown; by?: unknown}

/** Each status change with when and who: "2026-11-20 12:01 confirmed by Pat Jones", one per line. */
function statusChanges(history: unknown): string {
  if (!Array.isArray(history)) return ''
  return (history as HistoryRow[])
    .map((entry) =>
      [typeof entry.at === 'string' ? formatSpreadsheetDateTime(entry.at) : '', entry.status, typeof entry.by === 'string' ? `by ${entry.by}` : '']
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
      csvCell(
        key === 'status_changes'
          ? statusChanges(row.status_history)
          : key === 'created_at'
            ? createdAt(row[key])
            : row[key],
      ),
    ).join(','),
  )
  // CRLF per RFC 4180; the BOM makes Excel read UTF-8 names correctly.
  return '\uFEFF' + [header, ...lines].join('\r\n') + '\r\n'
}

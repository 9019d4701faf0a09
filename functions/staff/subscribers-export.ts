import {formatSpreadsheetDateTime} from '@repo/schemas/format-date.ts'

import {csvCell} from './bookings-csv.ts'
import type {StaffDeps} from './staff-deps.ts'

/**
 * The confirmed subscribers, for the mailing tool: only addresses whose owner confirmed and has not left since.
 * Pending (never confirmed) and unsubscribed addresses are never in it, whatever else they hold. A sign-up from
 * before the confirmation mail existed has no status: its owner ticked the consent box then, which was the whole
 * sign-up, so it counts as confirmed when it was made (decision 101).
 */
export const confirmedSubscribersQuery = /* groq */ `*[_type == "newsletterSignup" && (status == "confirmed" || !defined(status))] | order(coalesce(confirmed_at, consented_at) asc){
  email, name, "confirmed_at": coalesce(confirmed_at, consented_at), "version": consent_record.version
}`

type Row = {email: string; name?: string; confirmed_at?: string; version?: string}

export const SUBSCRIBER_COLUMNS = [
  'Email',
  'Name',
  'Confirmed (Cape Town time)',
  'Privacy notice version',
] as const

export async function exportSubscribersCsv(deps: StaffDeps): Promise<string> {
  const rows = await deps.client.fetch<Row[]>(confirmedSubscribersQuery)
  const lines = rows.map((row) =>
    [
      row.email,
      row.name ?? '',
      row.confirmed_at ? formatSpreadsheetDateTime(row.confirmed_at) : '',
      row.version ?? '',
    ]
      .map(csvCell)
      .join(','),
  )
  // CRLF per RFC 4180; the BOM makes Excel read UTF-8 names correctly (as the bookings CSV does).
  return '\uFEFF' + [SUBSCRIBER_COLUMNS.join(','), ...lines].join('\r\n') + '\r\n'
}

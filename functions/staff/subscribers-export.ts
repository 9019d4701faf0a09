import {formatSpreadsheetDateTime} from '@repo/schemas/format-date.ts'

import {csvCell} from './bookings-csv.ts'
import type {StaffDeps} from './staff-deps.ts'
import {confirmedSubscribersQuery} from './queries/confirmed-subscribers-query.ts'

/**
 * The confirmed subscribers, for the mailing tool: only addresses whose owner confirmed and has not left since.
 * Pending (never confirmed) and unsubscribed addresses are never in it, whatever else they hold. A sign-up from
 * before the confirmation mail existed has no status: its owner ticked the consent box then, which was the whole
 * sign-up, so it counts as confirmed when it was made (decision 101).
 */
export {confirmedSubscribersQuery}

type Row = {email: string; name?: string; confirmed_at?: string; version?: string | null}

export const SUBSCRIBER_COLUMNS = [
  'Email',
  'Name',
  'Confirmed (Cape Town time)',
  'Privacy notice version',
] as const

export async function exportSubscribersCsv(deps: StaffDeps): Promise<string> {
  const rows: Row[] = await deps.client.fetch(confirmedSubscribersQuery)
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

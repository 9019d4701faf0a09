import {formatDateInWords} from '@repo/schemas/format-date.ts'
import {formatGroupInWords} from '@repo/schemas/format-party.ts'
import {isIsoDate} from '@repo/schemas/iso-date.ts'
import type {StaffActivityKind} from '@repo/schemas/staff-people.ts'

import type {StaffRouteKey} from '../staff-route-actions.ts'

/** What the activity log says of each route that changes, exports or sends something (GETs not listed: none). */
export const ACTIVITY: Partial<
  Record<
    StaffRouteKey,
    (
      request: Record<string, unknown> | null,
      answer: Record<string, unknown> | null,
    ) => {kind: StaffActivityKind; summary: string}
  >
> = {
  'DELETE /session': () => ({kind: 'signed-out', summary: 'Signed out'}),
  'PATCH /bookings/:id/status': (request) => ({
    kind: 'status',
    summary: `Changed the status to ${String(request?.status)}`,
  }),
  'PATCH /bookings/:id/notes': () => ({kind: 'notes', summary: 'Saved the internal notes'}),
  'POST /bookings/:id/decision': (request) => ({
    kind: 'decision',
    summary: `Sent a decision: ${String(request?.decision)}`,
  }),
  'POST /bookings/:id/mail/:mailId/resend': () => ({
    kind: 'mail-resent',
    summary: 'Sent a mail again',
  }),
  'GET /bookings.csv': () => ({kind: 'bookings-export', summary: 'Exported bookings as CSV'}),
  'POST /people': (request) => ({
    kind: 'person-invited',
    summary: `Invited ${String(request?.name)} as ${String(request?.role)}`,
  }),
  'PUT /settings/two-step': (request) => ({
    kind: 'settings',
    summary: request?.required
      ? 'Required a second step for everyone'
      : 'Made the second step optional',
  }),
  'POST /two-step/confirm': () => ({kind: 'settings', summary: 'Set up a second step'}),
  'DELETE /two-step': () => ({kind: 'settings', summary: 'Removed their authenticator app'}),
  'PUT /profile': () => ({kind: 'settings', summary: 'Gave their name and email address'}),
  'POST /passkeys': () => ({kind: 'settings', summary: 'Added a passkey'}),
  'DELETE /passkeys/:key': () => ({kind: 'settings', summary: 'Removed a passkey'}),
  'POST /people/:id/invitation': (_request, answer) => ({
    kind: 'person-invited',
    summary: `Invited ${(answer?.person as {name?: string} | undefined)?.name ?? 'someone'} again`,
  }),
  'POST /people/:id/second-step/reset': (_request, answer) => ({
    kind: 'person-changed',
    summary: `Reset ${(answer?.person as {name?: string} | undefined)?.name ?? 'someone'}’s second step`,
  }),
  'DELETE /sessions/:id': () => ({kind: 'signed-out', summary: 'Ended one of their sessions'}),
  'PATCH /people/:id': (request, answer) => {
    const name = (answer?.person as {name?: string} | undefined)?.name ?? 'someone'
    const changes = [
      request?.role ? `made ${name} ${String(request.role)}` : '',
      request?.state === 'active' ? `gave ${name} access again` : '',
      request?.state === 'deactivated' ? `ended ${name}’s access` : '',
    ].filter(Boolean)
    const summary = changes.join('; ')
    return {kind: 'person-changed', summary: summary.charAt(0).toUpperCase() + summary.slice(1)}
  },
  'GET /departures.csv': () => ({kind: 'departures-export', summary: 'Exported departures as CSV'}),
  'POST /departures/cancel': (request) => ({
    kind: 'departure-cancelled',
    summary: `Cancelled the departure ${String(request?.experience)} on ${String(request?.date)}: ${String(request?.reason)}`,
  }),
  'PUT /privacy/retention': (_request, answer) => {
    const periods = (answer?.periods ?? {}) as Record<string, unknown>
    return {
      kind: 'privacy',
      summary: `Set the retention periods: ${String(periods.requestMonthsAfterTrip)} months after a trip, ${String(periods.closedRequestMonthsAfterDecision)} months after a closed request, ${String(periods.unconfirmedLeadDays)} days for unanswered trip requests`,
    }
  },
  'POST /privacy/requests/:id/carry-out': (_request, answer) => ({
    kind: 'privacy',
    summary: `Carried out a traveller’s ${String((answer?.report as {kind?: string} | undefined)?.kind ?? '')} request`,
  }),
  'POST /privacy/search': () => ({kind: 'privacy', summary: 'Searched every place for an address'}),
  'GET /subscribers.csv': () => ({
    kind: 'subscribers-export',
    summary: 'Exported the confirmed newsletter subscribers as CSV',
  }),
  'POST /incidents': (request) => ({
    kind: 'incident',
    summary: `Recorded a security incident of ${String(request?.occurredOn)}`,
  }),
  'POST /channels': (request) => ({
    kind: 'reseller',
    summary: `Added the reseller ${String(request?.name)}`,
  }),
  'POST /channels/:id/key': (_request, answer) => ({
    kind: 'reseller',
    summary: `Replaced the key of ${(answer?.reseller as {name?: string} | undefined)?.name ?? 'a reseller'}`,
  }),
  'POST /channels/:id/revoke': (_request, answer) => ({
    kind: 'reseller',
    summary: `Revoked the key of ${(answer?.reseller as {name?: string} | undefined)?.name ?? 'a reseller'}`,
  }),
  'POST /bookings/:id/reseller-cancel': () => ({
    kind: 'status',
    summary: 'Cancelled a reseller’s booking',
  }),
  'PATCH /incidents/:id': (request) => ({
    kind: 'incident',
    summary: `Changed the security incident of ${String((request?.incident as {occurredOn?: unknown} | undefined)?.occurredOn)}`,
  }),
  'POST /bookings': (request) => ({
    kind: 'desk-booking',
    summary: `Booked ${groupOf(request)} on ${String(request?.experienceId)} for ${dateOf(request)} at the desk`,
  }),
  'PATCH /bookings/:id/trip': (request) => ({
    kind: 'desk-booking',
    summary: `Changed the booking to ${groupOf(request)} on ${dateOf(request)}${request?.tellTraveller === false ? ', without telling the traveller' : ''}`,
  }),
  'POST /departures/message': (request) => ({
    kind: 'departure-message',
    summary: `Sent a message to everyone on ${String(request?.experience)} on ${dateOf(request)}`,
  }),
  // The handler names the guides and the resource (assign-departure.ts): passed as the entry's subject's name.
  'POST /departures/assignment': (_request, answer) => ({
    kind: 'departure-assigned',
    summary: String(
      (answer?.person as {name?: string} | undefined)?.name ?? 'Assigned a departure',
    ),
  }),
}

const groupOf = (request: Record<string, unknown> | null) =>
  formatGroupInWords(Number(request?.adults) || 0, Number(request?.children) || 0)
const dateOf = (request: Record<string, unknown> | null) =>
  typeof request?.date === 'string' && isIsoDate(request.date)
    ? formatDateInWords(request.date)
    : String(request?.date)

/**
 * Changes whose handler creates the activity entry in the change's own transaction: the change and its entry are
 * stored together or not at all. The others (exports, sign-outs, invitations, settings) record it after.
 */
export const IN_ITS_TRANSACTION: ReadonlySet<StaffRouteKey> = new Set<StaffRouteKey>([
  'PATCH /bookings/:id/status',
  'PATCH /bookings/:id/notes',
  'POST /bookings/:id/decision',
  'POST /bookings/:id/mail/:mailId/resend',
  'PATCH /people/:id',
  'POST /people/:id/second-step/reset',
  'POST /departures/cancel',
  'POST /incidents',
  'PATCH /incidents/:id',
  'POST /bookings/:id/reseller-cancel',
  'POST /bookings',
  'PATCH /bookings/:id/trip',
  'POST /departures/message',
  'POST /departures/assignment',
])

import type {StaffAction} from '@repo/schemas/staff-roles.ts'

/**
 * Every staff route and what it needs, in one table: the routes are registered from it (routes/staff-sub-app.ts
 * takes only its keys, and staff-route-table.test.ts fails on any other route), so none can be added without
 * deciding who may use it. `signed-in` is any active person; the roles behind each action are in
 * `@repo/schemas/staff-roles.ts`.
 */
export const STAFF_ROUTE_ACTIONS = {
  'GET /session': 'signed-in',
  'DELETE /session': 'signed-in',
  'GET /sessions': 'signed-in',
  'DELETE /sessions/:id': 'signed-in',
  'PUT /profile': 'signed-in',
  'POST /two-step': 'signed-in',
  'POST /passkeys/options': 'signed-in',
  'POST /passkeys': 'signed-in',
  'GET /passkeys': 'signed-in',
  'DELETE /passkeys/:key': 'signed-in',
  'POST /two-step/confirm': 'signed-in',
  /** Removing one's own authenticator app. */
  'DELETE /two-step': 'signed-in',
  /** The password or a code given again, before a change to one's own sign-in methods. */
  'POST /reauthenticate': 'signed-in',
  'PUT /settings/two-step': 'people.manage',
  'GET /bookings': 'bookings.read',
  'GET /bookings.csv': 'bookings.export',
  'GET /events': 'bookings.read',
  'GET /bookings/:id/mail': 'bookings.read',
  'PATCH /bookings/:id/status': 'bookings.decide',
  'PATCH /bookings/:id/notes': 'bookings.decide',
  'POST /bookings/:id/decision': 'bookings.decide',
  'POST /bookings/:id/decision/preview': 'bookings.decide',
  'GET /bookings/:id/proposable-dates': 'bookings.decide',
  'POST /bookings/:id/mail/:mailId/resend': 'bookings.decide',
  'GET /departures': 'departures.read',
  'GET /departures.csv': 'departures.export',
  'GET /departures/alternatives': 'departures.cancel',
  'POST /departures/cancel': 'departures.cancel',
  'POST /departures/cancel/preview': 'departures.cancel',
  /** A departure's waitlist: names and emails of people waiting, as the manifests show travellers. */
  'GET /waitlist': 'departures.read',
  'GET /activity': 'activity.read',
  'GET /people': 'people.manage',
  'POST /people': 'people.manage',
  'PATCH /people/:id': 'people.manage',
  'POST /people/:id/second-step/reset': 'people.manage',
  'POST /people/:id/invitation': 'people.manage',
  'GET /privacy': 'privacy.manage',
  'PUT /privacy/retention': 'privacy.manage',
  'POST /privacy/requests/:id/carry-out': 'privacy.manage',
  'POST /privacy/search': 'privacy.manage',
  'GET /subscribers.csv': 'subscribers.export',
  'GET /incidents': 'privacy.manage',
  'POST /incidents': 'privacy.manage',
  'PATCH /incidents/:id': 'privacy.manage',
  /** The Reports page's figures (functions/staff/reports/routes.ts): owners and managers. */
  'GET /reports': 'reports.read',
  /** The Channels page (routes/channels-routes.ts): resellers, their keys, bookings and request log. */
  'GET /channels': 'channels.manage',
  'POST /channels': 'channels.manage',
  'GET /channels/:id': 'channels.manage',
  'POST /channels/:id/key': 'channels.manage',
  'POST /channels/:id/revoke': 'channels.manage',
  /** Cancelling a reseller's confirmed booking: the reseller reads CANCELLED. */
  'POST /bookings/:id/reseller-cancel': 'bookings.decide',
  /** The guide's Today view and one departure's manifest (guide-day.ts: a guide sees the ones they guide only). */
  'GET /today': 'today.read',
  'GET /manifest': 'today.read',
  /** A check-in or a no-show, by a tap or a scanned ticket (a guide on the departure only). */
  'POST /attendance': 'attendance.record',
  /** The booking desk (booking-desk.ts): staff and up. */
  'POST /bookings': 'bookings.desk',
  'PATCH /bookings/:id/trip': 'bookings.desk',
  'POST /departures/message': 'departures.message',
  /** The experiences the desk may book, with their times. */
  'GET /desk/experiences': 'bookings.desk',
  /** Guides and a resource for a departure (functions/staff/assign-departure.ts), and what may be chosen. */
  'GET /departures/assignment-choices': 'departures.assign',
  'POST /departures/assignment': 'departures.assign',
} as const satisfies Record<string, StaffAction | 'signed-in'>

export type StaffRouteKey = keyof typeof STAFF_ROUTE_ACTIONS

import {z} from 'zod'

import {STAFF_ROLES, STAFF_STATES, type StaffRole, type StaffState} from './staff-roles.ts'

/**
 * The staff API's people and activity log, as the server answers them and the dashboard reads them: one
 * definition for both (functions/staff/staff-people.ts, staff-activity.ts; web/src/features/admin/api).
 */
export type StaffPersonRow = {
  _id: string
  name: string
  email: string | null
  role: StaffRole
  state: StaffState
  createdAt?: string
}

/** `PATCH /api/staff/people/:id`: a new role, a new state, or both; nothing else. */
export const staffPersonChangeSchema = z
  .object({role: z.enum(STAFF_ROLES).optional(), state: z.enum(STAFF_STATES).optional()})
  .strict()
  .refine((change) => change.role !== undefined || change.state !== undefined, {
    message: 'Give a role or a state.',
  })
export type StaffPersonChange = z.infer<typeof staffPersonChangeSchema>

export const STAFF_ACTIVITY_KINDS = [
  'signed-in',
  'signed-out',
  'status',
  'notes',
  'decision',
  'mail-resent',
  'bookings-export',
  'departures-export',
  'person-changed',
] as const
export type StaffActivityKind = (typeof STAFF_ACTIVITY_KINDS)[number]

/** One entry of `GET /api/staff/activity`. */
export type StaffActivityEntry = {
  _id: string
  at: string
  personId: string
  personName: string
  kind: StaffActivityKind
  summary: string
  bookingId?: string | null
  bookingRef?: string | null
}

export type StaffActivityFilters = {person: string; booking: string; from: string; to: string}

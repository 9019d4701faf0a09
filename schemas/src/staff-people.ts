import {z} from './zod.ts'

import {safeSingleLine} from './safe-text.ts'

import {STAFF_ROLES, type StaffRole, type StaffState} from './staff-roles.ts'

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
  /** False until an invited person has chosen a password: until then, only a new invitation lets them in. */
  joined: boolean
  /** Whether they sign in with a second step (an authenticator app): only then can an owner reset it. */
  secondStep?: boolean
}

/** `PATCH /api/staff/people/:id`: a new role, access ended or given again, or both; nothing else. */
export const staffPersonChangeSchema = z
  .object({
    role: z.enum(STAFF_ROLES).optional(),
    state: z.enum(['active', 'deactivated']).optional(),
  })
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
  'departure-cancelled',
  'person-changed',
  'person-invited',
  'settings',
  'privacy',
  'subscribers-export',
  'incident',
  /** A reseller's OCTO write (functions/octo/activity.ts), or a reseller added or revoked. */
  'reseller',
  'desk-booking',
  'departure-message',
  'departure-assigned',
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

/** `POST /api/staff/people`: an owner invites someone by email; they set their own password from the mail. */
export const staffInviteSchema = z
  .object({
    // One line, as a traveller's name (safe-text.ts): a line break would start a header or a new line of the
    // activity log, the CSV or a mail wherever the name is written.
    name: safeSingleLine(100, {what: 'the name', typeMessage: 'Give their name.'}).pipe(
      z.string().min(1, 'Give their name.'),
    ),
    email: z.string().trim().toLowerCase().email('Give an email address.').max(254),
    role: z.enum(STAFF_ROLES),
  })
  .strict()
export type StaffInvite = z.input<typeof staffInviteSchema>

/**
 * `PUT /api/staff/profile`: a person's own name and address, asked of anyone signed in without them (the first
 * owner): the invitation's rules for both.
 */
export const staffProfileSchema = staffInviteSchema.pick({name: true, email: true}).strict()
export type StaffProfile = z.input<typeof staffProfileSchema>

/** `POST /api/staff/password-reset`: the same answer whether or not the address has an account. */
export const staffResetRequestSchema = z.object({
  email: z.string().trim().toLowerCase().email('Give an email address.').max(254),
})

/** `POST /api/staff/password`: the link's token (from the mail) and the new password. */
export const staffSetPasswordSchema = z
  .object({
    token: z.string().regex(/^[\w-]{20,100}$/, 'This link is not valid.'),
    password: z.string().min(1).max(200, 'Use at most 200 characters.'),
  })
  .strict()
export type StaffSetPassword = z.input<typeof staffSetPasswordSchema>

/** What the reset form always says, account or not. */
export const RESET_REQUESTED_MESSAGE =
  'If that address has an account here, a link to set a new password is on its way. It works for one hour.'

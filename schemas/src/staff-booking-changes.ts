import {z} from './zod.ts'

import {BOOKING_STATUS_VALUES, type BookingStatus} from './booking-status.ts'
import {safeMultiLine} from './safe-text.ts'

/**
 * The bodies staff send to change a booking, parsed by the staff API (functions/staff/staff-handlers.ts); the
 * dashboard imports only their types, as zod stays out of the module it loads (see staff-bookings.ts).
 */
const statusValues = BOOKING_STATUS_VALUES as [BookingStatus, ...BookingStatus[]]

/** `PATCH /api/staff/bookings/:id/status`. */
export const statusChangeSchema = z.object({
  status: z.enum(statusValues),
  revision: z.string().min(1).max(200),
  /** Staff saw the departure's numbers and confirm beyond its places (recorded in the history). */
  confirmAnyway: z.boolean().optional(),
})
export type StatusChange = z.input<typeof statusChangeSchema>

/** `PATCH /api/staff/bookings/:id/notes`. */
export const staffNotesSchema = z.object({
  notes: safeMultiLine(5_000, {what: 'the notes'}),
  revision: z.string().min(1),
})
export type StaffNotesChange = z.input<typeof staffNotesSchema>

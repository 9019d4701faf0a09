/**
 * A booking's mail log (`GET /api/staff/bookings/:id/mail`), as the server answers it
 * (functions/staff/booking-mail.ts) and the details dialog reads it: one definition for both.
 */

/** How far a mail got: the outbox's own states (functions/lib/mailer.ts), as staff see them. */
export type BookingMailStatus = 'pending' | 'sending' | 'sent' | 'failed'

/** One mail of a booking: what, to whom, and how far it got. */
export type BookingMail = {
  mail_id: string
  to: string
  subject: string
  status: BookingMailStatus
  attempts: number
  queued_at: string
  next_attempt_at: string
  sent_at?: string | null
  last_error?: string | null
}

/** The log, oldest first; also the answer to a resend, as the log then stands. */
export type BookingMailLog = {mail: BookingMail[]}

import {z} from './zod.ts'

import {NAME_MAX, PHONE_MAX, singleLine} from './booking-request.ts'

/**
 * A traveller's correction as a manager carries it out (`POST /api/staff/privacy/requests/:id/carry-out`): the
 * corrected name, phone number or both, applied at once to everything held about the address. The traveller's own
 * words ("my surname is spelled…") are what the manager reads to fill it in.
 */
export const privacyCorrectionSchema = z
  .strictObject(
    {
      name: singleLine(NAME_MAX, undefined, undefined, 'the name').optional(),
      phone: singleLine(PHONE_MAX, undefined, undefined, 'the phone number').optional(),
    },
    {error: 'Send only the corrected name and phone number.'},
  )
  .refine((value) => Boolean(value.name || value.phone), {
    message: 'Give the corrected name, phone number or both.',
  })

export type PrivacyCorrection = z.output<typeof privacyCorrectionSchema>

/** Each corrected field in words, for the mail that tells the traveller what their details now say. */
export const CORRECTED_FIELD_LABELS: Record<keyof PrivacyCorrection, string> = {
  name: 'Name',
  phone: 'Phone number',
}

/** The documents whose name and phone a correction changes: every kind that holds them with the address. */
export const CORRECTED_TYPES = [
  'booking',
  'itineraryRequest',
  'newsletterSignup',
  'waitlistEntry',
] as const

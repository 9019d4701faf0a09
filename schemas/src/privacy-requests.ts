import {z} from './zod.ts'

import {emailField} from './booking-request.ts'
import {CORRECTION_MAX_LENGTH, PRIVACY_REQUEST_KINDS} from './privacy-request-kinds.ts'
import {safeMultiLine} from './safe-text.ts'

/** The privacy page's form, checked alike by the browser (when it is sent) and by the function that takes it. */
export const privacyRequestSchema = z
  .strictObject({
    kind: z.enum(PRIVACY_REQUEST_KINDS, 'Choose what you would like us to do.'),
    email: z.string().trim().min(1, 'Please enter your email address.').pipe(emailField),
    correction: safeMultiLine(CORRECTION_MAX_LENGTH, {what: 'the correction'})
      .optional()
      .default(''),
    // The honeypot field every public form has: filled in only by bots.
    website: z.string().max(500).optional().default(''),
  })
  .superRefine((value, context) => {
    if (value.kind === 'correction' && value.correction.trim() === '')
      context.addIssue({code: 'custom', path: ['correction'], message: 'Tell us what to correct.'})
  })

export type PrivacyRequestFormValues = z.input<typeof privacyRequestSchema>
export type PrivacyRequestPayload = z.output<typeof privacyRequestSchema>

/** The one answer to every request, whoever's address it names: nothing about the address shows until it confirms. */
export const PRIVACY_REQUEST_SENT_MESSAGE =
  'Thank you. We have sent a link to that address: open it within 24 hours to confirm the request is yours.'

// Kept in a module without zod, for the pages the links open; here for the form's and the function's imports.
export {
  PRIVACY_CONFIRM_HOURS,
  PRIVACY_DOWNLOAD_HOURS,
  PRIVACY_LINK_GONE_MESSAGE,
} from './privacy-request-links.ts'

import {z} from './zod.ts'

import {emailField, singleLine} from './booking-request.ts'
import {NEWSLETTER_REQUIRED_MESSAGE} from './newsletter-messages.ts'
import {safeSingleLine} from './safe-text.ts'

/** The home page's newsletter form: name, email and the required marketing consent. */

export const newsletterSignupSchema = z.object({
  name: singleLine(120, undefined, undefined, 'your name').min(1, NEWSLETTER_REQUIRED_MESSAGE),
  email: z.string().trim().min(1, NEWSLETTER_REQUIRED_MESSAGE).pipe(emailField),
  consent: z.literal(true, NEWSLETTER_REQUIRED_MESSAGE),
  // Shown to the team with the sign-up: the same text rules as the form's fields.
  sourcePage: safeSingleLine(200, {what: 'the page address'})
    .regex(/^\/[^\s]*$|^$/)
    .optional()
    .default(''),
  website: z.string().max(500).optional().default(''),
})

export type NewsletterSignupFormValues = z.input<typeof newsletterSignupSchema>
export type NewsletterSignupPayload = z.output<typeof newsletterSignupSchema>

import {z} from './zod.ts'

import {safeSingleLine} from './safe-text.ts'

/** The newsletter's link tokens (confirm, unsubscribe): one line of base64url and dots, short. */
export const newsletterTokenSchema = safeSingleLine(200, {what: 'the link'}).regex(
  /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+){1,2}$/,
  'This link is not complete. Please open it again from the email.',
)

/** The body of a newsletter confirmation or unsubscribe (a form post or the mail client's one-click post). */
export const newsletterLinkFormSchema = z.object({token: newsletterTokenSchema})

/**
 * The newsletter form's texts (on the home page), apart from its zod schema, so the home page can show them without
 * loading zod; the schema loads when the form first validates.
 */
export const NEWSLETTER_SUCCESS_MESSAGE =
  'Almost there: we have emailed you a link. Open it to confirm your sign-up.'
export const NEWSLETTER_REQUIRED_MESSAGE =
  'Please enter your name and email and tick the consent box.'

/** The confirmation and unsubscribe pages' outcomes, said the same by the functions that decide them. */
export const NEWSLETTER_CONFIRMED_MESSAGE =
  'Thank you: your subscription is confirmed. Every newsletter has a link to leave with one click.'
export const NEWSLETTER_CONFIRM_FAILED_MESSAGE =
  'This confirmation link does not work any more. Please sign up again on our home page.'
export const NEWSLETTER_UNSUBSCRIBED_MESSAGE =
  'You have been unsubscribed. You will get no more newsletters.'
export const NEWSLETTER_UNSUBSCRIBE_LINK_MESSAGE =
  'This unsubscribe link is not complete or was changed. Please use the link in one of our emails.'

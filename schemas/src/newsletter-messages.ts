/**
 * The newsletter form's texts (on the home page), apart from its zod schema, so the home page can show them without
 * loading zod; the schema loads when the form first validates.
 */
export const NEWSLETTER_SUCCESS_MESSAGE = "Thanks — you're on the list."
export const NEWSLETTER_REQUIRED_MESSAGE =
  'Please enter your name and email and tick the consent box.'

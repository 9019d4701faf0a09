import {z} from './zod.ts'

import {COUNTRIES, HOW_HEARD} from './enumerations.ts'
import {isIsoDate} from './iso-date.ts'
import {PAX_LIMIT} from './experience-settings.ts'
import {safeMultiLine, safeSingleLine} from './safe-text.ts'
import {securityQuestionFields} from './security-question.ts'
import type {Problem} from './problem.ts'

/**
 * The booking form's request (the booking page and dialog), shared by the web form and the
 * `create-booking-request` function. Only data rules live here; the checks that need content (the experience
 * exists, the date is allowed, the party fits, the slot exists) run on the server only.
 */

/** The form's summary above its fields when some are missing; each field says what it needs beneath it. */
export const REQUIRED_FIELDS_MESSAGE =
  'Please fill in all required fields and accept the required terms.'
/** The summary above a form whose fields each say what is wrong: one message per field stays beside its field. */
export const fieldsToPutRightMessage = (count: number) =>
  count === 1
    ? 'Please put right the field marked below.'
    : `Please put right the ${count} fields marked below.`
export const NAME_REQUIRED_MESSAGE = 'Please enter your full name.'
export const EMAIL_REQUIRED_MESSAGE = 'Please enter your email address, so that we can reply.'
export const BOOKING_CONSENT_MESSAGE =
  'Please tick the box to show you understand this is a request, not a confirmed booking.'
export const PRIVACY_CONSENT_MESSAGE =
  'Please tick the box to agree to the privacy policy: we cannot handle your request without it.'
export const HONEYPOT_MESSAGE = 'Submission failed. Please try again.'
export const SUBMIT_FAILED_MESSAGE = 'Failed to submit booking request. Please try again.'
export const BOOKING_SUCCESS_MESSAGE = 'Booking request submitted successfully!'
export const EMAIL_INVALID_MESSAGE = 'Please enter a valid email address.'
export const NO_MARKUP_MESSAGE = 'Please leave out the characters < and >.'

export const NAME_MAX = 120
export const EMAIL_MAX = 254
export const PHONE_MAX = 40
export const TEXT_MAX = 200
export const NOTES_MAX = 2000

// Nobody's name, phone or pick-up point needs angle brackets; refusing them keeps markup out of stored requests.
const NO_MARKUP = /^[^<>]*$/

export const singleLine = (
  max: number,
  message = `Use at most ${max} characters.`,
  typeMessage = 'Please enter text.',
  what?: string,
) =>
  safeSingleLine(max, {lengthMessage: message, typeMessage, what}).regex(
    NO_MARKUP,
    NO_MARKUP_MESSAGE,
  )

const optionalLine = (max: number) => singleLine(max).optional().default('')

export const emailField = z
  .string()
  .trim()
  .max(EMAIL_MAX, EMAIL_INVALID_MESSAGE)
  .pipe(z.email(EMAIL_INVALID_MESSAGE))

export const isoDateField = (message = 'Please choose a valid date.') =>
  z.string({error: message}).refine((value) => isIsoDate(value), message)

const paxCount = z
  .number({error: 'Please choose the number of people.'})
  .int('Please choose the number of people.')
  .min(0, 'Please choose the number of people.')
  .max(PAX_LIMIT, 'Please choose the number of people.')

export const bookingRequestSchema = z.object({
  experienceId: z
    .string({error: 'Please choose an experience.'})
    .trim()
    .min(1, 'Please choose an experience.')
    .max(96),
  date: isoDateField(),
  preferredTime: optionalLine(40),
  adults: paxCount,
  children: paxCount,
  name: singleLine(NAME_MAX, undefined, NAME_REQUIRED_MESSAGE, 'your name').min(
    1,
    NAME_REQUIRED_MESSAGE,
  ),
  email: z
    .string({error: EMAIL_REQUIRED_MESSAGE})
    .trim()
    .min(1, EMAIL_REQUIRED_MESSAGE)
    .pipe(emailField),
  phone: optionalLine(PHONE_MAX),
  country: z
    .union([z.enum(COUNTRIES), z.literal('')])
    .optional()
    .default(''),
  pickupLocation: optionalLine(TEXT_MAX),
  notes: safeMultiLine(NOTES_MAX, {what: 'your notes'}).optional().default(''),
  howHeard: z
    .union([z.enum(HOW_HEARD), z.literal('')])
    .optional()
    .default(''),
  marketingOptIn: z.boolean().optional().default(false),
  consentBooking: z.literal(true, BOOKING_CONSENT_MESSAGE),
  consentPrivacy: z.literal(true, PRIVACY_CONSENT_MESSAGE),
  ...securityQuestionFields,
  /** The honeypot: hidden from people, so anything in it came from a bot. Checked, with its own message, by both. */
  website: z.string().max(500).optional().default(''),
  utmSource: optionalLine(TEXT_MAX),
  utmMedium: optionalLine(TEXT_MAX),
  utmCampaign: optionalLine(TEXT_MAX),
})

export type BookingRequestFormValues = z.input<typeof bookingRequestSchema>
export type BookingRequestPayload = z.output<typeof bookingRequestSchema>

/**
 * A request function's refusal: problem details (problem.ts) with the form's `fieldErrors` and, with a full or
 * unavailable date, the nearest departures with room for the group.
 */
export type RequestErrorBody = Problem & {
  fieldErrors: Record<string, string[]>
  alternatives?: {date: string; slot: string; left: number}[]
}

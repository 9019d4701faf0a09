import {z} from './zod.ts'

import {emailField, isoDateField, singleLine} from './booking-request.ts'
import {DATE_TOO_FAR_MESSAGE} from './trip-check.ts'
import {isWithinTripWindow} from './experience-settings.ts'
import {safeMultiLine} from './safe-text.ts'
import {securityQuestionFields} from './security-question.ts'
import {
  ACCOMMODATION_VALUES,
  GROUP_SIZE_VALUES,
  INTEREST_VALUES,
  SAFARI_VALUES,
  TRIP_DURATION_VALUES,
  TRIP_TYPE_VALUES,
  WIZARD_PACKAGE_VALUES,
  WIZARD_TRAVELLER_VALUES,
} from './enumerations.ts'

/**
 * Bespoke-trip leads: the questionnaire and the experiences-page wizard. One request schema, discriminated by
 * `source`, shared by the forms and `create-itinerary-request`.
 */
export const MISSING_INFORMATION_TITLE = 'Missing Information'
export const MISSING_INFORMATION_MESSAGE = 'Please fill in all required fields.'
export const ITINERARY_SUCCESS_MESSAGE =
  'Your personalised itinerary request has been submitted. We’ll be in touch soon!'
export const PAST_DATE_MESSAGE = 'The start date cannot be in the past.'

/** The trip date's problem, if any: trips start from today (Cape Town) to two years ahead. */
export function tripDateProblem(date: string, today: string): string | null {
  if (!date || isWithinTripWindow(date, today)) return null
  return date < today ? PAST_DATE_MESSAGE : DATE_TOO_FAR_MESSAGE
}

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal('')])
    .optional()
    .default('')
const required = (max: number, what?: string) =>
  singleLine(max, undefined, MISSING_INFORMATION_MESSAGE, what).min(1, MISSING_INFORMATION_MESSAGE)
const optionalDate = z
  .union([isoDateField(), z.literal('')])
  .optional()
  .default('')
const longText = safeMultiLine(2000).optional().default('')

export const questionnaireRequestSchema = z.object({
  source: z.literal('questionnaire'),
  firstName: required(80, 'your name'),
  lastName: required(80, 'your name'),
  email: z
    .string({error: MISSING_INFORMATION_MESSAGE})
    .trim()
    .min(1, MISSING_INFORMATION_MESSAGE)
    .pipe(emailField),
  newsletter: z.boolean().optional().default(false),
  tripType: optionalEnum(TRIP_TYPE_VALUES as [string, ...string[]]),
  preferredDate: optionalDate,
  duration: optionalEnum(TRIP_DURATION_VALUES as [string, ...string[]]),
  groupSize: optionalEnum(GROUP_SIZE_VALUES as [string, ...string[]]),
  interests: z
    .array(z.enum(INTEREST_VALUES as [string, ...string[]]))
    .max(INTEREST_VALUES.length)
    .optional()
    .default([]),
  safari: optionalEnum(SAFARI_VALUES as [string, ...string[]]),
  accommodation: optionalEnum(ACCOMMODATION_VALUES as [string, ...string[]]),
  additionalInfo: longText,
  ...securityQuestionFields,
  website: z.string().max(500).optional().default(''),
})

export const wizardRequestSchema = z.object({
  source: z.literal('wizard'),
  name: required(120, 'your name'),
  email: z
    .string({error: MISSING_INFORMATION_MESSAGE})
    .trim()
    .min(1, MISSING_INFORMATION_MESSAGE)
    .pipe(emailField),
  phone: singleLine(40).optional().default(''),
  travelers: z.enum(WIZARD_TRAVELLER_VALUES as [string, ...string[]], MISSING_INFORMATION_MESSAGE),
  startDate: optionalDate,
  packageType: optionalEnum(WIZARD_PACKAGE_VALUES as [string, ...string[]]),
  specialRequests: longText,
  ...securityQuestionFields,
  website: z.string().max(500).optional().default(''),
})

export const itineraryRequestSchema = z.discriminatedUnion('source', [
  questionnaireRequestSchema,
  wizardRequestSchema,
])

export type QuestionnaireFormValues = z.input<typeof questionnaireRequestSchema>
export type WizardFormValues = z.input<typeof wizardRequestSchema>
export type ItineraryRequestPayload = z.output<typeof itineraryRequestSchema>

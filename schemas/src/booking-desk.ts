import {z} from './zod.ts'

import {
  emailField,
  isoDateField,
  NAME_MAX,
  PHONE_MAX,
  singleLine,
} from './booking-request.ts'
import {PAX_LIMIT} from './experience-settings.ts'
import {safeMultiLine} from './safe-text.ts'

/**
 * The booking desk (docs/decisions/234-the-booking-desk.md): staff enter a booking for a guest on the phone or at
 * the desk, change a booking's date or group size, and message everyone on a departure. One schema for each body,
 * used by the dashboard's forms and the staff API (functions/staff/booking-desk.ts).
 */

/** The traveller's language, as a code (`en`, `de`…): stored and shown; mails in each language are built elsewhere. */
export const DEFAULT_LANGUAGE = 'en'
export const LANGUAGE_MESSAGE = 'Give a language code such as en, de, nl or fr.'
export const languageField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2,3}(-[a-z]{2})?$/, LANGUAGE_MESSAGE)
  .optional()
  .default(DEFAULT_LANGUAGE)

export const DESK_CONSENT_MESSAGE =
  'Read the privacy policy to the guest and tick the box once they agree: no booking without it.'
export const CONTACT_MESSAGE = 'Give an email address or a phone number, so that we can reach them.'
export const PARTY_MESSAGE = 'A group is at least one adult.'

const paxCount = z
  .number({error: 'Give the number of people.'})
  .int('Give the number of people.')
  .min(0, 'Give the number of people.')
  .max(PAX_LIMIT, 'Give the number of people.')

const revision = z.string().min(1).max(200)
const tellTraveller = z.boolean().optional().default(true)
const time = singleLine(40).optional().default('')

/** `POST /api/staff/bookings`: a booking for a guest on the phone or at the desk, confirmed within the places. */
export const deskBookingSchema = z
  .object({
    experienceId: z.string({error: 'Choose an experience.'}).trim().min(1, 'Choose an experience.').max(96),
    date: isoDateField('Choose the date.'),
    preferredTime: time,
    adults: paxCount.min(1, PARTY_MESSAGE),
    children: paxCount,
    name: singleLine(NAME_MAX, undefined, 'Give the guest’s name.', 'the name').min(1, 'Give the guest’s name.'),
    email: z.union([z.literal(''), emailField]).optional().default(''),
    phone: singleLine(PHONE_MAX).optional().default(''),
    language: languageField,
    consentByPhone: z.literal(true, DESK_CONSENT_MESSAGE),
    /** Unticked: nothing is mailed (the guest is standing at the desk, or asked not to be mailed). */
    tellTraveller,
  })
  .strict()
  .refine((value) => value.email !== '' || value.phone !== '', {
    message: CONTACT_MESSAGE,
    path: ['email'],
  })
export type DeskBookingValues = z.input<typeof deskBookingSchema>
export type DeskBooking = z.output<typeof deskBookingSchema>

/** `PATCH /api/staff/bookings/:id/trip`: another date or group size, within the places. */
export const tripChangeSchema = z
  .object({
    revision,
    date: isoDateField('Choose the date.'),
    preferredTime: time,
    adults: paxCount.min(1, PARTY_MESSAGE),
    children: paxCount,
    tellTraveller,
  })
  .strict()
export type TripChangeValues = z.input<typeof tripChangeSchema>
export type TripChange = z.output<typeof tripChangeSchema>

export const MESSAGE_MAX = 2_000

/** `POST /api/staff/departures/message`: one message to everyone on a departure, in the editors' template. */
export const departureMessageSchema = z
  .object({
    experience: z.string().trim().min(1, 'Choose the departure.').max(96),
    date: isoDateField('Choose the departure.'),
    message: safeMultiLine(MESSAGE_MAX, {what: 'the message'})
      .transform((value) => value.trim())
      .pipe(z.string().min(1, 'Write the message: it goes into every mail.')),
  })
  .strict()
export type DepartureMessageValues = z.input<typeof departureMessageSchema>

/** The answer of `POST /api/staff/departures/message`: how many bookings were told (and their mails queued). */
export type DepartureMessageAnswer = {told: number}

/** `GET /api/staff/desk/experiences`: what the desk may book (not bespoke trips), with the times to choose. */
export type DeskExperience = {slug: string; title: string; timeSlots: string[]}
export type DeskExperiencesAnswer = {experiences: DeskExperience[]}

/** The history entry's `action` for each desk change (request-decisions.ts has the decisions'). */
export const DESK_ACTIONS = {
  created: 'desk-created',
  changed: 'desk-changed',
  messaged: 'departure-message',
} as const

import {z} from './zod.ts'

import {MAX_ALTERNATIVES, REASON_MAX, REASON_MESSAGE} from './departure-cancellation.ts'
import {isIsoDate} from './iso-date.ts'
import {safeSingleLine} from './safe-text.ts'

/** The requests of a departure's cancellation (departure-cancellation.ts), checked alike by the dialog and the API. */

const isoDate = (message: string) =>
  z.string({error: message}).max(10, message).refine(isIsoDate, message)

/** `POST /api/staff/departures/cancel` (and `/preview`): one departure, a reason, the other dates offered. */
export const departureCancellationSchema = z.strictObject(
  {
    experience: z
      .string({error: 'Choose a departure from the list.'})
      .regex(/^[\w-]{1,96}$/, 'Choose a departure from the list.'),
    date: isoDate('Give the departure’s date as yyyy-MM-dd.'),
    reason: safeSingleLine(REASON_MAX, {what: 'the reason', typeMessage: REASON_MESSAGE}).refine(
      (value) => value.length > 0,
      REASON_MESSAGE,
    ),
    alternatives: z
      .array(isoDate('Give each other date as yyyy-MM-dd.'), {
        error: 'Give the other dates as a list.',
      })
      .max(MAX_ALTERNATIVES, `Offer at most ${MAX_ALTERNATIVES} other dates.`)
      .refine((dates) => new Set(dates).size === dates.length, 'Offer each other date once.'),
  },
  {error: 'Send the departure, the reason and the other dates only.'},
)
export type DepartureCancellation = z.infer<typeof departureCancellationSchema>

/** The traveller's answer from the request page (a form, so it works without JavaScript). */
export const departureChoiceSchema = z.discriminatedUnion(
  'choice',
  [
    z.strictObject({choice: z.literal('move'), date: isoDate('Choose one of the dates offered.')}),
    z.strictObject({choice: z.literal('accept')}),
  ],
  {error: 'Choose one of the dates offered, or accept the cancellation.'},
)
export type DepartureChoice = z.infer<typeof departureChoiceSchema>

import {z} from './zod.ts'

import {isIsoDate} from './iso-date.ts'
import {safeMultiLine} from './safe-text.ts'
import {MAX_DECISION_MESSAGE, MAX_PROPOSED_OPTIONS} from './decision-limits.ts'

/**
 * The staff decision's zod schema, one for the staff API and the studio's actions. Apart from the rest of
 * request-decisions.ts, so the dashboard and the request page, which only need its words and types, do not load
 * zod (the server checks every decision with this schema in any case).
 */
// The traveller's mail quotes it: the same text rules as the travellers' own forms.
const message = safeMultiLine(MAX_DECISION_MESSAGE, {
  what: 'the message',
  lengthMessage: `Keep the message under ${MAX_DECISION_MESSAGE} characters.`,
})
const revision = z.string().min(1).max(200)

export const proposedOptionSchema = z.object({
  date: z.string().refine(isIsoDate, 'Choose a date.'),
  /** One of the experience's time slots; empty when it has none to choose. */
  preferred_time: z.string().max(40).default(''),
})
export type ProposedOption = z.output<typeof proposedOptionSchema>

/** One schema for the dashboard's forms, the staff API and the studio's actions. */
export const staffDecisionSchema = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('confirm'),
    revision,
    /** Staff saw the departure's numbers and confirm beyond its places (recorded in the history). */
    confirmAnyway: z.boolean().optional(),
    /** An answer to what the traveller asked in their notes, written into the confirmation mail. */
    message: message.default(''),
  }),
  z.object({
    decision: z.literal('decline'),
    revision,
    reason: message.min(1, 'Tell the traveller why: it goes into the mail.'),
  }),
  z.object({
    decision: z.literal('propose'),
    revision,
    options: z
      .array(proposedOptionSchema)
      .min(1, 'Propose at least one date.')
      .max(MAX_PROPOSED_OPTIONS, `Propose at most ${MAX_PROPOSED_OPTIONS} dates.`)
      .refine(
        (options) =>
          new Set(options.map((option) => `${option.date} ${option.preferred_time}`)).size ===
          options.length,
        'Each proposed date and time once.',
      ),
    message: message.default(''),
  }),
  z.object({
    decision: z.literal('question'),
    revision,
    message: message.min(1, 'Write the question: it goes into the mail.'),
  }),
])
export type StaffDecisionInput = z.input<typeof staffDecisionSchema>
export type StaffDecisionRequest = z.output<typeof staffDecisionSchema>

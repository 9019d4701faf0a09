import {z} from './zod.ts'

import {emailField, isoDateField, NAME_MAX, singleLine} from './booking-request.ts'
import {PAX_LIMIT} from './experience-settings.ts'

/**
 * The waitlist of a full departure (docs/decisions/095-a-waitlist-per-departure.md): the join form's rules, shared by
 * the booking step and the `POST /api/waitlist` function, and the rules of the offers the jobs runner makes when
 * places free up. No DOM, Node or Sanity imports.
 */

import {WAITLIST_REQUIRED_MESSAGE} from './waitlist-messages.ts'

export * from './waitlist-messages.ts'
export * from './waitlist-entries.ts'

const paxCount = z
  .number({error: 'Please choose the number of people.'})
  .int('Please choose the number of people.')
  .min(0, 'Please choose the number of people.')
  .max(PAX_LIMIT, 'Please choose the number of people.')

export const waitlistJoinSchema = z.strictObject(
  {
    experienceId: z
      .string({error: 'Please choose an experience.'})
      .trim()
      .min(1, 'Please choose an experience.')
      .max(96, 'Please choose an experience.'),
    date: isoDateField(),
    preferredTime: singleLine(40).optional().default(''),
    adults: paxCount,
    children: paxCount,
    name: singleLine(NAME_MAX, undefined, WAITLIST_REQUIRED_MESSAGE, 'your name').min(
      1,
      WAITLIST_REQUIRED_MESSAGE,
    ),
    email: z
      .string({error: WAITLIST_REQUIRED_MESSAGE})
      .trim()
      .min(1, WAITLIST_REQUIRED_MESSAGE)
      .pipe(emailField),
    consentWaitlist: z.literal(true, WAITLIST_REQUIRED_MESSAGE),
    consentPrivacy: z.literal(true, WAITLIST_REQUIRED_MESSAGE),
    /** The honeypot, as on the other forms. */
    website: z.string().max(500).optional().default(''),
  },
  {error: 'Send only the waitlist form’s fields.'},
)

export type WaitlistJoinFormValues = z.input<typeof waitlistJoinSchema>
export type WaitlistJoinPayload = z.output<typeof waitlistJoinSchema>

export const WAITLIST_ENTRY_TYPE = 'waitlistEntry'

/** How long an offer holds its places unless an editor says otherwise (site settings). */
export const DEFAULT_WAITLIST_HOLD_HOURS = 24
export const MIN_WAITLIST_HOLD_HOURS = 1
export const MAX_WAITLIST_HOLD_HOURS = 7 * 24

export const waitlistHoldHoursProblem = (value: unknown): string | null =>
  value === undefined ||
  (typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= MIN_WAITLIST_HOLD_HOURS &&
    value <= MAX_WAITLIST_HOLD_HOURS)
    ? null
    : `Enter a whole number of hours from ${MIN_WAITLIST_HOLD_HOURS} to ${MAX_WAITLIST_HOLD_HOURS}.`

/** The stored setting with its default: a value an editor could not have saved is not used. */
export const waitlistHoldHours = (value: unknown): number =>
  value !== undefined && value !== null && waitlistHoldHoursProblem(value) === null
    ? (value as number)
    : DEFAULT_WAITLIST_HOLD_HOURS

/** When an offer made at `offeredAt` stops holding its places. */
export const holdUntil = (offeredAt: Date, hours: number): Date =>
  new Date(offeredAt.getTime() + hours * 3_600_000)

export type WaitingEntry = {_id: string; pax: number; joined_at: string}

/**
 * Who is offered when `left` places are free: in the order they joined, each whose whole party fits in what is
 * still free after those before them; a party too large is passed over (it stays in line) for a later one that
 * fits.
 */
export function entriesToOffer<Entry extends WaitingEntry>(
  waiting: readonly Entry[],
  left: number,
): Entry[] {
  const chosen: Entry[] = []
  let free = left
  for (const entry of [...waiting].sort(
    (a, b) => a.joined_at.localeCompare(b.joined_at) || a._id.localeCompare(b._id),
  )) {
    if (entry.pax > 0 && entry.pax <= free) {
      chosen.push(entry)
      free -= entry.pax
    }
  }
  return chosen
}

import {z} from '@repo/schemas/zod.ts'

import {
  COUNTED_STATUSES,
  countLoads,
  resolveBookingRules,
  type BookingLoad,
} from '@repo/schemas/capacity.ts'
import {addDays, todayInCapeTown} from '@repo/schemas/iso-date.ts'
import {
  changedByFields,
  type ChangedBy,
  DECISION_STATUS,
  type StatusHistoryEntry,
  departureInWords,
  decisionMailId,
  PROPOSABLE_DAYS,
  proposableDepartures,
  type ProposableDeparture,
} from '@repo/schemas/request-decisions.ts'
import {
  staffDecisionSchema,
  type ProposedOption,
  type StaffDecisionInput,
} from '@repo/schemas/staff-decision-schema.ts'
import {isConflict} from '@repo/schemas/lake-errors.ts'
import {HELD_LOADS_FILTER, loadStatusProjection} from '@repo/schemas/held-places-query.ts'

import {
  confirmExperienceQuery,
  defaultKey,
  draftIdOf,
  type ConfirmDeps,
} from './confirmBooking'
import {composeMailDocument} from './decisionMail'

/**
 * Decisions from the studio's bookings workspace (docs/decisions/012-the-request-loop.md): Decline with a reason,
 * Propose other dates, Ask a question, with the same rules and effect as the staff dashboard's. One transaction
 * stores the status and the history entry, guarded by the booking's revision, with the traveller's mail queued for a
 * server to write (decisionMail.ts). Confirm (confirmBooking.ts) queues its mail the same way.
 */

/** The booking fields a decision reads. */
type DecisionBooking = {
  _id: string
  _rev: string
  status?: string
  email?: string | null
  experience_id?: string | null
  date?: string | null
  preferred_time?: string | null
  pax_total?: number | null
  status_history?: StatusHistoryEntry[] | null
}

export type DecisionDeps = Pick<ConfirmDeps, 'bookings' | 'content' | 'now' | 'randomKey'>

/** The bookings of one experience over a range that take or ask for places (published ones, drafts never). */
export const proposalLoadsQuery = /* groq */ `*[_type in ["booking", "waitlistEntry"] && !(_id in path("drafts.**")) && experience_id == $experience && date >= $from && date <= $to && (status in $statuses || ${HELD_LOADS_FILTER})]{date, "slot": preferred_time, ${loadStatusProjection}, "pax": pax_total}`

/**
 * Every departure of the next 90 days a traveller could book for this booking's group (the experience's rules,
 * and places left unless it is bespoke), the booking's own left out: what the picker offers and what a proposal
 * is checked against when it is stored. Null when the experience is no longer on the site.
 */
export async function proposableDates(
  deps: DecisionDeps,
  booking: Pick<DecisionBooking, 'experience_id' | 'date' | 'preferred_time' | 'pax_total'>,
): Promise<ProposableDeparture[] | null> {
  const experience = booking.experience_id
    ? await deps.content.fetch<{isBespoke?: boolean; rules: unknown} | null>(
        confirmExperienceQuery,
        {id: booking.experience_id},
      )
    : null
  if (!experience) return null
  const rules = resolveBookingRules(experience.rules as Parameters<typeof resolveBookingRules>[0])
  const today = todayInCapeTown((deps.now ?? (() => new Date()))())
  const to = addDays(today, PROPOSABLE_DAYS)
  const counts = experience.isBespoke
    ? new Map()
    : countLoads(
        rules,
        await deps.bookings.fetch<BookingLoad[]>(proposalLoadsQuery, {
          experience: booking.experience_id,
          from: today,
          to,
          statuses: [...COUNTED_STATUSES],
          self: null,
        }),
      )
  return proposableDepartures(
    rules,
    {...booking, pax: booking.pax_total ?? 0, bespoke: experience.isBespoke === true},
    counts,
    today,
  )
}

type WithoutRevision<T> = T extends unknown ? Omit<T, 'revision'> : never

/** What staff enter in a decision's dialog; the revision is the one the studio shows. */
export type StudioDecisionInput = WithoutRevision<
  Exclude<StaffDecisionInput, {decision: 'confirm'}>
>

export type DecideOutcome =
  | {kind: 'decided'; mailId: string}
  /** Not stored: what staff entered breaks a rule; messages per field (`reason`, `message`, `options`). */
  | {kind: 'invalid'; fieldErrors: Record<string, string[]>}
  /** Not stored: the booking (or a draft of it) changed since staff looked. */
  | {kind: 'changed'}
  | {kind: 'not-found'}
  /** Not stored: no address to send the decision to. */
  | {kind: 'no-email'}

export type DecideRequest = {
  id: string
  /** The published booking's revision the editor saw. */
  revision: string
  by: ChangedBy
  input: StudioDecisionInput
}

/** Stores a decision with its mail waiting to be written; see the module's note. */
export async function decideBooking(
  deps: DecisionDeps,
  request: DecideRequest,
): Promise<DecideOutcome> {
  const parsed = staffDecisionSchema.safeParse({...request.input, revision: request.revision})
  if (!parsed.success)
    return {kind: 'invalid', fieldErrors: z.flattenError(parsed.error).fieldErrors}
  const decision = parsed.data
  if (decision.decision === 'confirm') throw new Error('Confirm goes through confirmBooking')
  const id = request.id.replace(/^drafts\./, '')
  const [booking, draft] = await Promise.all([
    deps.bookings.getDocument<DecisionBooking>(id),
    deps.bookings.getDocument(draftIdOf(id)),
  ])
  if (!booking) return {kind: 'not-found'}
  // Unpublished edits would be published later over the decision's status: decide on what is stored only.
  if (booking._rev !== request.revision || draft) return {kind: 'changed'}
  if (!booking.email) return {kind: 'no-email'}

  if (decision.decision === 'propose') {
    const offered = await proposableDates(deps, booking)
    const isOffered = (option: ProposedOption) =>
      offered?.some(
        (date) => date.date === option.date && date.preferred_time === option.preferred_time,
      )
    const problems = decision.options
      .filter((option) => !isOffered(option))
      .map(
        (option) =>
          `${departureInWords(option)} cannot be offered: the experience’s rules or its places no longer allow it.`,
      )
    if (problems.length > 0) return {kind: 'invalid', fieldErrors: {options: problems}}
  }

  const randomKey = deps.randomKey ?? defaultKey
  const key = randomKey()
  const at = (deps.now ?? (() => new Date()))().toISOString()
  const mailId = decisionMailId(id, decision.decision, key)
  const message = decision.decision === 'decline' ? decision.reason : decision.message
  const entry: StatusHistoryEntry = {
    _key: key,
    _type: 'statusChange',
    status: DECISION_STATUS[decision.decision],
    at,
    ...changedByFields(request.by),
    action: decision.decision,
    ...(message ? {message} : {}),
    ...(decision.decision === 'propose'
      ? {options: decision.options.map((option) => ({...option, _key: randomKey()}))}
      : {}),
    mail_id: mailId,
  }
  try {
    await deps.bookings
      .transaction()
      .patch(id, (patch) =>
        patch
          .ifRevisionId(request.revision)
          .set({status: entry.status})
          .setIfMissing({status_history: []})
          .append('status_history', [entry]),
      )
      .createIfNotExists(composeMailDocument(mailId, id, at))
      .commit({visibility: 'sync'})
  } catch (error) {
    if (isConflict(error)) return {kind: 'changed'}
    throw error
  }
  return {kind: 'decided', mailId}
}

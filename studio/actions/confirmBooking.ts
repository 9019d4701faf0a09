import type {SanityClient} from '@sanity/client'

import {
  confirmAnywayNote,
  COUNTED_STATUSES,
  departureLockId,
  resolveBookingRules,
  type BookingLoad,
  type BookingRules,
  type ConfirmationNumbers,
} from '@repo/schemas/capacity.ts'

import {bookingRulesProjection} from '@repo/schemas/booking-rules-query.ts'
import {HELD_LOADS_FILTER, loadStatusProjection} from '@repo/schemas/held-places-query.ts'
import {confirmWithinPlaces, pauseAfterConflict} from '@repo/schemas/confirm-within-places.ts'
import {changedByFields, decisionMailId, type ChangedBy} from '@repo/schemas/request-decisions.ts'
import {composeMailDocument} from './decisionMail'

/**
 * Confirming a booking from the studio's bookings workspace, through the confirmation core the staff API uses
 * (`confirmWithinPlaces` in schemas/src/confirm-within-places.ts): the departure's places are counted in the same query that reads its
 * `departure` lock document, and the booking's change commits in one transaction with a change to that lock made
 * with `ifRevisionID` (or its `create`, which fails when it exists). Two confirmations of the last places, one here
 * and one in the dashboard, cannot both succeed: the second one's transaction fails on the lock, and it counts
 * again. Beyond the places it asks first, and "Confirm anyway" is noted in the status history.
 *
 * A draft (staff changed the status or the notes in the form) is published in the same transaction, so what the
 * editor saw is what is stored, with status `confirmed`.
 *
 * The traveller's confirmation mail is queued in that transaction too, for a site server to write and
 * send (see decideBooking.ts): the history entry says `action: 'confirm'` and names the mail.
 */

/** The booking's experience, with its rules, from the published content dataset (drafts never). */
export const confirmExperienceQuery = /* groq */ `*[_type == "experience" && !(_id in path("drafts.**")) && (slug.current == $id || _id == $id || $id in aliases)] | order((slug.current == $id) desc)[0]{
  isBespoke,
  "rules": *[_type == "experienceSettings" && !(_id in path("drafts.**")) && experience._ref == ^._id][0]${bookingRulesProjection}
}`

/** One snapshot: the booking, its draft, the departure's lock and the bookings on that departure (published ones). */
export const confirmSnapshotQuery = /* groq */ `{
  "booking": *[_id == $id][0]{_id, _rev, status},
  "draft": *[_id == $draftId][0]{_rev},
  "lock": *[_type == "departure" && _id == $lockId][0]{_id, _rev},
  "loads": *[_type in ["booking", "waitlistEntry"] && !(_id in path("drafts.**")) && experience_id == $experience && date == $date && (status in $statuses || ${HELD_LOADS_FILTER})]{date, "slot": preferred_time, ${loadStatusProjection}, "pax": pax_total}
}`

type BookingSnapshot = Record<string, unknown> & {_id: string; _rev: string; status?: string}

type Snapshot = {
  booking: {_id: string; _rev: string; status?: string} | null
  draft: {_rev: string} | null
  lock: {_id: string; _rev: string} | null
  loads: BookingLoad[]
}

export type ConfirmOutcome =
  /** Stored as confirmed; `overCapacity` when it went beyond the places ("Confirm anyway"). */
  | {kind: 'confirmed'; overCapacity?: ConfirmationNumbers}
  /** Not stored: beyond the places, and nobody said "Confirm anyway" yet. */
  | {kind: 'over-capacity'; numbers: ConfirmationNumbers}
  /** Not stored: the booking (or its draft) changed since the editor saw it. */
  | {kind: 'changed'}
  | {kind: 'not-found'}
  /** Not stored: too many confirmations of this departure at once. */
  | {kind: 'busy'}

export type ConfirmDeps = {
  /** The bookings dataset, as the studio's user (raw perspective: sees drafts). */
  bookings: SanityClient
  /** The published content (experiences and their booking settings). */
  content: SanityClient
  now?: () => Date
  /** A short pause between attempts when another confirmation changed the departure first. */
  pause?: (attempt: number) => Promise<void>
  randomKey?: () => string
}

export type ConfirmRequest = {
  /** The booking's published id. */
  id: string
  /** The revisions the editor saw: the published booking's, and its draft's when there is one. */
  revision: string
  draftRevision?: string | null
  /** Who confirms, for the status history. */
  by: ChangedBy
  confirmAnyway: boolean
}

export const defaultKey = () => Math.random().toString(16).slice(2, 14).padEnd(12, '0')

export const draftIdOf = (id: string) => `drafts.${id.replace(/^drafts\./, '')}`

/**
 * What publishing `draft` over `published` changes: every field the draft has (set) and every field only the
 * published document has (unset). System fields (`_id`, `_rev`, …) stay the lake's.
 */
export function publishChanges(
  published: Record<string, unknown>,
  draft: Record<string, unknown> | null,
): {set: Record<string, unknown>; unset: string[]} {
  if (!draft) return {set: {}, unset: []}
  const own = (key: string) => !key.startsWith('_')
  return {
    set: Object.fromEntries(Object.entries(draft).filter(([key]) => own(key))),
    unset: Object.keys(published).filter((key) => own(key) && !(key in draft)),
  }
}

/** Confirms a booking as the studio's Confirm action does; see the module's note. */
export async function confirmBooking(
  deps: ConfirmDeps,
  request: ConfirmRequest,
): Promise<ConfirmOutcome> {
  const {bookings, content} = deps
  const now = deps.now ?? (() => new Date())
  const pause = deps.pause ?? pauseAfterConflict
  const randomKey = deps.randomKey ?? defaultKey
  const id = request.id.replace(/^drafts\./, '')
  const draftId = draftIdOf(id)

  const first = await bookings.getDocument<BookingSnapshot>(id)
  if (!first) return {kind: 'not-found'}
  const experience = typeof first.experience_id === 'string' ? first.experience_id : ''
  const date = typeof first.date === 'string' ? first.date : ''
  const found = experience
    ? await content.fetch<{isBespoke?: boolean; rules: unknown} | null>(confirmExperienceQuery, {
        id: experience,
      })
    : null
  // A bespoke trip, or an old record with no departure to count: no places change hands, only the status.
  const rules: BookingRules | null =
    found && !found.isBespoke && date
      ? resolveBookingRules(found.rules as Parameters<typeof resolveBookingRules>[0])
      : null
  const lockId = rules ? departureLockId(experience, date) : null

  return confirmWithinPlaces<Snapshot, ConfirmOutcome>({
    rules,
    departure: lockId ? {lockId, experienceId: experience, date} : null,
    bookingId: id,
    confirmAnyway: request.confirmAnyway,
    now,
    pause,
    read: () =>
      bookings.fetch<Snapshot>(confirmSnapshotQuery, {
        id,
        draftId,
        lockId: lockId ?? '',
        experience,
        date,
        statuses: [...COUNTED_STATUSES],
        self: id,
      }),
    stop: (snapshot) => {
      if (!snapshot.booking) return {kind: 'not-found'}
      if (
        snapshot.booking._rev !== request.revision ||
        (snapshot.draft?._rev ?? null) !== (request.draftRevision ?? null)
      )
        return {kind: 'changed'}
      return undefined
    },
    trip: (snapshot) => ({
      date,
      preferredTime: typeof first.preferred_time === 'string' ? first.preferred_time : '',
      pax: typeof first.pax_total === 'number' ? first.pax_total : 0,
      counts: snapshot.booking?.status !== 'confirmed',
    }),
    overCapacity: (numbers) => ({kind: 'over-capacity', numbers}),
    commit: async (snapshot, {at, over, changeLock}) => {
      const [published, draft] = await Promise.all([
        bookings.getDocument<BookingSnapshot>(id),
        snapshot.draft ? bookings.getDocument<BookingSnapshot>(draftId) : Promise.resolve(null),
      ])
      if (!published) return {kind: 'not-found'}
      const {set, unset} = publishChanges(published, draft ?? null)
      const history = Array.isArray(set.status_history)
        ? set.status_history
        : Array.isArray(published.status_history)
          ? published.status_history
          : []
      const key = randomKey()
      // Published over it, the draft's address is the one the booking keeps.
      const email = draft ? set.email : published.email
      const mailId = email ? decisionMailId(id, 'confirm', key) : null
      const transaction = bookings.transaction()
      transaction.patch(id, (p) => {
        let patch = p.ifRevisionId(request.revision)
        if (unset.length > 0) patch = patch.unset(unset)
        return patch.set({
          ...set,
          status: 'confirmed',
          status_history: [
            ...history,
            {
              _key: key,
              _type: 'statusChange',
              status: 'confirmed',
              at,
              ...changedByFields(request.by),
              ...(over ? {note: confirmAnywayNote(over)} : {}),
              action: 'confirm',
              ...(mailId ? {mail_id: mailId} : {}),
            },
          ],
        })
      })
      if (mailId) transaction.createIfNotExists(composeMailDocument(mailId, id, at))
      if (snapshot.draft) {
        // Checked in the same transaction, so an edit made meanwhile is never thrown away.
        transaction.patch(draftId, (p) =>
          p.ifRevisionId(snapshot.draft!._rev).set({status: 'confirmed'}),
        )
        transaction.delete(draftId)
      }
      changeLock(transaction)
      await transaction.commit({visibility: 'sync'})
      return over ? {kind: 'confirmed', overCapacity: over} : {kind: 'confirmed'}
    },
    busy: () => ({kind: 'busy'}),
  })
}

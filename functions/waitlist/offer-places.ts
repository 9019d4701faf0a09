import {randomBytes} from 'node:crypto'

import type {Mutation} from '@sanity/client'

import {departureLockId, departuresOn, departureSlotOf} from '@repo/schemas/capacity.ts'
import {departureAllows, departureState} from '@repo/schemas/departure-life.ts'
import {isDateAvailable} from '@repo/schemas/experience-settings.ts'
import {todayInCapeTown} from '@repo/schemas/iso-date.ts'
import {isConflict} from '@repo/schemas/lake-errors.ts'
import {entriesToOffer, holdUntil, waitlistHoldHours} from '@repo/schemas/waitlist.ts'

import {
  bookableExperienceQuery,
  loadBookingRules,
  loadDepartureCounts,
} from '../lib/departure-loads.ts'
import {composeMail} from '../lib/mail-content.ts'
import {
  entryMailValues,
  holdUntilInWords,
  offerLinkFor,
  type WaitlistDeps,
  type WaitlistEntry,
} from './waitlist-deps.ts'
import {departureLockQuery} from './queries/departure-lock-query.ts'
import {waitlistHoldHoursQuery} from './queries/waitlist-hold-hours-query.ts'
import {lapsedOffersQuery} from './queries/lapsed-offers-query.ts'
import {waitingEntriesQuery} from './queries/waiting-entries-query.ts'

/**
 * The waitlist's job (docs/decisions/095-a-waitlist-per-departure.md), run by the jobs runner on every server and by
 * hand: first the holds that ran out lapse, then each departure with people waiting is offered what it has free.
 *
 * Exactly once on any number of servers: an offer is one transaction that changes the departure's lock document
 * with `ifRevisionID` (the revision read before counting, as staff confirmations do: schemas/src/confirm-within-
 * places.ts), each offered entry with its own revision, and queues the offer's mail under an id named for the
 * entry. Two runners that counted the same free places cannot both commit; the loser counts again next run, when
 * the winner's holds already take the places. A lapse is a revision-checked patch of its entry alone.
 */
export type OfferRun = {lapsed: number; offered: number; lostRaces: number}

type DepartureLock = {_id: string; _rev: string; cancelled_at?: string | null}

/** The offer's mail, one per entry: an entry is offered once (a lapsed one leaves the line). */
export const offerMailId = (entryId: string) => `${entryId}-offer`

export async function offerWaitlistPlaces(deps: WaitlistDeps, now: Date): Promise<OfferRun> {
  const run: OfferRun = {lapsed: 0, offered: 0, lostRaces: 0}
  const at = now.toISOString()

  for (const entry of await deps.bookings.fetch(lapsedOffersQuery, {
    now: at,
  })) {
    try {
      await deps.bookings
        .patch(entry._id)
        .ifRevisionId(entry._rev)
        .set({state: 'lapsed', lapsed_at: at})
        .commit({visibility: 'sync'})
      run.lapsed++
    } catch (error) {
      // Taken or lapsed by someone else meanwhile: nothing left to do for it.
      if (!isConflict(error)) throw error
    }
  }

  const waiting: WaitlistEntry[] = await deps.bookings.fetch(waitingEntriesQuery, {
    today: todayInCapeTown(now),
  })
  if (waiting.length === 0) return run
  const hours = waitlistHoldHours(
    await deps.content.fetch(waitlistHoldHoursQuery, {}, {perspective: 'published'}),
  )
  const until = holdUntil(now, hours)
  const byDeparture = new Map<string, WaitlistEntry[]>()
  for (const entry of waiting) {
    const key = `${entry.experience_id}|${entry.date}|${entry.preferred_time}`
    byDeparture.set(key, [...(byDeparture.get(key) ?? []), entry])
  }
  const mailContent = await deps.mailContent()

  for (const entries of byDeparture.values()) {
    const {experience_id: slug, date} = entries[0]!
    const experience = await deps.content.fetch(bookableExperienceQuery, {id: slug})
    if (!experience || experience.isBespoke) continue
    const rules = await loadBookingRules(deps.content, experience._id)
    const lockId = departureLockId(experience.slug, date)
    // The lock's revision first, then the counts: a change committed between the two moves the lock, and the
    // offer below fails on it rather than using counts older than the revision it checks. A cancellation sets the
    // lock's `cancelled_at` and so moves it too.
    const lock: DepartureLock | null = await deps.bookings.fetch(departureLockQuery, {id: lockId})
    const counts = await loadDepartureCounts(deps.bookings, rules, {
      experience: experience.slug,
      from: date,
      to: date,
    })
    const slot = departureSlotOf(rules, entries[0]!.preferred_time)
    const left = departuresOn(rules, date, counts).find((d) => d.slot === slot)?.left ?? 0
    // The model decides (schemas/src/departure-life.ts): a departure cancelled, closed by the rules (lead time, a
    // new blackout) or past offers nothing; its line waits, or was closed and told by the cancellation.
    const state = departureState({
      date,
      today: todayInCapeTown(now),
      cancelled: Boolean(lock?.cancelled_at),
      available: isDateAvailable(date, rules, todayInCapeTown(now)),
      left,
    })
    if (!departureAllows(state, 'offer')) continue
    const chosen = entriesToOffer(
      entries.map((entry) => ({...entry, pax: entry.pax_total})),
      left,
    )
    if (chosen.length === 0) continue

    const lockFields = {
      last_change: `waitlist-offer-${randomBytes(4).toString('hex')}`,
      updated_at: at,
    }
    const mutations: Mutation[] = [
      lock
        ? {patch: {id: lockId, ifRevisionID: lock._rev, set: lockFields}}
        : {
            create: {
              _id: lockId,
              _type: 'departure',
              experience_id: experience.slug,
              date,
              ...lockFields,
            },
          },
    ]
    for (const entry of chosen) {
      mutations.push({
        patch: {
          id: entry._id,
          ifRevisionID: entry._rev,
          set: {state: 'offered', offered_at: at, hold_until: until.toISOString()},
        },
      })
      const mail = composeMail(
        'waitlistOffer',
        {
          ...entryMailValues(deps, entry, mailContent),
          offerLink: offerLinkFor(deps, entry, until),
          holdUntil: holdUntilInWords(until),
        },
        mailContent,
        {to: entry.email},
      )
      mutations.push(deps.outbox.queueMutation(offerMailId(entry._id), mail, entry._id))
    }
    try {
      await deps.bookings.mutate(mutations, {visibility: 'sync'})
      run.offered += chosen.length
    } catch (error) {
      if (!isConflict(error)) throw error
      // Another runner (or a staff confirmation) changed this departure first: its places are counted again on
      // the next run.
      run.lostRaces++
    }
  }
  if (run.offered > 0) await deps.outbox.flush()
  return run
}

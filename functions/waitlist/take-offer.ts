import {departureLockId} from '@repo/schemas/capacity.ts'
import {departureAllows, departureState} from '@repo/schemas/departure-life.ts'
import {todayInCapeTown} from '@repo/schemas/iso-date.ts'
import {isConflict} from '@repo/schemas/lake-errors.ts'
// Why an offer cannot be taken; each has its words in the shared module, for the offer page.
import type {OfferRefusal} from '@repo/schemas/waitlist-links.ts'

import {requestLinkFor} from '../lib/booking-mail-values.ts'
import {bookableExperienceQuery} from '../lib/departure-loads.ts'
import {newReference, sha256} from '../lib/http.ts'
import type {StoredBooking} from '../send-booking-notifications/handler.ts'
import {entryByIdQuery, type WaitlistDeps, type WaitlistEntry} from './waitlist-deps.ts'
import {purgeMutation} from '../lib/purge.ts'
import {departureCancellationQuery} from './queries/departure-cancellation-query.ts'

export type {OfferRefusal}

export type OfferLookup = {ok: true; entry: WaitlistEntry} | {ok: false; reason: OfferRefusal}

/** The entry an offer link names, when its offer still holds places at `now`. */
export async function openOffer(
  deps: WaitlistDeps,
  entryId: string,
  now: Date,
): Promise<OfferLookup> {
  const entry = await deps.bookings.fetch(entryByIdQuery, {id: entryId})
  if (!entry) return {ok: false, reason: 'invalid'}
  if (entry.state === 'booked') return {ok: false, reason: 'taken'}
  if (entry.state === 'cancelled') return {ok: false, reason: 'cancelled'}
  if (entry.state !== 'offered') return {ok: false, reason: 'lapsed'}
  if (!entry.hold_until || new Date(entry.hold_until).getTime() <= now.getTime())
    return {ok: false, reason: 'lapsed'}
  // An offer whose departure was cancelled since is not taken, whatever the entry says (departure-life.ts).
  const lock = await deps.bookings.fetch(departureCancellationQuery, {
    id: departureLockId(entry.experience_id, entry.date),
  })
  const state = departureState({
    date: entry.date,
    today: todayInCapeTown(now),
    cancelled: Boolean(lock?.cancelled_at),
    available: true,
    left: entry.pax_total,
    pax: entry.pax_total,
  })
  if (!departureAllows(state, 'take-offer'))
    return {ok: false, reason: state === 'cancelled' ? 'cancelled' : 'lapsed'}
  return {ok: true, entry}
}

/** The booking an entry turns into: one id per entry, so a replay finds the first rather than making a second. */
export const waitlistBookingId = (entryId: string) =>
  `booking-${sha256(`waitlist:${entryId}`).slice(0, 40)}`

/**
 * Takes an offer: the entry becomes `booked` and a booking request is created from it, with the request's usual
 * mails, in one transaction checked against the entry's revision. The places go on being held, by the request
 * instead of the offer (lib/departure-loads.ts), until staff decide it. Resolves to the request page's link.
 */
export async function takeOffer(
  deps: WaitlistDeps,
  entryId: string,
): Promise<{ok: true; requestLink: string} | {ok: false; reason: OfferRefusal}> {
  const now = deps.now()
  const offer = await openOffer(deps, entryId, now)
  if (!offer.ok) return offer
  const {entry} = offer
  const experience = await deps.content.fetch(bookableExperienceQuery, {
    id: entry.experience_id,
  })
  const createdAt = now.toISOString()
  const booking: StoredBooking = {
    _id: waitlistBookingId(entry._id),
    booking_ref: newReference('CTE'),
    experience_id: entry.experience_id,
    experience_title: experience?.title ?? entry.experience_title,
    category: experience?.category ?? '',
    duration: experience?.duration ?? '',
    date: entry.date,
    preferred_time: entry.preferred_time,
    pax_adults: entry.pax_adults,
    pax_children: entry.pax_children,
    pax_total: entry.pax_total,
    name: entry.name,
    email: entry.email,
    created_at: createdAt,
  }
  const mails = await deps.notify.mails(booking)
  try {
    await deps.bookings.mutate(
      [
        {
          patch: {
            id: entry._id,
            ifRevisionID: entry._rev,
            set: {state: 'booked', booking_id: booking._id, booked_at: createdAt},
          },
        },
        {
          create: {
            ...booking,
            _type: 'booking',
            status: 'new',
            status_history: [
              {_key: 'created', _type: 'statusChange', status: 'new', at: createdAt, by: 'website'},
            ],
            consent_booking: true,
            consent_privacy: true,
            waitlist_entry: entry._id,
          },
        },
        ...mails,
      ],
      {visibility: 'sync'},
    )
  } catch (error) {
    if (!isConflict(error)) throw error
    await deps.notify.notStored?.(booking).catch((e: unknown) => deps.onError?.(e))
    const again = await openOffer(deps, entryId, deps.now())
    return {ok: false, reason: again.ok ? 'changed' : again.reason}
  }
  deps.notify.stored()
  return {
    ok: true,
    requestLink: requestLinkFor(
      {siteUrl: deps.siteUrl, secret: deps.secret, now: deps.now},
      booking,
    ),
  }
}

/**
 * Leaving the waitlist deletes the entry: nothing of the traveller stays in line. An open offer's places are free
 * again at once, for the next run of the job to offer. A request already made from an offer is the request
 * page's to withdraw; the entry then stays as its record.
 */
export async function leaveWaitlist(
  deps: WaitlistDeps,
  entryId: string,
): Promise<'left' | 'gone' | 'booked' | 'changed'> {
  const entry = await deps.bookings.fetch(entryByIdQuery, {id: entryId})
  if (!entry) return 'gone'
  if (entry.state === 'booked') return 'booked'
  try {
    // The revision check makes a leave that crosses a take (or an offer) lose rather than delete what it did not see.
    await deps.bookings.mutate(
      [
        {patch: {id: entry._id, ifRevisionID: entry._rev, set: {state: entry.state}}},
        // Purged: the lake's history of the entry goes with it, as the page promises.
        purgeMutation(entry._id),
      ],
      {visibility: 'sync'},
    )
  } catch (error) {
    if (!isConflict(error)) throw error
    return 'changed'
  }
  return 'left'
}

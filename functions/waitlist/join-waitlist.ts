import {alternativesWindow} from '@repo/schemas/capacity.ts'
import {departureAllows, departureState} from '@repo/schemas/departure-life.ts'
import {isConflict} from '@repo/schemas/lake-errors.ts'
import {checkTrip} from '@repo/schemas/trip-check.ts'
import {
  WAITLIST_ALREADY_MESSAGE,
  WAITLIST_CANCELLED_MESSAGE,
  WAITLIST_ENTRY_TYPE,
  WAITLIST_FAILED_MESSAGE,
  WAITLIST_HAS_ROOM_MESSAGE,
  WAITLIST_REQUIRED_MESSAGE,
  WAITLIST_UNKNOWN_EXPERIENCE_MESSAGE,
  waitlistJoinSchema,
} from '@repo/schemas/waitlist.ts'
import {todayInCapeTown} from '@repo/schemas/iso-date.ts'

import {
  bookableExperienceQuery,
  loadBookingRules,
  loadCancelledDates,
  loadDepartureCounts,
} from '../lib/departure-loads.ts'
import {takeForm} from '../lib/form-intake.ts'
import {json, problem, sha256, type RequestContext} from '../lib/http.ts'
import {composeMail} from '../lib/mail-content.ts'
import type {RateLimiter} from '../lib/rate-limit.ts'
import {entryMailValues, type WaitlistDeps, type WaitlistEntry} from './waitlist-deps.ts'

export const MAX_JOIN_BODY_BYTES = 4 * 1024

/**
 * One entry per mailbox and departure: the id is derived from them, so a second join (a double click, another
 * server, a retry) meets the first in the lake's `create` and is refused there, not by a read that could race.
 */
export const waitlistEntryId = (
  departure: {experience: string; date: string; slot: string},
  email: string,
) =>
  `waitlist-${sha256(`${departure.experience}|${departure.date}|${departure.slot}|${email.trim().toLowerCase()}`).slice(0, 40)}`

export const joinMailId = (entryId: string) => `${entryId}-joined`

const field = (name: string, message: string) => problem(400, message, {[name]: [message]})

/**
 * `POST /api/waitlist`: joins a full departure's waitlist. The same intake as the other forms (rate limit, size,
 * honeypot, the shared zod schema), then the server's own checks: the experience exists and takes requests, the
 * date and group are ones it could book, and the departure really is full for the group (otherwise the traveller
 * is told to ask for it). The entry and its confirmation mail are written in one transaction.
 */
export async function joinWaitlist(
  request: Request,
  context: RequestContext,
  deps: WaitlistDeps & {rateLimiter: RateLimiter},
): Promise<Response> {
  if (request.method !== 'POST')
    return problem(405, 'Use POST to join a waitlist.', {}, {Allow: 'POST'})
  const form = await takeForm(request, context, {
    rateLimiter: deps.rateLimiter,
    maxBytes: MAX_JOIN_BODY_BYTES,
    schema: waitlistJoinSchema,
    invalidMessage: WAITLIST_REQUIRED_MESSAGE,
    idempotent: false,
  })
  if (!form.ok) return form.response
  const input = form.input
  try {
    const experience = await deps.content.fetch(
      bookableExperienceQuery,
      {id: input.experienceId},
    )
    if (!experience || experience.isBespoke)
      return field('experienceId', WAITLIST_UNKNOWN_EXPERIENCE_MESSAGE)
    const rules = await loadBookingRules(deps.content, experience._id)
    const now = deps.now()
    const counts = await loadDepartureCounts(deps.bookings, rules, {
      experience: experience.slug,
      ...alternativesWindow(input.date),
    })
    const trip = checkTrip(
      rules,
      {date: input.date, adults: input.adults, children: input.children, time: input.preferredTime},
      todayInCapeTown(now),
      counts,
    )
    // A cancelled departure takes no one, on its waitlist either (schemas/src/departure-life.ts).
    const cancelled = await loadCancelledDates(deps.bookings, {
      experience: experience.slug,
      from: input.date,
      to: input.date,
    })
    const state = departureState({
      date: input.date,
      today: todayInCapeTown(now),
      cancelled: cancelled.length > 0,
      available: true,
      left: 0,
    })
    if (state === 'cancelled' || !departureAllows(state, 'join-waitlist'))
      return problem(409, WAITLIST_CANCELLED_MESSAGE, {date: [WAITLIST_CANCELLED_MESSAGE]})
    const [first] = trip.problems
    if (!first) return problem(409, WAITLIST_HAS_ROOM_MESSAGE, {date: [WAITLIST_HAS_ROOM_MESSAGE]})
    if (first.reason !== 'full' && first.reason !== 'too-few') {
      const name =
        first.field === 'party' ? 'adults' : first.field === 'time' ? 'preferredTime' : 'date'
      return field(name, first.message)
    }

    const entry: Omit<WaitlistEntry, '_rev'> = {
      _id: waitlistEntryId(
        {experience: experience.slug, date: input.date, slot: trip.departure.slot},
        input.email,
      ),
      _type: WAITLIST_ENTRY_TYPE,
      state: 'waiting',
      experience_id: experience.slug,
      experience_title: experience.title,
      date: input.date,
      preferred_time: trip.departure.slot,
      pax_adults: input.adults,
      pax_children: input.children,
      pax_total: trip.pax,
      name: input.name,
      email: input.email,
      joined_at: now.toISOString(),
    }
    const mailId = joinMailId(entry._id)
    const withheld = (await deps.unconfirmedMail?.take(input.email, mailId)) ?? null
    const mailContent = await deps.mailContent()
    const mail = composeMail(
      'waitlistJoined',
      entryMailValues(deps, {...entry, _rev: ''}, mailContent),
      mailContent,
      {to: input.email},
    )
    try {
      await deps.bookings.mutate(
        [
          {create: {...entry, consent_waitlist: true, consent_privacy: true}},
          deps.outbox.queueMutation(mailId, mail, entry._id, withheld ? {withheld} : undefined),
        ],
        {visibility: 'sync'},
      )
    } catch (error) {
      if (!isConflict(error)) throw error
      // Nothing was queued, so what the budget counted for it is given back.
      await deps.unconfirmedMail?.giveBack(input.email, mailId)
      return problem(409, WAITLIST_ALREADY_MESSAGE, {email: [WAITLIST_ALREADY_MESSAGE]})
    }
    void deps.outbox.flush().catch((error: unknown) => deps.onError?.(error))
    return json(
      {
        experience: experience.title,
        date: input.date,
        slot: trip.departure.slot,
        pax: trip.pax,
        email: input.email,
      },
      201,
    )
  } catch (error) {
    ;(deps.onError ?? ((e: unknown) => console.error('[join-waitlist]', e)))(error)
    return problem(503, WAITLIST_FAILED_MESSAGE, {}, {'Retry-After': '5'})
  }
}

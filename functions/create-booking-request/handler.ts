import {randomUUID} from 'node:crypto'

import type {SanityClient} from '@sanity/client'

import {
  bookingRequestSchema,
  REQUIRED_FIELDS_MESSAGE,
  SUBMIT_FAILED_MESSAGE,
} from '@repo/schemas/booking-request.ts'
import {alternativesWindow, nearestAlternatives} from '@repo/schemas/capacity.ts'
import {withCancelledDates} from '@repo/schemas/departure-cancellation.ts'
import {SECURITY_QUESTION_FIELD_NAMES} from '@repo/schemas/security-question.ts'
import {checkTrip} from '@repo/schemas/trip-check.ts'

import {takeForm} from '../lib/form-intake.ts'
import type {ChallengeService} from '../lib/challenge.ts'
import {
  bookableExperienceQuery,
  loadBookingRules,
  loadCancelledDates,
  loadDepartureCounts,
} from '../lib/departure-loads.ts'
import {consentNoticeLoader, consentRecord, type ConsentNotice} from '../lib/consent-record.ts'
import {replayOrConflict, requestHash} from '../lib/idempotency.ts'
import {json, newReference, problem, problemResponse, sha256, type RequestContext} from '../lib/http.ts'
import type {RateLimiter} from '../lib/rate-limit.ts'
import {answerSecurityQuestion, questionUsedResponse} from '../lib/security-question.ts'
import type {BookingNotifier, StoredBooking} from '../send-booking-notifications/handler.ts'
import {storedBookingReferenceQuery} from './queries/stored-booking-reference-query.ts'

export type CreateBookingRequestDeps = {
  /** Published content: experiences and their settings. */
  content: SanityClient
  /** The private `bookings` dataset, with a write token. */
  bookings: SanityClient
  challenges: ChallengeService
  rateLimiter: RateLimiter
  /** The booking's mails, stored with it; sending them never fails the request. */
  notify: BookingNotifier
  /** Today's date in Cape Town (`yyyy-MM-dd`). */
  today: () => string
  /** The privacy notice in force (lib/consent-record.ts); unset, read from `content` for each request. */
  consentNotice?: () => Promise<ConsentNotice>
  now?: () => Date
  onError?: (error: unknown) => void
}

export const MAX_BODY_BYTES = 16 * 1024
export const UNKNOWN_EXPERIENCE_MESSAGE =
  'We could not find this experience. Please choose it again from the experiences page.'

const field = (name: string, message: string) => problem(400, message, {[name]: [message]})

/** `POST /api/booking-requests`: validates, re-checks against the content, stores once, answers `{booking_ref}`. */
export async function createBookingRequest(
  request: Request,
  context: RequestContext,
  deps: CreateBookingRequestDeps,
): Promise<Response> {
  const onError =
    deps.onError ?? ((error: unknown) => console.error('[create-booking-request]', error))
  const form = await takeForm(request, context, {
    rateLimiter: deps.rateLimiter,
    maxBytes: MAX_BODY_BYTES,
    schema: bookingRequestSchema,
    invalidMessage: REQUIRED_FIELDS_MESSAGE,
    idempotent: true,
  })
  if (!form.ok) return form.response
  const {input, key} = form

  // The document id comes from the idempotency key, so a double submit or a retry finds the first booking.
  const _id = key ? `booking-${sha256(`booking:${key}`).slice(0, 40)}` : `booking-${randomUUID()}`
  const hash = requestHash(input, [...SECURITY_QUESTION_FIELD_NAMES, 'website'])
  const storedReference = () => deps.bookings.fetch(storedBookingReferenceQuery, {id: _id})
  const replay = (stored: {ref: string; hash?: string | null}) =>
    replayOrConflict(stored, hash, (ref) => json({booking_ref: ref}, 201))

  try {
    const question = await answerSecurityQuestion(deps.challenges, input, {
      owner: key ?? _id,
      findStored: () => (key ? storedReference() : Promise.resolve(null)),
    })
    if ('refused' in question) return question.refused
    if ('stored' in question) return replay(question.stored)

    // Bespoke itineraries come through the questionnaire and are never limited by places.
    const experience = await deps.content.fetch(bookableExperienceQuery, {id: input.experienceId})
    if (!experience || experience.isBespoke)
      return field('experienceId', UNKNOWN_EXPERIENCE_MESSAGE)
    const window = alternativesWindow(input.date)
    // A departure staff cancelled is closed: no request for it, nor offered as an alternative.
    const settings = withCancelledDates(
      await loadBookingRules(deps.content, experience._id),
      await loadCancelledDates(deps.bookings, {experience: experience.slug, ...window}),
    )
    const today = deps.today()
    // One read of the experience's bookings around the date answers both the places and the alternatives. Only
    // confirmed bookings take places, so a request cannot race another request; what needs a lock is staff
    // confirming (schemas/src/confirm-within-places.ts). Nothing is stored on refusal.
    const counts = await loadDepartureCounts(deps.bookings, settings, {
      experience: experience.slug,
      ...window,
    })
    const trip = checkTrip(
      settings,
      {
        date: input.date,
        adults: input.adults,
        children: input.children,
        time: input.preferredTime,
      },
      today,
      counts,
    )
    const [problem] = trip.problems
    // A past date has nothing near it to offer; one too far ahead is told so.
    if (problem?.reason === 'too-far' || problem?.reason === 'past')
      return field('date', problem.message)
    if (problem?.field === 'party') return field('adults', problem.message)
    if (problem?.field === 'time') return field('preferredTime', problem.message)
    if (problem)
      return problemResponse(problem.reason === 'unavailable' ? 400 : 409, problem.message, {
        fieldErrors: {date: [problem.message]},
        alternatives: nearestAlternatives(settings, trip.departure, trip.pax, counts, today),
      })

    const createdAt = (deps.now?.() ?? new Date()).toISOString()
    const booking: StoredBooking & {_type: 'booking'} = {
      _id,
      _type: 'booking',
      booking_ref: newReference('CTE'),
      experience_id: experience.slug,
      experience_title: experience.title,
      category: experience.category ?? '',
      duration: experience.duration ?? '',
      date: input.date,
      preferred_time: input.preferredTime,
      pax_adults: input.adults,
      pax_children: input.children,
      pax_total: input.adults + input.children,
      name: input.name,
      email: input.email,
      phone: input.phone,
      // Not chosen is no value, as the studio's list of options has it (never an empty string).
      country: input.country || undefined,
      pickup_location: input.pickupLocation,
      notes: input.notes,
      how_heard_about_us: input.howHeard || undefined,
      marketing_opt_in: input.marketingOptIn,
      utm_source: input.utmSource,
      utm_medium: input.utmMedium,
      utm_campaign: input.utmCampaign,
      created_at: createdAt,
    }
    // With the security question's used record and the booking's mails, in one transaction
    // (lib/security-question.ts, lib/mailer.ts). The mails are composed first, from the editors' templates.
    const mails = await deps.notify.mails(booking)
    const consent = consentRecord(
      await (deps.consentNotice ?? consentNoticeLoader(deps.content))(),
      ['bookingRequest', 'privacy'],
      createdAt,
    )
    const result = await question.answered.commit([
      {
        createIfNotExists: {
          ...booking,
          status: 'new',
          status_history: [
            {_key: 'created', _type: 'statusChange', status: 'new', at: createdAt, by: 'website'},
          ],
          consent_booking: true,
          consent_privacy: true,
          consent_record: consent.record,
          request_hash: hash,
        },
      },
      consent.versionDocument,
      ...mails,
    ])
    // Another request used the question meanwhile, on this server or another.
    if (result === 'used') {
      // Nothing stored, so the acknowledgement counted for it (lib/mail-budget.ts) is given back: replaying a
      // used question cannot use up a mailbox's hourly acknowledgements.
      await deps.notify.notStored?.(booking).catch(onError)
      return questionUsedResponse()
    }
    const created = result.results[0]?.operation === 'create'
    if (!created) {
      // A concurrent twin won the race: answer with its reference.
      const stored = await storedReference()
      return stored ? replay(stored) : json({booking_ref: booking.booking_ref}, 201)
    }
    deps.notify.stored()
    return json({booking_ref: booking.booking_ref}, 201)
  } catch (error) {
    onError(error)
    return problem(503, SUBMIT_FAILED_MESSAGE, {}, {'Retry-After': '5'})
  }
}

import {randomUUID} from 'node:crypto'

import type {SanityClient} from '@sanity/client'

import {SUBMIT_FAILED_MESSAGE} from '@repo/schemas/booking-request.ts'
import {
  itineraryRequestSchema,
  MISSING_INFORMATION_MESSAGE,
  tripDateProblem,
  type ItineraryRequestPayload,
} from '@repo/schemas/itinerary-request.ts'
import {
  ACCOMMODATION_OPTIONS,
  GROUP_SIZES,
  INTERESTS,
  LEAD_SOURCES,
  optionTitle,
  SAFARI_OPTIONS,
  TRIP_DURATIONS,
  TRIP_TYPES,
  WIZARD_PACKAGES,
  WIZARD_TRAVELLERS,
} from '@repo/schemas/enumerations.ts'
import {formatDateInWords, formatLongDateTime} from '@repo/schemas/format-date.ts'
import {SECURITY_QUESTION_FIELD_NAMES} from '@repo/schemas/security-question.ts'

import {consentRecord, type ConsentNotice} from '../lib/consent-record.ts'
import {takeForm} from '../lib/form-intake.ts'
import {json, newReference, problem, sha256, type RequestContext} from '../lib/http.ts'
import type {ChallengeService} from '../lib/challenge.ts'
import {replayOrConflict, requestHash} from '../lib/idempotency.ts'
import {composeMail, yesNo, type MailContent} from '../lib/mail-content.ts'
import type {MailMessage} from '../lib/mailer.ts'
import type {RateLimiter} from '../lib/rate-limit.ts'
import {requeueSince, type SweepWindow} from '../lib/requeue.ts'
import {itineraryRequestsSinceQuery} from './queries/itinerary-requests-since-query.ts'
import {answerSecurityQuestion, questionUsedResponse} from '../lib/security-question.ts'
import {storedItineraryReferenceQuery} from './queries/stored-itinerary-reference-query.ts'

export type CreateItineraryRequestDeps = {
  bookings: SanityClient
  challenges: ChallengeService
  rateLimiter: RateLimiter
  /** Queues the team's notification; its failure never fails the request. */
  notify: (id: string, message: MailMessage, about?: string) => Promise<void>
  teamEmail: string
  /** The editors' templates and the brand (lib/mail-content.ts). */
  mailContent: () => Promise<MailContent>
  /** The privacy notice in force (lib/consent-record.ts), recorded with the request. */
  consentNotice: () => Promise<ConsentNotice>
  today: () => string
  now?: () => Date
  onError?: (error: unknown) => void
}

/** The stored fields, snake_case like the studio's `itineraryRequest`. */
function storedFields(input: ItineraryRequestPayload) {
  if (input.source === 'questionnaire')
    return {
      source: input.source,
      name: `${input.firstName} ${input.lastName}`,
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email,
      newsletter: input.newsletter,
      trip_type: input.tripType,
      preferred_date: input.preferredDate || undefined,
      duration: input.duration,
      group_size: input.groupSize,
      interests: input.interests,
      safari: input.safari,
      accommodation: input.accommodation,
      additional_info: input.additionalInfo,
    }
  return {
    source: input.source,
    name: input.name,
    email: input.email,
    phone: input.phone,
    travelers: input.travelers,
    start_date: input.startDate || undefined,
    package_type: input.packageType,
    special_requests: input.specialRequests,
  }
}

type StoredItineraryRequest = {
  _id: string
  request_ref: string
  source?: string
  name?: string
  email?: string
} & Record<string, unknown>

const title = (options: readonly {value: string; title: string}[], value: unknown) =>
  typeof value === 'string' && value ? optionTitle(options, value) : ''
const dateInWords = (value: unknown) =>
  typeof value === 'string' && value ? formatDateInWords(value) : ''
const text = (value: unknown) => (typeof value === 'string' ? value : '')

/**
 * The request's answers as the team reads them: labels rather than stored values, dates in words. Only the
 * questions of the form it came from (the questionnaire's or the wizard's).
 */
function detailRows(doc: StoredItineraryRequest): [string, string][] {
  const common: [string, string][] = [
    ['Reference', doc.request_ref],
    ['Form', title(LEAD_SOURCES, doc.source)],
    ['Name', text(doc.name)],
    ['Email', text(doc.email)],
  ]
  const received: [string, string] = ['Received', formatLongDateTime(text(doc.created_at))]
  if (doc.source === 'questionnaire')
    return [
      ...common,
      ['Newsletter', yesNo(doc.newsletter === true)],
      ['Trip type', title(TRIP_TYPES, doc.trip_type)],
      ['Preferred date', dateInWords(doc.preferred_date)],
      ['Length of trip', title(TRIP_DURATIONS, doc.duration)],
      ['Group', title(GROUP_SIZES, doc.group_size)],
      [
        'Interests',
        (Array.isArray(doc.interests) ? doc.interests : [])
          .map((interest) => title(INTERESTS, interest))
          .join(', '),
      ],
      ['Safari', title(SAFARI_OPTIONS, doc.safari)],
      ['Accommodation', title(ACCOMMODATION_OPTIONS, doc.accommodation)],
      ['Anything else', text(doc.additional_info)],
      received,
    ]
  return [
    ...common,
    ['Phone', text(doc.phone)],
    ['Travellers', title(WIZARD_TRAVELLERS, doc.travelers)],
    ['Start date', dateInWords(doc.start_date)],
    ['Package', title(WIZARD_PACKAGES, doc.package_type)],
    ['Special requests', text(doc.special_requests)],
    received,
  ]
}

/** The team's notification, built from the stored request, so the sweep below can send it again from the lake. */
export function itineraryTeamNotification(
  doc: StoredItineraryRequest,
  teamEmail: string,
  content: MailContent,
): {id: string; message: MailMessage} {
  return {
    id: `${doc._id}-team`,
    message: composeMail(
      'teamItinerary',
      {
        name: text(doc.name),
        email: text(doc.email),
        reference: doc.request_ref,
        details: {rows: detailRows(doc)},
      },
      content,
      {to: teamEmail, ...(doc.email ? {replyTo: doc.email} : {})},
    ),
  }
}

/** Queues the team's notification of every request received in `window` again (see lib/requeue.ts). */
export function requeueItineraryNotifications(
  window: SweepWindow,
  deps: Pick<CreateItineraryRequestDeps, 'bookings' | 'notify' | 'teamEmail' | 'mailContent'>,
): Promise<number> {
  return requeueSince<StoredItineraryRequest>(
    (params) => deps.bookings.fetch(itineraryRequestsSinceQuery, params),
    window,
    async (doc) => {
      const mail = itineraryTeamNotification(doc, deps.teamEmail, await deps.mailContent())
      return deps.notify(mail.id, mail.message, doc._id)
    },
  )
}

/** `POST /api/itinerary-requests`: the questionnaire and the wizard, stored as leads (the spec only logged them). */
export async function createItineraryRequest(
  request: Request,
  context: RequestContext,
  deps: CreateItineraryRequestDeps,
): Promise<Response> {
  const onError =
    deps.onError ?? ((error: unknown) => console.error('[create-itinerary-request]', error))
  const form = await takeForm(request, context, {
    rateLimiter: deps.rateLimiter,
    maxBytes: 16 * 1024,
    schema: itineraryRequestSchema,
    invalidMessage: MISSING_INFORMATION_MESSAGE,
    idempotent: true,
  })
  if (!form.ok) return form.response
  const {input, key} = form
  // On the injectable clock, like the booking's date checks.
  const date = input.source === 'questionnaire' ? input.preferredDate : input.startDate
  const dateProblem = tripDateProblem(date, deps.today())
  if (dateProblem)
    return problem(400, dateProblem, {
      [input.source === 'questionnaire' ? 'preferredDate' : 'startDate']: [dateProblem],
    })

  const _id = key
    ? `itinerary-${sha256(`itinerary:${key}`).slice(0, 40)}`
    : `itinerary-${randomUUID()}`
  const createdAt = (deps.now?.() ?? new Date()).toISOString()
  const fields = storedFields(input)
  const hash = requestHash(input, [...SECURITY_QUESTION_FIELD_NAMES, 'website'])
  const doc: {_id: string; _type: string; request_ref: string} & Record<string, unknown> = {
    _id,
    _type: 'itineraryRequest',
    request_ref: newReference('TRIP'),
    status: 'new',
    status_history: [
      {_key: 'created', _type: 'statusChange', status: 'new', at: createdAt, by: 'website'},
    ],
    created_at: createdAt,
    request_hash: hash,
    ...fields,
  }
  const storedReference = () => deps.bookings.fetch(storedItineraryReferenceQuery, {id: _id})
  const replay = (stored: {ref: string; hash?: string | null}) =>
    replayOrConflict(stored, hash, (ref) => json({request_ref: ref}, 201))
  try {
    const question = await answerSecurityQuestion(deps.challenges, input, {
      owner: key ?? _id,
      findStored: () => (key ? storedReference() : Promise.resolve(null)),
    })
    if ('refused' in question) return question.refused
    if ('stored' in question) return replay(question.stored)

    const consent = consentRecord(await deps.consentNotice(), ['tripRequest'], createdAt)
    // With the security question's used record, in one transaction (lib/security-question.ts).
    const result = await question.answered.commit([
      {createIfNotExists: {...doc, consent_record: consent.record}},
      consent.versionDocument,
    ])
    if (result === 'used') return questionUsedResponse()
    // A retry that raced its first attempt past the check above: the first one's reference.
    if (result.results[0]?.operation !== 'create')
      return replay((await storedReference()) ?? {ref: doc.request_ref})
    // The request is stored: from here on nothing fails it, and the sweep sends what could not be queued now.
    await deps
      .mailContent()
      .then((content) => {
        const mail = itineraryTeamNotification(doc, deps.teamEmail, content)
        return deps.notify(mail.id, mail.message, doc._id)
      })
      .catch(onError)
    return json({request_ref: doc.request_ref}, 201)
  } catch (error) {
    onError(error)
    return problem(
      503,
      SUBMIT_FAILED_MESSAGE.replace('booking request', 'request'),
      {},
      {
        'Retry-After': '5',
      },
    )
  }
}

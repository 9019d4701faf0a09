import {z} from './zod.ts'

import {addDays, isIsoDate, todayInCapeTown} from './iso-date.ts'
import {MAX_RATING, MIN_RATING} from './review-ratings.ts'
import {safeMultiLine, safeSingleLine} from './safe-text.ts'

/**
 * Travellers' reviews of an experience (docs/decisions/090-reviews-as-drafts.md): the rules the review form, the
 * function that stores a review, the job that asks for one, the studio and the site share.
 */

export const REVIEW_TYPE = 'review'

export const REVIEW_TEXT_MIN = 20
export const REVIEW_TEXT_MAX = 1500
export const REVIEW_NAME_MAX = 40

/** The largest review body a form can send: the text at four bytes a character, the rest, and room for JSON. */
export const MAX_REVIEW_BODY_BYTES = 8 * 1024

/**
 * Why an editor may refuse to publish a review. None is about the rating: a low score is published like a high
 * one, so the average on the page is the travellers' and not the company's.
 */
export const REJECTION_REASONS = [
  {value: 'personalData', title: 'Personal data'},
  {value: 'abuse', title: 'Abuse'},
  {value: 'notAboutExperience', title: 'Not about the experience'},
  {value: 'spam', title: 'Spam'},
] as const

export type RejectionReason = (typeof REJECTION_REASONS)[number]['value']

export const rejectionReasonTitle = (value: string | null | undefined) =>
  REJECTION_REASONS.find((reason) => reason.value === value)?.title ?? 'Unknown reason'

/** When the review request goes: this many days after the trip (site settings, editors' choice), from 08:00. */
export const DEFAULT_REVIEW_REQUEST_DAYS = 1
export const MIN_REVIEW_REQUEST_DAYS = 1
export const MAX_REVIEW_REQUEST_DAYS = 14
/**
 * A request not sent by then is never sent (a server down for weeks, or the day the feature is switched on): a
 * mail about a trip long past reads as spam.
 */
export const REVIEW_REQUEST_LATEST_DAYS = 30

export const reviewRequestDaysProblem = (value: unknown): string | null =>
  value === undefined ||
  (typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= MIN_REVIEW_REQUEST_DAYS &&
    value <= MAX_REVIEW_REQUEST_DAYS)
    ? null
    : `Enter a whole number of days from ${MIN_REVIEW_REQUEST_DAYS} to ${MAX_REVIEW_REQUEST_DAYS}.`

/** The stored setting with its default: a value an editor could not have saved is not used. */
export const reviewRequestDays = (value: unknown): number =>
  value !== undefined && value !== null && reviewRequestDaysProblem(value) === null
    ? (value as number)
    : DEFAULT_REVIEW_REQUEST_DAYS

/** Morning in Cape Town: nobody is asked for a review in the night. */
const SEND_FROM_HOUR = 8

/** Whether the review request of a trip on `date` is due at `now`: from 08:00 on the set day, for 30 days. */
export function reviewRequestDue(date: string, days: number, now: Date): boolean {
  if (!isIsoDate(date)) return false
  const today = todayInCapeTown(now)
  const first = addDays(date, days)
  if (today < first || today > addDays(date, REVIEW_REQUEST_LATEST_DAYS)) return false
  if (today > first) return true
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Africa/Johannesburg',
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(now),
  )
  return hour >= SEND_FROM_HOUR
}

/**
 * Whether a trip on `date` has happened by `now`, so its traveller may review it: from the day after, in Cape
 * Town (a trip's day may end late at night).
 */
export const tripHasPassed = (date: string | null | undefined, now: Date): boolean =>
  !!date && isIsoDate(date) && date < todayInCapeTown(now)

/**
 * The name shown by default: the first name and the initial of the last ("Thandi M."), never the full name a
 * booking holds. The traveller can change it on the form.
 */
export function defaultReviewName(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/u).filter(Boolean)
  if (!words.length) return ''
  const first = [...words[0]!].slice(0, REVIEW_NAME_MAX - 3).join('')
  const last = words.length > 1 ? [...words[words.length - 1]!][0] : undefined
  return last ? `${first} ${last.toLocaleUpperCase('en-GB')}.` : first
}

export const REVIEW_MARKUP_MESSAGE =
  'Please write your review as plain text, without HTML tags or code.'
export const RATING_MESSAGE = `Choose a rating from ${MIN_RATING} to ${MAX_RATING} stars.`
export const REVIEW_TEXT_MESSAGE = `Tell other travellers about the experience in at least ${REVIEW_TEXT_MIN} characters.`
export const REVIEW_NAME_MESSAGE = 'Enter the name to show with your review.'
export const REVIEW_CONSENT_MESSAGE =
  'Tick the box to let us publish your review: we publish none without your consent.'
export const REVIEW_FIELDS_MESSAGE = 'Send only the rating, the review, the name and your consent.'

/** Something that reads as a tag (`<script`, `</p`, `<!--`, `<?php`): a review is text, never markup. */
const MARKUP = /<\s*[/!?]?\s*[a-z]/i

/** One schema for the form and the function (the function parses the body with it again). */
export const reviewFormSchema = z.strictObject(
  {
    rating: z
      .number({error: RATING_MESSAGE})
      .int(RATING_MESSAGE)
      .min(MIN_RATING, RATING_MESSAGE)
      .max(MAX_RATING, RATING_MESSAGE),
    text: safeMultiLine(REVIEW_TEXT_MAX, {what: 'your review', typeMessage: REVIEW_TEXT_MESSAGE})
      .refine((value) => [...value].length >= REVIEW_TEXT_MIN, REVIEW_TEXT_MESSAGE)
      .refine((value) => !MARKUP.test(value), REVIEW_MARKUP_MESSAGE),
    displayName: safeSingleLine(REVIEW_NAME_MAX, {
      what: 'the name',
      typeMessage: REVIEW_NAME_MESSAGE,
    })
      .refine((value) => value.length > 0, REVIEW_NAME_MESSAGE)
      .refine((value) => !/[<>]/.test(value), REVIEW_MARKUP_MESSAGE),
    consent: z.literal(true, {error: REVIEW_CONSENT_MESSAGE}),
  },
  {error: REVIEW_FIELDS_MESSAGE},
)

export type ReviewFormValues = z.input<typeof reviewFormSchema>
export type ReviewPayload = z.output<typeof reviewFormSchema>

/** What the form's page is told about the link it was opened with. */
export type ReviewInvitation =
  | {state: 'open'; experience: string; date: string; displayName: string}
  | {state: 'reviewed'; experience: string}

import {
  BOOKING_CONSENT_MESSAGE,
  BOOKING_SUCCESS_MESSAGE,
  EMAIL_INVALID_MESSAGE,
  EMAIL_REQUIRED_MESSAGE,
  HONEYPOT_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  NO_MARKUP_MESSAGE,
  PRIVACY_CONSENT_MESSAGE,
  REQUIRED_FIELDS_MESSAGE,
  SUBMIT_FAILED_MESSAGE,
} from './booking-request.ts'
import {WRONG_ANSWER_MESSAGE} from './security-question.ts'

/**
 * The key of each message the shared schemas give (and the functions answer with, in English), so the site can say
 * it in the visitor's language: the key names the message in every language's catalogue (web/src/i18n/messages),
 * the values fill it in. A message without a key stays as the schema says it. The booking form's messages first
 * (docs/decisions/246-interface-strings-with-lingui.md).
 */
export const VALIDATION_MESSAGE_KEYS = {
  'validation.requiredFields': REQUIRED_FIELDS_MESSAGE,
  'validation.nameRequired': NAME_REQUIRED_MESSAGE,
  'validation.emailRequired': EMAIL_REQUIRED_MESSAGE,
  'validation.emailInvalid': EMAIL_INVALID_MESSAGE,
  'validation.bookingConsent': BOOKING_CONSENT_MESSAGE,
  'validation.privacyConsent': PRIVACY_CONSENT_MESSAGE,
  'validation.noMarkup': NO_MARKUP_MESSAGE,
  'validation.wrongAnswer': WRONG_ANSWER_MESSAGE,
  'validation.honeypot': HONEYPOT_MESSAGE,
  'validation.submitFailed': SUBMIT_FAILED_MESSAGE,
  'validation.bookingSent': BOOKING_SUCCESS_MESSAGE,
} as const

/** Messages with a number in them: the key, and how to read the number back out of the English words. */
const COUNTED_MESSAGES = [
  {key: 'validation.tooLong', pattern: /^Use at most (\d+) characters\.$/, value: 'max'},
  {
    key: 'validation.fieldsToPutRight',
    pattern: /^Please put right the (?:field|(\d+) fields) marked below\.$/,
    value: 'count',
  },
] as const

export type ValidationMessageKey =
  keyof typeof VALIDATION_MESSAGE_KEYS | (typeof COUNTED_MESSAGES)[number]['key']

const byText = new Map<string, keyof typeof VALIDATION_MESSAGE_KEYS>(
  Object.entries(VALIDATION_MESSAGE_KEYS).map(([key, text]) => [
    text,
    key as keyof typeof VALIDATION_MESSAGE_KEYS,
  ]),
)

/** The key and values of a schema's (or a function's) message, or undefined for one without a key yet. */
export function validationMessageKey(
  message: string,
): {key: ValidationMessageKey; values: Record<string, number>} | undefined {
  const key = byText.get(message)
  if (key) return {key, values: {}}
  for (const counted of COUNTED_MESSAGES) {
    const match = counted.pattern.exec(message)
    if (match) return {key: counted.key, values: {[counted.value]: Number(match[1] ?? 1)}}
  }
  return undefined
}

import {z} from './zod.ts'

/**
 * The security question every traveller request answers (the sum of two numbers from 1 to 10): the
 * booking form, the questionnaire and the wizard. The server issues it and checks it (functions/lib/challenge.ts);
 * these are the two fields a form sends back, and the messages both sides show.
 */
export const WRONG_ANSWER_MESSAGE = 'Please answer the sum correctly.'
export const EXPIRED_QUESTION_MESSAGE =
  'The security question has expired or was already used. Please answer the new question.'

export const securityQuestionFields = {
  securityAnswer: z
    .string({error: WRONG_ANSWER_MESSAGE})
    .trim()
    .regex(/^-?\d{1,3}$/, WRONG_ANSWER_MESSAGE),
  /** Issued with the question; it carries no answer, only a signature over it (see challenge.ts). */
  challengeToken: z
    .string({error: WRONG_ANSWER_MESSAGE})
    .min(1, WRONG_ANSWER_MESSAGE)
    .max(500, WRONG_ANSWER_MESSAGE),
}

/** Fields the stored request does not keep and its idempotency hash ignores: they change on every attempt. */
export const SECURITY_QUESTION_FIELD_NAMES = ['securityAnswer', 'challengeToken'] as const

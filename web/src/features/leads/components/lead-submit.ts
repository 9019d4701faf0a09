import type {FieldErrors} from 'react-hook-form'

import {
  MISSING_INFORMATION_MESSAGE,
  MISSING_INFORMATION_TITLE,
  type ItineraryRequestPayload,
} from '@repo/schemas/itinerary-request.ts'

import type {FormMessageValue} from '../../../components/ui/form-message'
import {postJson} from '../../../lib/post-json'
import type {SecurityQuestion} from '../../security-question'

const FAILED = 'Failed to submit your request. Please try again.'

/**
 * What the questionnaire and the wizard give the form hook (lib/forms/use-submit-form.ts): one request per attempt
 * to the itinerary function, the spec's toasts, and a fresh security question once one is used or refused.
 */
export function leadSubmitOptions({
  successText,
  onSuccess,
  question,
}: {
  successText: string
  onSuccess: (reference: string) => void
  question: () => SecurityQuestion
}) {
  return {
    send: (payload: ItineraryRequestPayload, idempotencyKey: string) =>
      postJson<{request_ref: string}>('/api/itinerary-requests', payload, {
        idempotencyKey,
        fallback: FAILED,
      }),
    failed: FAILED,
    sent: ({request_ref}: {request_ref: string}): FormMessageValue => {
      question().renew()
      onSuccess(request_ref)
      return {title: 'Success', text: successText, variant: 'success'}
    },
    refused: ({fieldErrors}: {fieldErrors: Record<string, string[]>}) => {
      if (fieldErrors.securityAnswer) question().renew()
    },
    /** The form's own check failed: the spec's "Missing Information", unless only the security answer is wrong. */
    invalid: (invalid: FieldErrors): FormMessageValue => {
      const onlyTheAnswer = Object.keys(invalid).every((name) => name === 'securityAnswer')
      const answerMessage = invalid.securityAnswer?.message
      return onlyTheAnswer && typeof answerMessage === 'string'
        ? {text: answerMessage, variant: 'destructive'}
        : {
            title: MISSING_INFORMATION_TITLE,
            text: MISSING_INFORMATION_MESSAGE,
            variant: 'destructive',
          }
    },
  }
}

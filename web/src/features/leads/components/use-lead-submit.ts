import {useMutation} from '@tanstack/react-query'
import {useRef, useState} from 'react'
import type {FieldErrors} from 'react-hook-form'

import {
  MISSING_INFORMATION_MESSAGE,
  MISSING_INFORMATION_TITLE,
  type ItineraryRequestPayload,
} from '@repo/schemas/itinerary-request.ts'

import type {FormMessageValue} from '../../../components/ui/form-message'
import {ApiError, newIdempotencyKey, postJson} from '../../../lib/post-json'
import type {SecurityQuestion} from '../../security-question'

const FAILED = 'Failed to submit your request. Please try again.'

/**
 * Sends a questionnaire or wizard request once per attempt (idempotency key), with the spec's toasts. The
 * server's field errors go to `onFieldError`; a used or refused security question is replaced.
 */
export function useLeadSubmit({
  successText,
  onSuccess,
  onFieldError,
  question,
}: {
  successText: string
  onSuccess: (reference: string) => void
  onFieldError: (name: string, message: string) => void
  question: SecurityQuestion
}) {
  const [message, setMessage] = useState<FormMessageValue | null>(null)
  const key = useRef(newIdempotencyKey())
  const mutation = useMutation({
    mutationFn: (payload: ItineraryRequestPayload) =>
      postJson<{request_ref: string}>('/api/itinerary-requests', payload, {
        idempotencyKey: key.current,
        fallback: FAILED,
      }),
    onSuccess: ({request_ref}) => {
      key.current = newIdempotencyKey()
      question.renew()
      setMessage({title: 'Success', text: successText, variant: 'success'})
      onSuccess(request_ref)
    },
    onError: (error) => {
      const refused = error instanceof ApiError && error.status > 0 && error.status < 500
      if (refused) {
        for (const [name, messages] of Object.entries(error.fieldErrors))
          if (messages[0]) onFieldError(name, messages[0])
        if (error.fieldErrors.securityAnswer) question.renew()
      }
      setMessage({text: refused ? error.message : FAILED, variant: 'destructive'})
    },
  })
  /** The form's own check failed: the spec's "Missing Information", unless only the security answer is wrong. */
  const refuseInvalid = (invalid: FieldErrors) => {
    const onlyTheAnswer = Object.keys(invalid).every((name) => name === 'securityAnswer')
    const answerMessage = invalid.securityAnswer?.message
    setMessage(
      onlyTheAnswer && typeof answerMessage === 'string'
        ? {text: answerMessage, variant: 'destructive'}
        : {
            title: MISSING_INFORMATION_TITLE,
            text: MISSING_INFORMATION_MESSAGE,
            variant: 'destructive',
          },
    )
  }
  return {message, setMessage, mutation, refuseInvalid}
}

import {useMutation} from '@tanstack/react-query'
import {useRef, useState} from 'react'

import type {ItineraryRequestPayload} from '@repo/schemas/itinerary-request.ts'

import type {FormMessageValue} from '../../../components/ui/form-message'
import {ApiError, newIdempotencyKey, postJson} from '../../../lib/post-json'

const FAILED = 'Failed to submit your request. Please try again.'

/** Sends a questionnaire or wizard request once per attempt (idempotency key), with the spec's toasts. */
export function useLeadSubmit(onSuccess: () => void, successText: string) {
  const [message, setMessage] = useState<FormMessageValue | null>(null)
  const key = useRef(newIdempotencyKey())
  const mutation = useMutation({
    mutationFn: (payload: ItineraryRequestPayload) =>
      postJson('/api/itinerary-requests', payload, {idempotencyKey: key.current, fallback: FAILED}),
    onSuccess: () => {
      key.current = newIdempotencyKey()
      setMessage({title: 'Success', text: successText, variant: 'success'})
      onSuccess()
    },
    onError: (error) =>
      setMessage({
        text:
          error instanceof ApiError && error.status > 0 && error.status < 500
            ? error.message
            : FAILED,
        variant: 'destructive',
      }),
  })
  return {message, setMessage, mutation}
}

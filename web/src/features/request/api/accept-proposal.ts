import {useMutation, useQueryClient} from '@tanstack/react-query'

import {postJson} from '../../../lib/post-json'
import type {TravellerRequestView} from '@repo/schemas/request-decisions.ts'

import {requestApiPath, requestQueryKey} from './get-request'

export const ACCEPT_FAILED = 'We could not accept this date just now. Please try again.'

/** Accepts one proposed date; the answer is the request as it now stands. */
export function useAcceptProposal(token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (option: string) =>
      postJson<TravellerRequestView>(
        `${requestApiPath(token)}/accept`,
        {option},
        {fallback: ACCEPT_FAILED},
      ),
    onSuccess: (request) => queryClient.setQueryData(requestQueryKey(token), request),
    // A refusal (the date filled up, the request changed) means the page is out of date: read it again.
    onError: () => void queryClient.invalidateQueries({queryKey: requestQueryKey(token)}),
  })
}

import {useMutation, useQueryClient} from '@tanstack/react-query'

import {postJson} from '../../../lib/post-json'
import type {TravellerRequestView} from '@repo/schemas/request-decisions.ts'

import {requestApiPath, requestQueryKey} from './get-request'

export const WITHDRAW_FAILED = 'We could not withdraw your request just now. Please try again.'

/** Withdraws the request; the answer is the request as it now stands (closed). */
export function useWithdrawRequest(token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      postJson<TravellerRequestView>(
        `${requestApiPath(token)}/withdraw`,
        {},
        {fallback: WITHDRAW_FAILED},
      ),
    onSuccess: (request) => queryClient.setQueryData(requestQueryKey(token), request),
    onError: () => void queryClient.invalidateQueries({queryKey: requestQueryKey(token)}),
  })
}

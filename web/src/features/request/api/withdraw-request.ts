import {useMutation, useQueryClient} from '@tanstack/react-query'

import {postJson} from '../../../lib/post-json'
import {requestApiPath, requestQueryKey, type TravellerRequest} from './get-request'

/** Withdraws the request; the answer is the request as it now stands (closed). */
export function useWithdrawRequest(token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () =>
      postJson<TravellerRequest>(
        `${requestApiPath(token)}/withdraw`,
        {},
        {fallback: 'We could not withdraw your request just now. Please try again.'},
      ),
    onSuccess: (request) => queryClient.setQueryData(requestQueryKey(token), request),
    onError: () => void queryClient.invalidateQueries({queryKey: requestQueryKey(token)}),
  })
}

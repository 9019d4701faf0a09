import {useMutation, useQueryClient} from '@tanstack/react-query'

import {call, staffKeys} from './staff-api'

/** Starts setting up an authenticator app: a new secret and its `otpauth://` address. */
export const useStartSecondStep = () =>
  useMutation({
    mutationFn: () =>
      call<{secret: string; uri: string}>('/two-step', {method: 'POST', body: '{}'}),
  })

/**
 * Confirms the app with a code from it; answers the recovery codes, shown once. The session is read again only
 * when the person has kept them (`useSecondStepDone`), so the codes stay on screen until then.
 */
export const useConfirmSecondStep = () =>
  useMutation({
    mutationFn: (code: string) =>
      call<{recoveryCodes: string[]}>('/two-step/confirm', {
        method: 'POST',
        body: JSON.stringify({code}),
      }),
  })

export function useSecondStepDone() {
  const queryClient = useQueryClient()
  return () => void queryClient.invalidateQueries({queryKey: staffKeys.session})
}

/** The owner's switch: a second step for everyone. */
export const useRequireSecondStep = () =>
  useMutation({
    mutationFn: (required: boolean) =>
      call<{required: boolean}>('/settings/two-step', {
        method: 'PUT',
        body: JSON.stringify({required}),
      }),
  })

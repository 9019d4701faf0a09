import {useMutation, useQueryClient} from '@tanstack/react-query'

import {call, staffKeys} from './staff-api'

/** A new authenticator app's set-up: its key, `otpauth://` address, the name the app shows, and the QR code. */
export type SecondStepStart = {
  secret: string
  uri: string
  issuer: string
  /** The address's QR code as one SVG path over `size` × `size` modules, quiet zone included. */
  qr: {size: number; path: string}
}

/** Starts setting up (or replacing) an authenticator app. */
export const useStartSecondStep = () =>
  useMutation({
    mutationFn: () => call<SecondStepStart>('/two-step', {method: 'POST', body: '{}'}),
  })

/** Removes the person's own authenticator app; the session is read again. */
export function useRemoveSecondStep() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call<null>('/two-step', {method: 'DELETE'}),
    onSuccess: () => void queryClient.invalidateQueries({queryKey: staffKeys.session}),
  })
}

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

import {useMutation, useQueryClient} from '@tanstack/react-query'
import {startAuthentication, startRegistration} from '@simplewebauthn/browser'
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser'

import type {StaffSessionResponse} from '@repo/schemas/staff-roles.ts'

import {ownPasskeysKey} from './own-passkeys'
import {call, staffKeys} from './staff-api'

/** Adds a passkey for the signed-in person: the browser creates it, the server checks and keeps its public key. */
export function useAddPasskey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      const optionsJSON = await call<PublicKeyCredentialCreationOptionsJSON>('/passkeys/options', {
        method: 'POST',
        body: '{}',
      })
      const response = await startRegistration({optionsJSON})
      return call<{ok: true}>('/passkeys', {method: 'POST', body: JSON.stringify({response})})
    },
    onSettled: () => void queryClient.invalidateQueries({queryKey: ownPasskeysKey}),
  })
}

/** Signs in with a passkey the browser holds for this site: no email, password or code. */
export function usePasskeySignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      const optionsJSON = await call<PublicKeyCredentialRequestOptionsJSON>(
        '/session/passkey/options',
        {method: 'POST', body: '{}'},
      )
      const response = await startAuthentication({optionsJSON})
      return call<StaffSessionResponse>('/session/passkey', {
        method: 'POST',
        body: JSON.stringify({response}),
      })
    },
    onSuccess: (session) => queryClient.setQueryData(staffKeys.session, session),
  })
}

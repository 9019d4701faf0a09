import {useMutation} from '@tanstack/react-query'

import {ApiError} from '../../../lib/api-client'
import {call} from './staff-api'

/** What the person gives again before a change to how they sign in: their password, or a code from their app. */
export type Proof = {password: string} | {code: string}

/**
 * `POST /api/staff/reauthenticate`: the proof, checked by the server, which then lets this session change its
 * sign-in methods for a few minutes (functions/staff/sign-in-methods.ts).
 */
export const useReauthenticate = () =>
  useMutation({
    mutationFn: (proof: Proof) =>
      call<{authenticatedAt: string}>('/reauthenticate', {
        method: 'POST',
        body: JSON.stringify(proof),
      }),
  })

/** True when the server refused a change until the person proves again who they are. */
export const needsProof = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 403 && error.code === 'reauthenticate'

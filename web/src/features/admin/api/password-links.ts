import {useMutation, useQueryClient} from '@tanstack/react-query'

import type {StaffInvite, StaffPersonRow, StaffSetPassword} from '@repo/schemas/staff-people.ts'

import {call, staffKeys} from './staff-api'

/**
 * Sets a password from an invitation's or reset's link (no session needed); a reset also removes every passkey,
 * and says how many.
 */
export const useSetPassword = () =>
  useMutation({
    mutationFn: (body: StaffSetPassword) =>
      call<{email: string | null; removedPasskeys?: number}>('/password', {
        method: 'POST',
        body: JSON.stringify(body),
      }),
  })

/** Asks for a reset link: the answer is the same whether or not the address has an account. */
export const useRequestReset = () =>
  useMutation({
    mutationFn: (email: string) =>
      call<{message: string}>('/password-reset', {method: 'POST', body: JSON.stringify({email})}),
  })

/** An owner invites again someone who has not accepted: their earlier links stop working. */
export const useInviteAgain = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      call<{person: StaffPersonRow}>(`/people/${encodeURIComponent(id)}/invitation`, {
        method: 'POST',
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({queryKey: staffKeys.people})
      void queryClient.invalidateQueries({queryKey: staffKeys.activity})
    },
  })
}

/** An owner invites someone by email. */
export const useInvite = () =>
  useMutation({
    mutationFn: (invite: StaffInvite) =>
      call<{person: StaffPersonRow}>('/people', {method: 'POST', body: JSON.stringify(invite)}),
  })

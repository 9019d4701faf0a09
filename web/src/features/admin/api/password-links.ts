import {useMutation} from '@tanstack/react-query'

import type {StaffInvite, StaffPersonRow, StaffSetPassword} from '@repo/schemas/staff-people.ts'

import {call} from './staff-api'

/** Sets a password from an invitation's or reset's link (no session needed). */
export const useSetPassword = () =>
  useMutation({
    mutationFn: (body: StaffSetPassword) =>
      call<{email: string | null}>('/password', {method: 'POST', body: JSON.stringify(body)}),
  })

/** Asks for a reset link: the answer is the same whether or not the address has an account. */
export const useRequestReset = () =>
  useMutation({
    mutationFn: (email: string) =>
      call<{message: string}>('/password-reset', {method: 'POST', body: JSON.stringify({email})}),
  })

/** An owner invites someone by email. */
export const useInvite = () =>
  useMutation({
    mutationFn: (invite: StaffInvite) =>
      call<{person: StaffPersonRow}>('/people', {method: 'POST', body: JSON.stringify(invite)}),
  })

import {useMutation, useQueryClient} from '@tanstack/react-query'

import type {StaffPersonRow} from '@repo/schemas/staff-people.ts'

import {call, staffKeys} from './staff-api'

/**
 * An owner resets a person's second step (app, recovery codes, passkeys), which ends their sessions: they sign in
 * with their password and set one up again. The list and the activity log are read again.
 */
export function useResetSecondStep() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      call<{person: StaffPersonRow}>(`/people/${encodeURIComponent(id)}/second-step/reset`, {
        method: 'POST',
        body: '{}',
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({queryKey: staffKeys.people})
      void queryClient.invalidateQueries({queryKey: staffKeys.activity})
    },
  })
}

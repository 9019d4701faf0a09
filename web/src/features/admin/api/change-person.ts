import {useMutation, useQueryClient} from '@tanstack/react-query'

import type {StaffPersonChange, StaffPersonRow} from '@repo/schemas/staff-people.ts'

import {call, staffKeys} from './staff-api'

/** A new role or state for one person; the list and the activity log are read again. */
export function useChangePerson() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({id, change}: {id: string; change: StaffPersonChange}) =>
      call<{person: StaffPersonRow}>(`/people/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: JSON.stringify(change),
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({queryKey: staffKeys.people})
      void queryClient.invalidateQueries({queryKey: staffKeys.activity})
    },
  })
}

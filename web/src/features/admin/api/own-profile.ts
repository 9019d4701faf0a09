import {useMutation, useQueryClient} from '@tanstack/react-query'

import type {StaffProfile} from '@repo/schemas/staff-people.ts'

import {call, staffKeys} from './staff-api'

/** `PUT /api/staff/profile`: the person's own name and address; the session is read again, with what they may do. */
export function useSaveOwnProfile() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (profile: StaffProfile) =>
      call<unknown>('/profile', {method: 'PUT', body: JSON.stringify(profile)}),
    onSuccess: () => queryClient.invalidateQueries({queryKey: staffKeys.session}),
  })
}

import {useQuery} from '@tanstack/react-query'

import type {StaffPersonRow} from '@repo/schemas/staff-people.ts'

import {call, staffKeys} from './staff-api'

/** Everyone with an account (owners only; functions/staff/staff-people.ts). */
export const usePeople = (enabled: boolean) =>
  useQuery({
    queryKey: staffKeys.people,
    queryFn: ({signal}) =>
      call<{people: StaffPersonRow[]; requireSecondStep: boolean}>('/people', {signal}),
    enabled,
    // The site's default keeps queries a while; people and their actions change under other staff's hands.
    staleTime: 0,
    refetchOnMount: 'always',
    retry: false,
  })

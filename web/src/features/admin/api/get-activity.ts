import {keepPreviousData, useQuery} from '@tanstack/react-query'

import type {StaffActivityEntry, StaffActivityFilters} from '@repo/schemas/staff-people.ts'

import {call, staffKeys} from './staff-api'

/** The activity log, newest first, filtered on the server (owners only; functions/staff/staff-activity.ts). */
export function useActivity(filters: StaffActivityFilters) {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(filters))
    if (value.trim()) params.set(name, value.trim())
  return useQuery({
    queryKey: [...staffKeys.activity, filters],
    queryFn: ({signal}) =>
      call<{activity: StaffActivityEntry[]; limit: number}>(`/activity?${params}`, {signal}),
    placeholderData: keepPreviousData,
    // The site's default keeps queries a while; people and their actions change under other staff's hands.
    staleTime: 0,
    refetchOnMount: 'always',
    retry: false,
  })
}

import {useMutation, useQuery, useQueryClient} from '@tanstack/react-query'

import {call} from './staff-api'

export type OwnSession = {
  _id: string
  createdAt: string
  lastUsedAt: string
  userAgent?: string | null
  current: boolean
}

const ownSessionsKey = ['staff', 'own-sessions'] as const

/** The signed-in person's open sessions, on any server. */
export const useOwnSessions = () =>
  useQuery({
    queryKey: ownSessionsKey,
    queryFn: ({signal}) => call<{sessions: OwnSession[]}>('/sessions', {signal}),
    staleTime: 0,
    refetchOnMount: 'always',
    retry: false,
  })

/** Ends one of them: it stops working on every server from its next request. */
export function useEndSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      call<null>(`/sessions/${encodeURIComponent(id)}`, {method: 'DELETE'}),
    onSettled: () => void queryClient.invalidateQueries({queryKey: ownSessionsKey}),
  })
}

import {useMutation, useQuery, useQueryClient} from '@tanstack/react-query'

import {call} from './staff-api'

export type OwnPasskey = {
  key: string
  createdAt: string
  /** The last sign-in with it; null until its first. */
  lastUsedAt: string | null
  transports: string[]
}

export const ownPasskeysKey = ['staff', 'own-passkeys'] as const

/** The signed-in person's passkeys (when each was added), to remove one they no longer have. */
export const useOwnPasskeys = () =>
  useQuery({
    queryKey: ownPasskeysKey,
    queryFn: ({signal}) => call<{passkeys: OwnPasskey[]}>('/passkeys', {signal}),
    staleTime: 0,
    retry: false,
  })

/** Removes one: from then on it signs nobody in, on any server. */
export function useRemovePasskey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (key: string) =>
      call<{passkeys: OwnPasskey[]}>(`/passkeys/${encodeURIComponent(key)}`, {method: 'DELETE'}),
    onSettled: () => void queryClient.invalidateQueries({queryKey: ownPasskeysKey}),
  })
}

import {useMutation, useQuery, useQueryClient} from '@tanstack/react-query'

import type {
  ChannelDetails,
  ChannelsOverview,
  NewReseller,
  ResellerWithKey,
} from '@repo/schemas/channels.ts'

import {call, staffKeys} from './staff-api'

/** The Channels page's calls (functions/staff/channels.ts): owners and managers. */
const channelsKey = [...staffKeys.all, 'channels'] as const

export const useChannels = () =>
  useQuery({
    queryKey: channelsKey,
    queryFn: ({signal}) => call<ChannelsOverview>('/channels', {signal}),
    staleTime: 0,
    refetchOnMount: 'always',
    retry: false,
  })

export const useChannel = (id: string | null) =>
  useQuery({
    queryKey: [...channelsKey, id],
    queryFn: ({signal}) =>
      call<ChannelDetails>(`/channels/${encodeURIComponent(id ?? '')}`, {signal}),
    enabled: id !== null,
    staleTime: 0,
    retry: false,
  })

/** A change to the resellers: the list, the open reseller and the activity log are read again. */
function useChannelChange<Input, Answer>(mutationFn: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: () => {
      void queryClient.invalidateQueries({queryKey: channelsKey})
      void queryClient.invalidateQueries({queryKey: staffKeys.activity})
    },
  })
}

export const useAddReseller = () =>
  useChannelChange((reseller: NewReseller) =>
    call<ResellerWithKey>('/channels', {method: 'POST', body: JSON.stringify(reseller)}),
  )

export const useRotateKey = () =>
  useChannelChange((id: string) =>
    call<ResellerWithKey>(`/channels/${encodeURIComponent(id)}/key`, {method: 'POST'}),
  )

export const useRevokeKey = () =>
  useChannelChange((id: string) =>
    call<unknown>(`/channels/${encodeURIComponent(id)}/revoke`, {method: 'POST'}),
  )

/** Staff cancel a reseller's confirmed booking: the bookings and departures are read again. */
export function useCancelResellerBooking() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      call<unknown>(`/bookings/${encodeURIComponent(id)}/reseller-cancel`, {method: 'POST'}),
    onSettled: () => {
      void queryClient.invalidateQueries({queryKey: staffKeys.bookings})
      void queryClient.invalidateQueries({queryKey: staffKeys.departures})
      void queryClient.invalidateQueries({queryKey: channelsKey})
      void queryClient.invalidateQueries({queryKey: staffKeys.activity})
    },
  })
}

import {useMutation, useQuery, useQueryClient} from '@tanstack/react-query'

import type {RetentionPeriods} from '@repo/schemas/retention-periods.ts'
import type {
  AddressSearchResult,
  PrivacyOverview,
  PrivacyReportEntry,
} from '@repo/schemas/staff-privacy.ts'

import {call, staffKeys} from './staff-api'

const privacyKey = [...staffKeys.all, 'privacy'] as const

/** The periods, the travellers' confirmed requests and the reports (functions/staff/privacy.ts). */
export function usePrivacyOverview() {
  return useQuery({
    queryKey: privacyKey,
    queryFn: ({signal}) => call<PrivacyOverview>('/privacy', {signal}),
    staleTime: 0,
    refetchOnMount: 'always',
    retry: false,
  })
}

export function useSaveRetentionPeriods() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (periods: RetentionPeriods) =>
      call<{periods: RetentionPeriods}>('/privacy/retention', {
        method: 'PUT',
        body: JSON.stringify(periods),
      }),
    onSuccess: () => queryClient.invalidateQueries({queryKey: privacyKey}),
  })
}

export function useCarryOutRequest() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({id, correction}: {id: string; correction?: {name?: string; phone?: string}}) =>
      call<{report: PrivacyReportEntry}>(`/privacy/requests/${encodeURIComponent(id)}/carry-out`, {
        method: 'POST',
        ...(correction ? {body: JSON.stringify(correction)} : {}),
      }),
    onSuccess: () => queryClient.invalidateQueries({queryKey: privacyKey}),
  })
}

export function useAddressSearch() {
  return useMutation({
    mutationFn: (email: string) =>
      call<AddressSearchResult>('/privacy/search', {method: 'POST', body: JSON.stringify({email})}),
  })
}

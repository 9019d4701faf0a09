import {queryOptions, useMutation, useQuery, useQueryClient} from '@tanstack/react-query'

import type {
  SecurityIncidentEntry,
  SecurityIncidentPayload,
} from '@repo/schemas/security-incidents.ts'

import {call, staffKeys} from './staff-api'

/** The security-incident register (managers and owners; functions/staff/security-incidents.ts). */
export const incidentsQueryOptions = () =>
  queryOptions({
    queryKey: staffKeys.incidents,
    queryFn: ({signal}) => call<{incidents: SecurityIncidentEntry[]}>('/incidents', {signal}),
    staleTime: 0,
    retry: false,
  })

export const useIncidents = () => useQuery(incidentsQueryOptions())

/** A new entry, or a change to one at the revision it was read at; the register and the activity log are read again. */
export function useSaveIncident() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({
      id,
      revision,
      incident,
    }: {
      id?: string | undefined
      revision?: string | undefined
      incident: SecurityIncidentPayload
    }) =>
      id
        ? call<{incident: {_id: string}}>(`/incidents/${encodeURIComponent(id)}`, {
            method: 'PATCH',
            body: JSON.stringify({revision, incident}),
          })
        : call<{incident: {_id: string}}>('/incidents', {
            method: 'POST',
            body: JSON.stringify(incident),
          }),
    onSettled: () => {
      void queryClient.invalidateQueries({queryKey: incidentsQueryOptions().queryKey})
      void queryClient.invalidateQueries({queryKey: staffKeys.activity})
    },
  })
}

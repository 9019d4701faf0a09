import {queryOptions, useQuery} from '@tanstack/react-query'

import type {RequestErrorBody} from '@repo/schemas/booking-request.ts'
import type {TravellerRequestView} from '@repo/schemas/request-decisions.ts'

import {ApiError} from '../../../lib/post-json'

export const LOAD_REQUEST_FAILED = 'We could not load your request just now. Please try again.'

export const requestApiPath = (token: string) => `/api/requests/${encodeURIComponent(token)}`

export const requestQueryKey = (token: string) => ['traveller-request', token] as const

async function fetchRequest(token: string, signal: AbortSignal): Promise<TravellerRequestView> {
  let response: Response
  try {
    response = await fetch(requestApiPath(token), {signal, cache: 'no-store'})
  } catch {
    throw new ApiError(0, null, LOAD_REQUEST_FAILED)
  }
  const data = (await response.json().catch(() => null)) as unknown
  if (!response.ok)
    throw new ApiError(
      response.status,
      data as Partial<RequestErrorBody> | null,
      LOAD_REQUEST_FAILED,
    )
  return data as TravellerRequestView
}

/**
 * Read in the browser only (the server renders the page without it): the link is the key, and the request is
 * personal, so it never passes through the server's render or its cache. A refused link is not asked again.
 */
export const requestQueryOptions = (token: string) =>
  queryOptions({
    queryKey: requestQueryKey(token),
    queryFn: ({signal}) => fetchRequest(token, signal),
    retry: (failures, error) =>
      failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    staleTime: 0,
  })

export const useTravellerRequest = (token: string) => useQuery(requestQueryOptions(token))

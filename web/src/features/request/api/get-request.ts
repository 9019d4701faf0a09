import {queryOptions, useQuery} from '@tanstack/react-query'

import type {RequestErrorBody} from '@repo/schemas/booking-request.ts'

import {ApiError} from '../../../lib/post-json'

/** A request as the traveller's link shows it (functions/traveller-request/request-view.ts). */
export type TravellerOption = {key: string; date: string; time: string}

export type TravellerRequest = {
  reference: string
  experience: string
  date: string
  time: string
  group: string
  status: string
  statusTitle: string
  history: {
    key: string
    at: string
    status: string
    title: string
    action?: string
    message?: string
    options?: TravellerOption[]
  }[]
  proposal: {key: string; message?: string; options: TravellerOption[]} | null
  canWithdraw: boolean
}

export const LOAD_REQUEST_FAILED = 'We could not load your request just now. Please try again.'

export const requestApiPath = (token: string) => `/api/requests/${encodeURIComponent(token)}`

export const requestQueryKey = (token: string) => ['traveller-request', token] as const

async function fetchRequest(token: string, signal: AbortSignal): Promise<TravellerRequest> {
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
  return data as TravellerRequest
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

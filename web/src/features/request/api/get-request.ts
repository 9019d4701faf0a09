import {queryOptions, useQuery, useQueryClient, type QueryClient} from '@tanstack/react-query'

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
 * The server reads the request while it renders the page (`loadRequestOnServer`), so the traveller sees it before
 * any JavaScript runs. The browser takes that answer as fresh for a minute rather than asking again at once: each
 * read counts against the link's per-address limit, so a visit is one read, not two. It reads again when the
 * traveller comes back to an older page, and the page's actions answer with the request as it now is. A refused
 * link is not asked again. The page is personal, so the server sends it `private, no-store`: no cache keeps it.
 */
export const requestQueryOptions = (token: string) =>
  queryOptions({
    queryKey: requestQueryKey(token),
    queryFn: ({signal}) => fetchRequest(token, signal),
    retry: (failures, error) =>
      failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    staleTime: 60_000,
  })

/** A link the server found unusable while rendering: what the page says, as plain data that survives hydration. */
export type RequestRefusal = {status: number; message: string}

const refusalKey = (token: string) => ['traveller-request', token, 'refused'] as const

/**
 * On the server: fills the cache with the request (or the refusal of its link) as the API answers it. Anything
 * else (the lake busy, the rate limit) leaves the cache empty, and the browser asks again with its retries.
 */
export async function loadRequestOnServer(
  queryClient: QueryClient,
  token: string,
  read: (token: string) => Promise<Response>,
): Promise<void> {
  const response = await read(token)
  const body = (await response.json().catch(() => null)) as unknown
  if (response.ok) queryClient.setQueryData(requestQueryKey(token), body as TravellerRequestView)
  else if (response.status === 404 || response.status === 410)
    queryClient.setQueryData<RequestRefusal>(refusalKey(token), {
      status: response.status,
      message: (body as Partial<RequestErrorBody> | null)?.message ?? LOAD_REQUEST_FAILED,
    })
}

/** The request, or the refusal the server found while rendering (then the browser does not ask again). */
export function useTravellerRequest(token: string) {
  const refusal = useQueryClient().getQueryData<RequestRefusal>(refusalKey(token)) ?? null
  const query = useQuery({...requestQueryOptions(token), enabled: refusal === null})
  return {query, refusal}
}

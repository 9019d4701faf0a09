import {queryOptions, useQuery, useQueryClient, type QueryClient} from '@tanstack/react-query'

import type {RequestErrorBody} from '@repo/schemas/booking-request.ts'
import type {ReviewInvitation} from '@repo/schemas/reviews.ts'

import {ApiError} from '../../../lib/post-json'

export const LOAD_INVITATION_FAILED =
  'We could not open the review form just now. Please try again.'

export const reviewApiPath = (token: string) => `/api/reviews/${encodeURIComponent(token)}`

const invitationKey = (token: string) => ['review-invitation', token] as const
const refusalKey = (token: string) => ['review-invitation', token, 'refused'] as const

async function fetchInvitation(token: string, signal: AbortSignal): Promise<ReviewInvitation> {
  let response: Response
  try {
    response = await fetch(reviewApiPath(token), {signal, cache: 'no-store'})
  } catch {
    throw new ApiError(0, null, LOAD_INVITATION_FAILED)
  }
  const data = (await response.json().catch(() => null)) as unknown
  if (!response.ok)
    throw new ApiError(
      response.status,
      data as Partial<RequestErrorBody> | null,
      LOAD_INVITATION_FAILED,
    )
  return data as ReviewInvitation
}

/** As the request page's: read once while the server renders, fresh for a minute, a refusal never asked again. */
export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: invitationKey(token),
    queryFn: ({signal}) => fetchInvitation(token, signal),
    retry: (failures, error) =>
      failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    staleTime: 60_000,
  })

export type InvitationRefusal = {status: number; message: string}

/** On the server: the invitation, or the refusal of its link (404, 409), as plain data that survives hydration. */
export async function loadInvitationOnServer(
  queryClient: QueryClient,
  token: string,
  read: (token: string) => Promise<Response>,
): Promise<void> {
  const response = await read(token)
  const body = (await response.json().catch(() => null)) as unknown
  if (response.ok) queryClient.setQueryData(invitationKey(token), body as ReviewInvitation)
  else if (response.status === 404 || response.status === 409)
    queryClient.setQueryData<InvitationRefusal>(refusalKey(token), {
      status: response.status,
      message: (body as Partial<RequestErrorBody> | null)?.message ?? LOAD_INVITATION_FAILED,
    })
}

export function useReviewInvitation(token: string) {
  const refusal = useQueryClient().getQueryData<InvitationRefusal>(refusalKey(token)) ?? null
  const query = useQuery({...invitationQueryOptions(token), enabled: refusal === null})
  return {query, refusal}
}

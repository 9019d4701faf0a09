import {queryOptions, useQuery, useQueryClient, type QueryClient} from '@tanstack/react-query'
import {data, redirect} from 'react-router-dom'

import {ApiError, apiFetch, problemOf, retryApiRead} from './api-client'

/**
 * The headers of the API's answer that its page answers with too: when a limited or busy client may ask again
 * (`Retry-After` on a 429 or 503), which the page's words alone cannot tell a browser or a mail scanner.
 */
export function passedOnHeaders(response: Response): Record<string, string> {
  const retryAfter = response.headers.get('retry-after')
  return retryAfter ? {'Retry-After': retryAfter} : {}
}

/** What the API answered the server's read of a link: its status, and the headers its page passes on. */
export type LinkReadAnswer = {status: number; headers: Record<string, string>}

/** A link the server found unusable while rendering: what the page says, as plain data that survives hydration. */
export type LinkRefusal = {status: number; message: string; reason?: string}

/**
 * The read behind a page a private link opens (a traveller's request, a review form, a waitlist offer, a privacy
 * request and its copy). The server reads it while it renders the page (`loadOnServer`), so the page is readable
 * before any JavaScript runs; the browser takes that answer as fresh for a minute rather than asking again at once,
 * as each read counts against the link's per-address limit. The API's answers in `refusals` (the link forged, expired, or its purpose gone) are kept as
 * plain data and never asked again; anything else (the lake busy, the limit) leaves the cache empty and the browser
 * asks with its retries.
 */
export function privateLinkQuery<T>({
  key,
  path,
  failed,
  refusals,
}: {
  key: (token: string) => readonly unknown[]
  path: (token: string) => string
  /** The message when the read fails without one of the API's own. */
  failed: string
  refusals: readonly number[]
}) {
  const refusalKey = (token: string) => [...key(token), 'refused'] as const

  const read = (token: string, signal: AbortSignal): Promise<T> =>
    apiFetch<T>(path(token), {signal, cache: 'no-store'}, failed)

  const options = (token: string) =>
    queryOptions({
      queryKey: key(token),
      queryFn: ({signal}) => read(token, signal),
      retry: retryApiRead,
      staleTime: 60_000,
    })

  /**
   * Resolves to the API's status and the headers its page passes on, which the page's loader may give the page (a
   * refused link's page says so, a limited one says when to ask again).
   */
  async function loadOnServer(
    queryClient: QueryClient,
    token: string,
    serverRead: (token: string) => Promise<Response>,
  ): Promise<LinkReadAnswer> {
    const response = await serverRead(token)
    const body = (await response.json().catch(() => null)) as unknown
    if (response.ok) queryClient.setQueryData(key(token), body as T)
    else if (refusals.includes(response.status))
      queryClient.setQueryData<LinkRefusal>(refusalKey(token), {
        status: response.status,
        message: problemOf(body)?.detail ?? failed,
        ...refusalReason(body),
      })
    return {status: response.status, headers: passedOnHeaders(response)}
  }

  /** The answer, or the refusal the server found while rendering (then the browser does not ask again). */
  function useLinkQuery(token: string) {
    const refusal = useQueryClient().getQueryData<LinkRefusal>(refusalKey(token)) ?? null
    const query = useQuery({...options(token), enabled: refusal === null})
    return {query, refusal}
  }

  return {options, loadOnServer, useLinkQuery}
}

const refusalReason = (body: unknown): {reason?: string} => {
  const reason = (body as {reason?: unknown} | null)?.reason
  return typeof reason === 'string' ? {reason} : {}
}

const fieldErrorsOf = (body: unknown): {fieldErrors?: Record<string, string[]>} => {
  const fieldErrors = problemOf(body)?.fieldErrors
  return fieldErrors && typeof fieldErrors === 'object' ? {fieldErrors} : {}
}

/** A link's refusal, whether the server found it while rendering, the page's form post got it, or the browser's read. */
export function linkProblem(
  outcome: LinkActionResult<unknown> | undefined,
  refusal: LinkRefusal | null,
  error: Error | null,
): LinkRefusal | null {
  if (outcome && !outcome.ok) return outcome
  if (refusal) return refusal
  if (error) return {status: error instanceof ApiError ? error.status : 0, message: error.message}
  return null
}

/**
 * What a private page's form post came to, as its route's action gives it to the page (`useActionData`); a refusal
 * for the fields carries the API's messages by field, for the form to show beside them.
 */
export type LinkActionResult<T> =
  | {ok: true; status: number; value: T}
  | ({ok: false; fieldErrors?: Record<string, string[]>} & LinkRefusal)

/**
 * The route action of a private page's plain form (`<form method="post">`, which works before and without
 * JavaScript): the server hands the post to the API in-process (`serverAct`, with the visitor's Origin and address,
 * and the form's fields as `body` where the API needs them) and renders the page with its answer and status, or
 * follows the API's redirect. In the browser there is no `serverAct`; the page's forms are never sent through the
 * router there, so nothing reaches this.
 */
export async function actOnServer<T>(
  serverAct: ((path: string, body?: unknown) => Promise<Response>) | undefined,
  path: string,
  failed: string,
  body?: unknown,
) {
  if (!serverAct) return data<LinkActionResult<T>>({ok: false, status: 503, message: failed}, 503)
  const response = await serverAct(path, body)
  const location = response.headers.get('location')
  if (response.status >= 300 && response.status < 400 && location) return redirect(location, 303)
  const answer = (await response.json().catch(() => null)) as unknown
  const result: LinkActionResult<T> = response.ok
    ? {ok: true, status: response.status, value: answer as T}
    : {
        ok: false,
        status: response.status,
        message: problemOf(answer)?.detail ?? failed,
        ...refusalReason(answer),
        ...fieldErrorsOf(answer),
      }
  return data(result, {status: response.status, headers: passedOnHeaders(response)})
}

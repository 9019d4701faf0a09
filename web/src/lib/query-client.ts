import {hydrate, QueryClient, type DehydratedState} from '@tanstack/react-query'

import {retryApiRead} from './api-client'

/**
 * One client per server request (so visitors never share a cache) and one per browser tab. A 5 s stale time
 * matches the promise that published content shows on the next visit within five seconds. In the browser a read is
 * tried again by the API client's one policy (a refusal never, a failure twice); on the server never.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        retry: import.meta.env.SSR ? false : retryApiRead,
        refetchOnWindowFocus: false,
      },
    },
  })
}

/**
 * Puts the reads the server rendered the page with (`window.__RQ_STATE__`) into the browser's cache as read when
 * the page starts. A page may have been rendered minutes before this visit: the server and the shared caches keep
 * it until what it read is published anew (server/edge/), so it is as current as a fresh read. Counted from the
 * server's render, its reads would already be stale when the page hydrates, and every one would be read again at
 * once through the browser's Sanity client: on a slow phone, 34 KB brotli of JavaScript and a dozen reads before
 * the page is quiet, for the content it already shows. Reads that are always made afresh (`staleTime: 0`, such as
 * places left) still are.
 */
export function hydrateServerState(
  queryClient: QueryClient,
  state: DehydratedState,
  now = Date.now(),
): void {
  hydrate(queryClient, {
    ...state,
    queries: state.queries.map((query) => ({
      ...query,
      state: {...query.state, dataUpdatedAt: Math.max(query.state.dataUpdatedAt, now)},
    })),
  })
}

import {QueryClient} from '@tanstack/react-query'

/**
 * One client per server request (so visitors never share a cache) and one per browser tab. A 5 s stale time
 * matches the promise that published content shows on the next visit within five seconds.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        retry: import.meta.env.SSR ? false : 1,
        refetchOnWindowFocus: false,
      },
    },
  })
}

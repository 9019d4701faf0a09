export type GroqParams = Record<string, unknown>
export type GroqFetcher = (
  query: string,
  params: GroqParams,
  signal?: AbortSignal,
) => Promise<unknown>

let serverFetcher: GroqFetcher | undefined

/**
 * The server installs its own fetcher (server-side client with a short result cache) before rendering; see
 * `entry-server.tsx`. The browser only needs the client after hydration, when a visitor navigates to a page whose
 * data is not in the dehydrated cache, so it is imported lazily and stays out of the first-load bundle.
 */
export function setServerFetcher(fetcher: GroqFetcher): void {
  serverFetcher = fetcher
}

export async function sanityFetch<T>(
  query: string,
  params: GroqParams = {},
  signal?: AbortSignal,
): Promise<T> {
  if (serverFetcher) return (await serverFetcher(query, params, signal)) as T
  const {sanityClient} = await import('./sanity-client')
  return sanityClient.fetch<T>(query, params, signal ? {signal} : {})
}

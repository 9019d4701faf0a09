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

/** The site's queries (queries.ts): a read names its query by picking it from them. */
export type Queries = typeof import('./queries')

/**
 * The query is picked from the site's queries, which are loaded on the first read, in the browser together with
 * the Sanity client: a page that hydrates from the server's reads never asks for them, so no query text is part
 * of a page's first JavaScript.
 */
export async function sanityFetch<T>(
  query: (queries: Queries) => string,
  params: GroqParams = {},
  signal?: AbortSignal,
): Promise<T> {
  if (serverFetcher)
    return (await serverFetcher(query(await import('./queries')), params, signal)) as T
  const [{sanityClient}, queries] = await Promise.all([
    import('./sanity-client'),
    import('./queries'),
  ])
  return sanityClient.fetch<T>(query(queries), params, signal ? {signal} : {})
}

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
 * of a page's first JavaScript. A read that is never part of a first load (the booking dialog's) may give its
 * query's text instead, which then comes with its own code rather than after it.
 */
export async function sanityFetch<T>(
  query: string | ((queries: Queries) => string),
  params: GroqParams = {},
  signal?: AbortSignal,
): Promise<T> {
  const text = async () => (typeof query === 'string' ? query : query(await import('./queries')))
  if (serverFetcher) return (await serverFetcher(await text(), params, signal)) as T
  const [{sanityClient}, groq] = await Promise.all([import('./sanity-client'), text()])
  return sanityClient.fetch<T>(groq, params, signal ? {signal} : {})
}

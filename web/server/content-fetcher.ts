import {createClient} from '@sanity/client'

import type {GroqFetcher, GroqParams} from '../src/lib/sanity-fetch'
import type {ServerEnv} from './env.ts'

/**
 * Server-side GROQ reads with a short result cache: a burst of page views costs one query per distinct read,
 * and a result is never older than `cacheMs` (≤ 5 s), so what editors publish shows on the next visit. Concurrent
 * identical reads share one request. Failures are not cached.
 */
export function createContentFetcher(
  env: Pick<ServerEnv, 'sanity' | 'contentCacheMs'>,
): GroqFetcher {
  const client = createClient({
    ...env.sanity,
    useCdn: false,
    useProjectHostname: false,
    perspective: 'published',
    // A page render waits on these reads: retry once, then show the error page rather than hang.
    maxRetries: 1,
    timeout: 10_000,
  })
  const cache = new Map<string, {expires: number; value: Promise<unknown>}>()

  return (query: string, params: GroqParams) => {
    const key = JSON.stringify([query, params])
    const now = Date.now()
    const hit = cache.get(key)
    if (hit && hit.expires > now) return hit.value
    const value = client.fetch(query, params)
    cache.set(key, {expires: now + env.contentCacheMs, value})
    value.catch(() => cache.delete(key))
    // Expired entries are dropped lazily; the key space is the site's fixed set of queries and slugs.
    if (cache.size > 500) {
      for (const [k, entry] of cache) if (entry.expires <= now) cache.delete(k)
    }
    return value
  }
}

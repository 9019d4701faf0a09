import {createClient, type SyncTag} from '@sanity/client'

import type {GroqFetcher, GroqParams} from '../web/src/lib/sanity-fetch'
import {currentSyncTagSink} from './edge/sync-tag-sink.ts'
import type {ServerEnv} from './env.ts'

export type ContentFetcher = GroqFetcher & {
  /** Forgets the reads whose results carry one of these sync tags (all reads without a list). */
  invalidate: (tags?: Iterable<string>) => void
}

type Read = {result: unknown; syncTags: readonly string[]}

/**
 * Server-side GROQ reads with a short result cache: a burst of page views costs one query per distinct read,
 * and a result is never older than `cacheMs` (≤ 5 s), so what editors publish shows on the next visit; a content
 * event forgets the reads it changed at once. Concurrent identical reads share one request. Failures are not
 * cached. Each read's sync tags go to the page being rendered (edge/sync-tag-sink.ts).
 */
export function createContentFetcher(
  env: Pick<ServerEnv, 'sanity' | 'contentCacheMs' | 'contentReadToken'>,
): ContentFetcher {
  const client = createClient({
    ...env.sanity,
    // Published documents only, whatever the token could read.
    token: env.contentReadToken,
    useCdn: false,
    useProjectHostname: false,
    perspective: 'published',
    // A page render waits on these reads: retry once, then show the error page rather than hang.
    maxRetries: 1,
    timeout: 10_000,
  })
  const cache = new Map<string, {expires: number; value: Promise<Read>}>()

  const fetcher = (query: string, params: GroqParams) => {
    const sink = currentSyncTagSink()
    const key = JSON.stringify([query, params])
    const now = Date.now()
    const hit = cache.get(key)
    let value = hit && hit.expires > now ? hit.value : undefined
    if (!value) {
      const read: Promise<Read> = client
        .fetch(query, params, {filterResponse: false})
        .then((response) => ({
          result: response.result,
          syncTags: (response.syncTags ?? []) as SyncTag[],
        }))
      value = read
      cache.set(key, {expires: now + env.contentCacheMs, value})
      read.catch(() => {
        if (cache.get(key)?.value === read) cache.delete(key)
      })
      // Expired entries are dropped lazily; the key space is the site's fixed set of queries and slugs.
      if (cache.size > 500) {
        for (const [k, entry] of cache) if (entry.expires <= now) cache.delete(k)
      }
    }
    return value.then(({result, syncTags}) => {
      for (const tag of syncTags) sink?.add(tag)
      return result
    })
  }

  const invalidate = (tags?: Iterable<string>) => {
    if (!tags) return cache.clear()
    const changed = new Set(tags)
    for (const [key, entry] of cache) {
      // A read still in flight may have been answered before the change: forget it too.
      void entry.value.then(
        ({syncTags}) => {
          if (syncTags.some((tag) => changed.has(tag)) && cache.get(key) === entry)
            cache.delete(key)
        },
        () => undefined,
      )
    }
  }
  return Object.assign(fetcher, {invalidate})
}

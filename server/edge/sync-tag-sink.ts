import {AsyncLocalStorage} from 'node:async_hooks'

/**
 * The sync tags of every content read made while a page renders, gathered per request (renders of different
 * requests interleave at every await). The page then names them in `Cache-Tag` / `Surrogate-Key`, and the purger
 * purges exactly the pages whose reads a publish changed.
 */
const sink = new AsyncLocalStorage<Set<string>>()

export function collectSyncTags<T>(run: () => Promise<T>): Promise<{value: T; tags: Set<string>}> {
  const tags = new Set<string>()
  return sink.run(tags, async () => ({value: await run(), tags}))
}

/** The current render's set, taken when the read starts (its callbacks may run outside the render's context). */
export const currentSyncTagSink = () => sink.getStore()

import {ALL_PAGES_TAG} from './cache-policy.ts'
import type {ContentChange} from './content-events.ts'
import type {PurgeLease} from './purge-lease.ts'
import type {PurgeTarget} from './purge-targets.ts'

export type Purger = {
  /** Called for every content event, after this server has dropped its own copies of what changed. */
  onContentChange: (change: ContentChange) => void
  start: () => Promise<void>
  stop: () => Promise<void>
}

/**
 * Purges the shared cache by tag when content is published, on the one server that holds the lease
 * (purge-lease.ts). Each purge goes out twice: at once, and again after `settleMs`, by when every other site
 * server has had the same event and dropped its rendered copy; a cache that refetched a page from a server that
 * had not yet is corrected by the second. A failed purge is tried again a few times, then reported.
 */
export function createPurger({
  target,
  lease,
  settleMs = 1_000,
  retryMs = 500,
  onError = (error: unknown) => console.error('Purge:', error),
  onPurged,
}: {
  target: PurgeTarget
  lease: PurgeLease
  settleMs?: number
  retryMs?: number
  onError?: (error: unknown) => void
  onPurged?: (tags: readonly string[]) => void
}): Purger {
  let renewTimer: NodeJS.Timeout | undefined
  const pending = new Set<NodeJS.Timeout>()
  let stopped = false

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      pending.delete(timer)
      run()
    }, ms)
    pending.add(timer)
  }

  const purge = async (tags: readonly string[], attempt = 0): Promise<void> => {
    try {
      await target.purge(tags)
      onPurged?.(tags)
    } catch (error) {
      if (stopped) return
      if (attempt < 3) later(retryMs * 2 ** attempt, () => void purge(tags, attempt + 1))
      else onError(error)
    }
  }
  const purgeTwice = (tags: readonly string[]) => {
    void purge(tags)
    later(settleMs, () => void purge(tags))
  }

  const renew = async () => {
    try {
      const {held, tookOver} = await lease.renew()
      if (held && tookOver) purgeTwice([ALL_PAGES_TAG])
    } catch (error) {
      onError(error)
    }
  }

  return {
    onContentChange(change) {
      if (stopped || !lease.held) return
      purgeTwice(change.kind === 'changed' ? change.tags : [ALL_PAGES_TAG])
    },
    async start() {
      await renew()
      // Three renewals per lease: one late or failed renewal still leaves the lease held.
      renewTimer = setInterval(() => void renew(), 5_000)
    },
    async stop() {
      stopped = true
      clearInterval(renewTimer)
      for (const timer of pending) clearTimeout(timer)
      await lease.release().catch(onError)
    },
  }
}

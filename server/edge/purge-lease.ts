import type {SanityClient} from '@sanity/client'

import {isConflict} from '@repo/schemas/lake-errors.ts'

/** The lease document, in the private bookings dataset with the other "exactly once" state (jobs, outbox). */
export const PURGE_LEASE_ID = 'edge-purge-lease'

export type PurgeLease = {
  /** Whether this server may purge now: it holds the lease with time to spare. */
  readonly held: boolean
  /**
   * Claims or renews the lease. `tookOver` says the lease was free or someone else's: what happened before is
   * unknown to this server, so it purges everything once.
   */
  renew: () => Promise<{held: boolean; tookOver: boolean}>
  release: () => Promise<void>
}

/**
 * Who purges the shared cache, when N site servers all see every content event: the one holding this lease. It is
 * claimed and renewed with the document's revision (`ifRevisionID`), so of two servers claiming at once one gets
 * a 409 and stays a follower. A holder counts itself holder only for two thirds of the lease, so a server whose
 * renewal is late stops purging before another may take over.
 */
export function createPurgeLease(
  client: SanityClient,
  {holder, ttlMs = 15_000, now = Date.now}: {holder: string; ttlMs?: number; now?: () => number},
): PurgeLease {
  let heldUntil = 0
  return {
    get held() {
      return now() < heldUntil
    },
    async renew() {
      const t = now()
      const lease = await client.getDocument<{holder?: string; expiresAt?: string}>(PURGE_LEASE_ID)
      const othersUntil = lease?.holder !== holder ? Date.parse(lease?.expiresAt ?? '') : Number.NaN
      if (othersUntil > t) {
        heldUntil = 0
        return {held: false, tookOver: false}
      }
      const fields = {holder, expiresAt: new Date(t + ttlMs).toISOString()}
      try {
        if (lease) await client.patch(PURGE_LEASE_ID).ifRevisionId(lease._rev).set(fields).commit()
        else await client.create({_id: PURGE_LEASE_ID, _type: 'edgePurgeLease', ...fields})
      } catch (error) {
        heldUntil = 0
        if (isConflict(error)) return {held: false, tookOver: false}
        throw error
      }
      const tookOver = heldUntil === 0 || lease?.holder !== holder
      heldUntil = t + (ttlMs * 2) / 3
      return {held: true, tookOver}
    },
    async release() {
      if (!(now() < heldUntil)) return
      heldUntil = 0
      const lease = await client.getDocument<{holder?: string}>(PURGE_LEASE_ID)
      if (lease?.holder !== holder) return
      await client
        .patch(PURGE_LEASE_ID)
        .ifRevisionId(lease._rev)
        .set({expiresAt: new Date(0).toISOString()})
        .commit()
        .catch(() => undefined)
    },
  }
}

import {createHash} from 'node:crypto'

import type {Transaction} from '../store/types.ts'

/** An opaque cache tag, as hosted's `syncTags` are (`s1:` then a short hash). */
export type SyncTag = `s1:${string}`

function tag(dataset: string, key: string): SyncTag {
  return `s1:${createHash('sha256').update(`${dataset}\u0000${key}`).digest('base64url').slice(0, 10)}`
}

const EVERYTHING = '*'

/**
 * The tags of a query's result: one per document type when the query can only read documents of those
 * types, otherwise one for the whole dataset. A change to a document emits the tags of its type before
 * and after and the dataset's, so every result it could affect is told to refetch
 * (https://www.sanity.io/docs/content-lake/live-content-api).
 */
export function queryTags(dataset: string, onlyTypes: string[] | null): SyncTag[] {
  return onlyTypes ? onlyTypes.map((type) => tag(dataset, `type:${type}`)) : [tag(dataset, EVERYTHING)]
}

/** The tags a committed transaction invalidates; null when it changed nothing the stream may see. */
export function transactionTags(dataset: string, transaction: Transaction, visible: (id: string) => boolean): SyncTag[] | null {
  const tags = new Set<SyncTag>()
  for (const change of transaction.changes) {
    if (!visible(change.id)) continue
    for (const doc of [change.before, change.after]) if (doc) tags.add(tag(dataset, `type:${doc._type}`))
  }
  if (tags.size === 0) return null
  tags.add(tag(dataset, EVERYTHING))
  return [...tags]
}

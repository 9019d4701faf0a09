import type {ExprNode} from 'groq-js'

import {isPublishedId, isRootPathId, matchesFilter} from '../query/run-query.ts'
import type {DocumentChange, SanityDocument, Transaction} from '../store/types.ts'

export interface ListenerOptions {
  dataset: string
  filter: ExprNode
  params: Record<string, unknown>
  identity?: string
  includeResult: boolean
  includePreviousRevision: boolean
  includeMutations: boolean
  effects: boolean
  /** Drafts and release versions too; otherwise published documents only. */
  includeAllVersions: boolean
  /** Anonymous listeners: documents at the root path only (no dot in the id), as hosted. */
  rootPathsOnly?: boolean
  send: (event: string, data: unknown) => void
  /** Transactions this listener already received from the log when it resumed. */
  skip?: ReadonlySet<string>
}

/**
 * Fans committed transactions out to `listen` streams. Each listener sees only documents that
 * match its filter before or after the change, with the transition that implies, and counts its
 * own events per transaction (`transactionTotalEvents`): the studio waits for exactly that many.
 */
export class ListenerHub {
  private readonly listeners = new Set<ListenerOptions>()
  /** Streams that want every committed transaction of every dataset (the live events API). */
  private readonly watchers = new Set<(dataset: string, transaction: Transaction) => void>()
  private delivering: Promise<void> = Promise.resolve()

  get size(): number {
    return this.listeners.size
  }

  add(listener: ListenerOptions): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /**
   * Adds a listener that resumes where an earlier stream stopped: `readMissed` runs in delivery order,
   * so the transactions it reads from the log are sent first and every later one live, each once (a
   * transaction already in the log whose live delivery is still queued is skipped then).
   */
  resume(listener: ListenerOptions, readMissed: () => Transaction[]): () => void {
    const replayed = new Set<string>()
    const resumed: ListenerOptions = {...listener, skip: replayed}
    let removed = false
    this.delivering = this.delivering
      .then(async () => {
        if (removed) return
        const missed = readMissed()
        for (const transaction of missed) {
          replayed.add(transaction.id)
          await this.deliverTo(resumed, transaction)
        }
        this.listeners.add(resumed)
      })
      .catch((error: unknown) => console.error('lake: listener resume failed', error))
    return () => {
      removed = true
      this.listeners.delete(resumed)
    }
  }

  watch(watcher: (dataset: string, transaction: Transaction) => void): () => void {
    this.watchers.add(watcher)
    return () => this.watchers.delete(watcher)
  }

  /** Delivers in commit order, even though matching is asynchronous. */
  publish(dataset: string, transaction: Transaction): void {
    this.delivering = this.delivering
      .then(() => this.deliver(dataset, transaction))
      .catch((error: unknown) => console.error('lake: listener delivery failed', error))
  }

  private async deliver(dataset: string, transaction: Transaction): Promise<void> {
    for (const watcher of this.watchers) watcher(dataset, transaction)
    for (const listener of this.listeners) {
      if (listener.dataset !== dataset || listener.skip?.has(transaction.id)) continue
      await this.deliverTo(listener, transaction)
    }
  }

  private async deliverTo(listener: ListenerOptions, transaction: Transaction): Promise<void> {
    const events: Record<string, unknown>[] = []
    for (const change of transaction.changes) {
      if (!listener.includeAllVersions && !isPublishedId(change.id)) continue
      if (listener.rootPathsOnly && !isRootPathId(change.id)) continue
      const event = await this.eventFor(listener, transaction, change)
      if (event) events.push(event)
    }
    events.forEach((event, index) => {
      event.transactionTotalEvents = events.length
      event.transactionCurrentEvent = index
      listener.send('mutation', event)
    })
  }

  private async eventFor(listener: ListenerOptions, transaction: Transaction, change: DocumentChange) {
    const matches = (doc: SanityDocument | null) =>
      doc ? matchesFilter(listener.filter, doc, listener.params, listener.identity) : false
    const before = await matches(change.before)
    const after = await matches(change.after)
    if (!before && !after) return null
    const event: Record<string, unknown> = {
      eventId: `${transaction.id}#${change.id}`,
      documentId: change.id,
      transactionId: transaction.id,
      identity: transaction.author,
      // Absent, not null, when the document did not exist: the studio chains revisions from it.
      ...(change.before?._rev ? {previousRev: change.before._rev} : {}),
      resultRev: transaction.id,
      timestamp: transaction.timestamp,
      transition: before && after ? 'update' : after ? 'appear' : 'disappear',
      visibility: 'query',
    }
    if (listener.includeMutations) event.mutations = change.mutations
    if (listener.effects) event.effects = wholeDocumentEffects(change)
    if (listener.includeResult && change.after) event.result = change.after
    if (listener.includePreviousRevision) event.previous = change.before
    return event
  }
}

/**
 * Mendoza patches that replace the whole value (opcode 0): what the studio applies to its copy.
 * The `mendoza` package only decodes, and whole-value patches decode correctly everywhere.
 */
export function wholeDocumentEffects(change: DocumentChange) {
  return {apply: [0, change.after], revert: [0, change.before]}
}

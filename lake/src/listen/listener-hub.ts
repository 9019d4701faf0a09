import {isPublishedId, isRootPathId} from '../query/run-query.ts'
import type {DocumentChange, SanityDocument, Transaction} from '../store/types.ts'

export interface ListenerOptions {
  dataset: string
  /** The listener's query (`*[filter]`); a document matches when it alone makes the result non-empty. */
  query: string
  params: Record<string, unknown>
  identity?: string
  /** Evaluates `query` on each document alone, in a query worker under the listener's client budget. */
  evaluate: (docs: (SanityDocument | null)[]) => Promise<unknown[]>
  /**
   * Listeners with the same key (client, query, params, identity) get the same answer for a
   * transaction: a hundred tabs listening alike cost one evaluation per commit.
   */
  evaluationKey?: string
  includeResult: boolean
  includePreviousRevision: boolean
  includeMutations: boolean
  effects: boolean
  /** Drafts and release versions too; otherwise published documents only. */
  includeAllVersions: boolean
  /** Anonymous listeners: documents at the root path only (no dot in the id), as hosted. */
  rootPathsOnly?: boolean
  send: (event: string, data: unknown) => void
  /** The filter could not be evaluated (timed out, over budget): the stream ends with this error. */
  fail?: (error: unknown) => void
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
  /**
   * Each listener's deliveries, in commit order. Its filter runs in a worker, so one listener
   * whose filter is slow (or hostile) delays its own stream only, never another's.
   */
  private readonly chains = new Map<ListenerOptions, Promise<void>>()
  /** Recent evaluations by transaction and evaluation key (see ListenerOptions.evaluationKey). */
  private readonly evaluations = new Map<string, Promise<unknown[]>>()
  /** Filters found to parse, by evaluation key, and checks under way. */
  private readonly checkedFilters = new Map<string, Promise<unknown>>()

  get size(): number {
    return this.listeners.size
  }

  /**
   * Checks a new listener's filter once per evaluation key: a hundred tabs of one client opening
   * the same listener at once wait for one check, not a hundred queued in the workers (which would
   * start more workers for them). A failed check is not kept: the next listener checks again.
   */
  checkFilter(evaluationKey: string, check: () => Promise<unknown>): Promise<unknown> {
    let checked = this.checkedFilters.get(evaluationKey)
    if (!checked) {
      checked = check()
      this.checkedFilters.set(evaluationKey, checked)
      if (this.checkedFilters.size > 1000) this.checkedFilters.delete(this.checkedFilters.keys().next().value as string)
      checked.catch(() => {
        if (this.checkedFilters.get(evaluationKey) === checked) this.checkedFilters.delete(evaluationKey)
      })
    }
    return checked
  }

  add(listener: ListenerOptions): () => void {
    this.listeners.add(listener)
    return () => this.remove(listener)
  }

  /**
   * Adds a listener that resumes where an earlier stream stopped: the transactions `readMissed`
   * reads from the log are delivered first, then every later one live, each once (a transaction
   * already in the log that is also published live meanwhile is skipped then).
   */
  resume(listener: ListenerOptions, readMissed: () => Transaction[]): () => void {
    const replayed = new Set<string>()
    const resumed: ListenerOptions = {...listener, skip: replayed}
    // Live from now on, queued behind the replay on the listener's own chain.
    this.listeners.add(resumed)
    const missed = readMissed()
    for (const transaction of missed) replayed.add(transaction.id)
    this.enqueue(resumed, async () => {
      for (const transaction of missed) await this.deliverTo(resumed, transaction)
    })
    return () => this.remove(resumed)
  }

  watch(watcher: (dataset: string, transaction: Transaction) => void): () => void {
    this.watchers.add(watcher)
    return () => this.watchers.delete(watcher)
  }

  /** Delivers to each listener in commit order, even though matching is asynchronous. */
  publish(dataset: string, transaction: Transaction): void {
    for (const watcher of this.watchers) watcher(dataset, transaction)
    for (const listener of this.listeners) {
      if (listener.dataset !== dataset || listener.skip?.has(transaction.id)) continue
      this.enqueue(listener, () => this.deliverTo(listener, transaction))
    }
  }

  /** Resolves once every delivery queued so far has been made (for tests and shutdown). */
  async settled(): Promise<void> {
    await Promise.all(this.chains.values())
  }

  private remove(listener: ListenerOptions): void {
    this.listeners.delete(listener)
    this.chains.delete(listener)
  }

  private enqueue(listener: ListenerOptions, task: () => Promise<void>): void {
    const previous = this.chains.get(listener) ?? Promise.resolve()
    const next = previous
      .then(() => (this.listeners.has(listener) ? task() : undefined))
      .catch((error: unknown) => {
        // The stream cannot go on without the events it would miss: it ends, with the reason.
        this.remove(listener)
        if (listener.fail) listener.fail(error)
        else console.error('lake: listener delivery failed', error)
      })
    this.chains.set(listener, next)
    void next.then(() => {
      if (this.chains.get(listener) === next) this.chains.delete(listener)
    })
  }

  private async deliverTo(listener: ListenerOptions, transaction: Transaction): Promise<void> {
    const changes = transaction.changes.filter(
      (change) =>
        (listener.includeAllVersions || isPublishedId(change.id)) && (!listener.rootPathsOnly || isRootPathId(change.id)),
    )
    if (changes.length === 0) return
    // One worker call per transaction: before and after of every change, in order.
    const values = await this.evaluate(listener, transaction, changes)
    const matched = (value: unknown) => (Array.isArray(value) ? value.length > 0 : Boolean(value))
    const events: Record<string, unknown>[] = []
    changes.forEach((change, index) => {
      const event = this.eventFor(listener, transaction, change, matched(values[index * 2]), matched(values[index * 2 + 1]))
      if (event) events.push(event)
    })
    events.forEach((event, index) => {
      event.transactionTotalEvents = events.length
      event.transactionCurrentEvent = index
      listener.send('mutation', event)
    })
  }

  private evaluate(listener: ListenerOptions, transaction: Transaction, changes: DocumentChange[]): Promise<unknown[]> {
    const run = () => listener.evaluate(changes.flatMap((change) => [change.before, change.after]))
    if (!listener.evaluationKey) return run()
    const key = `${transaction.id}\u0000${listener.includeAllVersions}\u0000${listener.rootPathsOnly}\u0000${listener.evaluationKey}`
    let values = this.evaluations.get(key)
    if (!values) {
      values = run()
      this.evaluations.set(key, values)
      if (this.evaluations.size > 1000) this.evaluations.delete(this.evaluations.keys().next().value as string)
    }
    return values
  }

  private eventFor(
    listener: ListenerOptions,
    transaction: Transaction,
    change: DocumentChange,
    before: boolean,
    after: boolean,
  ) {
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

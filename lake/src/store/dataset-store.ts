import {lakeNow} from '../clock.ts'
import type {DatabaseSync, StatementSync} from 'node:sqlite'

import type {AclMode} from '../config.ts'
import type {Perspective} from '../query/run-query.ts'
import type {CommitWriter} from './commit-writer.ts'
import {DocumentIndex} from './document-index.ts'
import {actionsToMutations} from './plan-actions.ts'
import {planMutations, randomId, type DocumentReader, type PlanOptions} from './plan-mutations.ts'
import {checkReferentialIntegrity, ReferenceIndex} from './references.ts'
import {
  LakeError,
  type DatasetHandle,
  type MutateOptions,
  type MutateResult,
  type Mutation,
  type SanityDocument,
  type Transaction,
} from './types.ts'

export type TransactionListener = (dataset: string, transaction: Transaction) => void

/**
 * One dataset: every document in memory (queries and listeners need them all), SQLite underneath.
 * Writes are planned one at a time against committed + pending state, written by the group-commit
 * writer, and only then become visible to readers and listeners and acknowledged to the caller.
 */
export class DatasetStore implements DatasetHandle {
  readonly name: string
  /** Changed by the datasets API (`PATCH /datasets/:name`). */
  aclMode: AclMode
  readonly createdAt: string
  private readonly db: DatabaseSync
  private readonly writer: CommitWriter
  private readonly onCommit: TransactionListener
  private readonly committed = new DocumentIndex()
  private readonly references = new ReferenceIndex()
  /** Written to the writer but not yet durable; later plans must see them. */
  private readonly pending = new Map<string, SanityDocument | null>()
  private readonly pendingTransactions = new Set<string>()
  private planning: Promise<unknown> = Promise.resolve()
  private findTransaction: StatementSync | undefined
  private readonly select: PlanOptions['select']

  constructor(options: {
    db: DatabaseSync
    writer: CommitWriter
    name: string
    aclMode: AclMode
    createdAt: string
    onCommit: TransactionListener
    /** Evaluates a mutation's `query` (see PlanOptions.select). */
    select: PlanOptions['select']
  }) {
    this.select = options.select
    this.db = options.db
    this.writer = options.writer
    this.name = options.name
    this.aclMode = options.aclMode
    this.createdAt = options.createdAt
    this.onCommit = options.onCommit
    const rows = this.db.prepare('SELECT doc FROM documents WHERE dataset = ?').all(this.name)
    this.apply(
      rows.map((row) => {
        const doc = JSON.parse(row.doc as string) as SanityDocument
        return {id: doc._id, after: doc}
      }),
    )
  }

  getDocument(id: string): SanityDocument | undefined {
    return this.committed.get(id)
  }

  documents(): IterableIterator<SanityDocument> {
    return this.committed.values()
  }

  get size(): number {
    return this.committed.size
  }

  list(view: 'raw' | 'published' | 'public'): SanityDocument[] {
    return this.committed.list(view)
  }

  visible(perspective: Perspective): SanityDocument[] {
    return this.committed.visible(perspective)
  }

  visibleWhere(attribute: string, value: unknown, perspective: Perspective): SanityDocument[] | null {
    return this.committed.visibleWhere(attribute, value, perspective)
  }

  visibleOfTypes(types: string[], perspective: Perspective): SanityDocument[] {
    return this.committed.visibleOfTypes(types, perspective)
  }

  mutate(mutations: Mutation[] | unknown, options: MutateOptions = {}): Promise<MutateResult> {
    return this.commit(() => mutations, options)
  }

  /** Runs Actions API actions (publish, unpublish, edit…) as one transaction. */
  act(actions: unknown, options: MutateOptions = {}): Promise<MutateResult> {
    return this.commit((reader) => actionsToMutations(actions, reader), options)
  }

  private commit(
    mutationsFor: (reader: DocumentReader) => unknown,
    options: MutateOptions,
  ): Promise<MutateResult> {
    const planned = this.planning.then(() => this.plan(mutationsFor, options))
    this.planning = planned.catch(() => undefined)
    return planned.then(async ({result, transaction}) => {
      if (!transaction) return result
      try {
        await this.writer.write(this.name, transaction)
      } catch (error) {
        this.forgetPending(transaction)
        throw error
      }
      this.forgetPending(transaction)
      this.apply(transaction.changes)
      this.onCommit(this.name, transaction)
      return result
    })
  }

  private async plan(mutationsFor: (reader: DocumentReader) => unknown, options: MutateOptions) {
    const transactionId = options.transactionId ?? randomId()
    if (typeof transactionId !== 'string' || !/^[A-Za-z0-9._-]{1,128}$/.test(transactionId)) {
      throw new LakeError(400, 'mutationError', 'transactionId must be 1 to 128 letters, digits, ".", "_" or "-"')
    }
    if (this.pendingTransactions.has(transactionId) || this.transactionExists(transactionId)) {
      throw new LakeError(409, 'conflictError', `Transaction ID "${transactionId}" has already been used`)
    }
    const reader: DocumentReader = {
      get: (id) => (this.pending.has(id) ? (this.pending.get(id) ?? undefined) : this.committed.get(id)),
      pending: () => [...this.pending],
    }
    const timestamp = lakeNow().toISOString()
    const plan = await planMutations(mutationsFor(reader), reader, {
      transactionId,
      timestamp,
      autoGenerateArrayKeys: options.autoGenerateArrayKeys,
      select: this.select,
    })
    checkReferentialIntegrity(plan.changes, {
      get: reader.get,
      // Pending documents are not in the index yet: they are few, so all of them are candidates.
      referrersOf: (id) => [...this.references.referrersOf(id), ...this.pending.keys()],
    })
    const result: MutateResult = {transactionId, results: plan.results}
    if (options.dryRun || plan.changes.length === 0) return {result, transaction: null}
    const transaction: Transaction = {
      id: transactionId,
      timestamp,
      author: options.author ?? '<system>',
      changes: plan.changes,
    }
    this.pendingTransactions.add(transactionId)
    for (const change of plan.changes) this.pending.set(change.id, change.after)
    return {result, transaction}
  }

  private forgetPending(transaction: Transaction): void {
    this.pendingTransactions.delete(transaction.id)
    for (const change of transaction.changes) {
      // Only if no later transaction has written the document since.
      if (this.pending.get(change.id) === change.after) this.pending.delete(change.id)
    }
  }

  private apply(changes: {id: string; after: SanityDocument | null}[]): void {
    this.committed.apply(changes)
    for (const change of changes) {
      if (change.after) this.references.put(change.after)
      else this.references.remove(change.id)
    }
  }

  private transactionExists(transactionId: string): boolean {
    this.findTransaction ??= this.db.prepare('SELECT 1 FROM changes WHERE dataset = ? AND tx_id = ? LIMIT 1')
    return this.findTransaction.get(this.name, transactionId) !== undefined
  }
}

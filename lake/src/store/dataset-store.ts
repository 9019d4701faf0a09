import type {DatabaseSync, StatementSync} from 'node:sqlite'

import type {AclMode} from '../config.ts'
import {applyPerspective, isPublishedId, isRootPathId, type Perspective} from '../query/run-query.ts'
import type {CommitWriter} from './commit-writer.ts'
import {actionsToMutations} from './plan-actions.ts'
import {planMutations, randomId, type DocumentReader} from './plan-mutations.ts'
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
  private readonly committed = new Map<string, SanityDocument>()
  private readonly byType = new Map<string, Map<string, SanityDocument>>()
  private readonly references = new ReferenceIndex()
  /** Written to the writer but not yet durable; later plans must see them. */
  private readonly pending = new Map<string, SanityDocument | null>()
  private readonly pendingTransactions = new Set<string>()
  private planning: Promise<unknown> = Promise.resolve()
  private findTransaction: StatementSync | undefined
  private snapshot: {raw: SanityDocument[]; published: SanityDocument[]; public: SanityDocument[]} | null = null
  /** Documents by the value of one top-level attribute, per view; dropped at every commit. */
  private readonly equalityIndexes = new Map<string, Map<unknown, SanityDocument[]>>()

  constructor(options: {
    db: DatabaseSync
    writer: CommitWriter
    name: string
    aclMode: AclMode
    createdAt: string
    onCommit: TransactionListener
  }) {
    this.db = options.db
    this.writer = options.writer
    this.name = options.name
    this.aclMode = options.aclMode
    this.createdAt = options.createdAt
    this.onCommit = options.onCommit
    const rows = this.db.prepare('SELECT doc FROM documents WHERE dataset = ?').all(this.name)
    for (const row of rows) this.put(JSON.parse(row.doc as string) as SanityDocument)
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

  /** All documents, the published ones, or those anonymous callers see, cached until the next commit. */
  list(view: 'raw' | 'published' | 'public'): SanityDocument[] {
    if (!this.snapshot) {
      const raw = [...this.committed.values()]
      this.snapshot = {
        raw,
        published: raw.filter((doc) => isPublishedId(doc._id)),
        public: raw.filter((doc) => isRootPathId(doc._id)),
      }
    }
    return this.snapshot[view]
  }

  visible(perspective: Perspective): SanityDocument[] {
    if (perspective.kind === 'stack') return applyPerspective(this.list('raw'), perspective)
    return this.list(perspective.kind)
  }

  /**
   * The visible documents whose `attribute` equals `value`, from an index built on first use.
   * Only for the raw, published and public views: under a drafts overlay, which document is visible
   * depends on more than the attribute, so there is no index (null).
   */
  visibleWhere(attribute: string, value: unknown, perspective: Perspective): SanityDocument[] | null {
    if (perspective.kind === 'stack') return null
    const key = `${perspective.kind}\u0000${attribute}`
    let index = this.equalityIndexes.get(key)
    if (!index) {
      index = new Map()
      for (const doc of this.list(perspective.kind)) {
        const docs = index.get(doc[attribute])
        if (docs) docs.push(doc)
        else index.set(doc[attribute], [doc])
      }
      this.equalityIndexes.set(key, index)
    }
    return index.get(value) ?? []
  }

  /**
   * The visible documents of some types, in dataset order (the order `*` has, which ties keep): one
   * type straight from its index, several by a scan, since their indexes hold them type by type.
   */
  visibleOfTypes(types: string[], perspective: Perspective): SanityDocument[] {
    const docs =
      types.length === 1
        ? [...(this.byType.get(types[0] as string)?.values() ?? [])]
        : this.list('raw').filter((doc) => types.includes(doc._type))
    return applyPerspective(docs, perspective)
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
      for (const change of transaction.changes) {
        if (change.after) this.put(change.after)
        else this.remove(change.id)
      }
      this.snapshot = null
      this.equalityIndexes.clear()
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
      all: () => {
        if (this.pending.size === 0) return this.list('raw')
        const merged = new Map(this.committed)
        for (const [id, doc] of this.pending) {
          if (doc) merged.set(id, doc)
          else merged.delete(id)
        }
        return [...merged.values()]
      },
    }
    const timestamp = new Date().toISOString()
    const plan = await planMutations(mutationsFor(reader), reader, {
      transactionId,
      timestamp,
      autoGenerateArrayKeys: options.autoGenerateArrayKeys,
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

  private transactionExists(transactionId: string): boolean {
    this.findTransaction ??= this.db.prepare('SELECT 1 FROM changes WHERE dataset = ? AND tx_id = ? LIMIT 1')
    return this.findTransaction.get(this.name, transactionId) !== undefined
  }

  private put(doc: SanityDocument): void {
    const previous = this.committed.get(doc._id)
    if (previous && previous._type !== doc._type) {
      // Moved to the end of both orders, so its type's index keeps the dataset's order.
      this.byType.get(previous._type)?.delete(doc._id)
      this.committed.delete(doc._id)
    }
    this.committed.set(doc._id, doc)
    let ofType = this.byType.get(doc._type)
    if (!ofType) this.byType.set(doc._type, (ofType = new Map()))
    ofType.set(doc._id, doc)
    this.references.put(doc)
  }

  private remove(id: string): void {
    const previous = this.committed.get(id)
    if (!previous) return
    this.committed.delete(id)
    this.byType.get(previous._type)?.delete(id)
    this.references.remove(id)
  }
}

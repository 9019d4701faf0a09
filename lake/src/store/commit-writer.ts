import type {DatabaseSync, StatementSync} from 'node:sqlite'

import type {Transaction} from './types.ts'

interface QueuedTransaction {
  dataset: string
  transaction: Transaction
  resolve: () => void
  reject: (error: Error) => void
}

/**
 * Group commit: transactions that arrive while the previous batch is being written are written
 * together in one SQLite transaction, so many concurrent writers share one fsync. A transaction's
 * promise resolves only after COMMIT returned, i.e. after it is durable.
 */
export class CommitWriter {
  private readonly db: DatabaseSync
  private readonly queue: QueuedTransaction[] = []
  private scheduled = false
  private readonly upsertDocument: StatementSync
  private readonly deleteDocument: StatementSync
  private readonly insertChange: StatementSync
  private readonly purgeHistory: StatementSync
  /** Prepared once the document functions' table exists (lake/src/functions/document-functions.ts creates it). */
  private purgeFunctionEvents: StatementSync | undefined

  constructor(db: DatabaseSync) {
    this.db = db
    this.upsertDocument = db.prepare(
      'INSERT INTO documents (dataset, id, doc) VALUES (?, ?, ?) ON CONFLICT (dataset, id) DO UPDATE SET doc = excluded.doc',
    )
    this.deleteDocument = db.prepare('DELETE FROM documents WHERE dataset = ? AND id = ?')
    this.purgeHistory = db.prepare('DELETE FROM changes WHERE dataset = ? AND doc_id = ?')
    this.insertChange = db.prepare(
      'INSERT INTO changes (dataset, tx_id, doc_id, timestamp, author, before, after, mutations) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    )
  }

  /**
   * The document functions' queued and given-up events carry the document's content: a purge takes them too, so
   * nothing the lake keeps outlives it. Hosted keeps its own function logs, under its own retention.
   */
  private functionEventsPurge(): StatementSync | undefined {
    if (this.purgeFunctionEvents) return this.purgeFunctionEvents
    const exists = this.db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'function_events'")
      .get()
    if (!exists) return undefined
    this.purgeFunctionEvents = this.db.prepare('DELETE FROM function_events WHERE dataset = ? AND doc_id = ?')
    return this.purgeFunctionEvents
  }

  write(dataset: string, transaction: Transaction): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({dataset, transaction, resolve, reject})
      if (!this.scheduled) {
        this.scheduled = true
        setImmediate(() => this.flush())
      }
    })
  }

  private flush(): void {
    this.scheduled = false
    const batch = this.queue.splice(0, this.queue.length)
    if (batch.length === 0) return
    let purged = false
    try {
      this.db.exec('BEGIN IMMEDIATE')
      for (const {dataset, transaction} of batch) {
        for (const change of transaction.changes) {
          if (change.after) this.upsertDocument.run(dataset, change.id, JSON.stringify(change.after))
          else this.deleteDocument.run(dataset, change.id)
          let before = change.before
          let mutations = change.mutations
          if (change.purgedThrough !== undefined) {
            // A purging delete: every earlier revision goes, and the delete itself leaves no trace. What the
            // same transaction wrote after it (an anonymised copy under the same id) starts a new history.
            this.purgeHistory.run(dataset, change.id)
            purged = true
            this.functionEventsPurge()?.run(dataset, change.id)
            mutations = mutations.slice(change.purgedThrough)
            before = null
            if (!change.after) continue
          }
          this.insertChange.run(
            dataset,
            transaction.id,
            change.id,
            transaction.timestamp,
            transaction.author,
            before ? JSON.stringify(before) : null,
            change.after ? JSON.stringify(change.after) : null,
            JSON.stringify(mutations),
          )
        }
      }
      this.db.exec('COMMIT')
    } catch (error) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK')
      for (const item of batch) item.reject(error as Error)
      return
    }
    // The write-ahead log still holds the pages as they were before the purge: copied into the database (whose
    // freed space secure_delete has zeroed) and the log emptied, so the purged text is nowhere on disk.
    if (purged) this.db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
    for (const item of batch) item.resolve()
  }
}

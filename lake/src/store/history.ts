import type {DatabaseSync} from 'node:sqlite'

import {wholeDocumentEffects} from '../listen/listener-hub.ts'
import type {SanityDocument, Transaction} from './types.ts'

interface ChangeRow {
  seq: number
  tx_id: string
  doc_id: string
  timestamp: string
  author: string
  before: string | null
  after: string | null
  mutations: string
}

export interface TransactionLogOptions {
  limit: number
  reverse: boolean
  excludeContent: boolean
  includeIdentifiedDocumentsOnly: boolean
  fromTransaction?: string
  toTransaction?: string
  fromTime?: string
  toTime?: string
  authors?: string[]
}

const parseDoc = (json: string | null) => (json ? (JSON.parse(json) as SanityDocument) : null)

/** The transaction log of some documents, in the shape of the history API's NDJSON lines. */
export function readTransactionLog(
  db: DatabaseSync,
  dataset: string,
  documentIds: string[],
  options: TransactionLogOptions,
): Record<string, unknown>[] {
  const marks = documentIds.map(() => '?').join(',')
  const seqOf = (txId: string | undefined) =>
    txId
      ? (db.prepare('SELECT MIN(seq) AS seq FROM changes WHERE dataset = ? AND tx_id = ?').get(dataset, txId)
          ?.seq as number | null) ?? null
      : null
  const from = seqOf(options.fromTransaction)
  const to = seqOf(options.toTransaction)
  const rows = db
    .prepare(
      `SELECT * FROM changes WHERE dataset = ? AND doc_id IN (${marks})
       AND (? IS NULL OR seq >= ?) AND (? IS NULL OR seq <= ?)
       AND (? IS NULL OR timestamp >= ?) AND (? IS NULL OR timestamp <= ?)
       ORDER BY seq`,
    )
    .all(
      dataset,
      ...documentIds,
      from,
      from,
      to,
      to,
      options.fromTime ?? null,
      options.fromTime ?? null,
      options.toTime ?? null,
      options.toTime ?? null,
    ) as unknown as ChangeRow[]

  const transactions = new Map<string, ChangeRow[]>()
  for (const row of rows) {
    if (options.authors && !options.authors.includes(row.author)) continue
    const group = transactions.get(row.tx_id)
    if (group) group.push(row)
    else transactions.set(row.tx_id, [row])
  }
  if (!options.includeIdentifiedDocumentsOnly) {
    const others = db.prepare('SELECT * FROM changes WHERE dataset = ? AND tx_id = ? ORDER BY seq')
    for (const [txId, group] of transactions) {
      const all = others.all(dataset, txId) as unknown as ChangeRow[]
      if (all.length > group.length) transactions.set(txId, all)
    }
  }

  let entries = [...transactions.values()].map((group) => {
    const first = group[0] as ChangeRow
    const effects: Record<string, unknown> = {}
    const mutations: unknown[] = []
    for (const row of group) {
      effects[row.doc_id] = wholeDocumentEffects({
        id: row.doc_id,
        before: parseDoc(row.before),
        after: parseDoc(row.after),
        mutations: [],
      })
      if (!options.excludeContent) mutations.push(...(JSON.parse(row.mutations) as unknown[]))
    }
    return {
      id: first.tx_id,
      timestamp: first.timestamp,
      author: first.author,
      documentIDs: group.map((row) => row.doc_id),
      effects,
      ...(options.excludeContent ? {} : {mutations}),
    }
  })
  if (options.reverse) entries = entries.reverse()
  return entries.slice(0, options.limit)
}

/** A document as it was at a revision, at a time, or at its last revision (even if deleted since). */
export function readDocumentAt(
  db: DatabaseSync,
  dataset: string,
  id: string,
  at: {revision?: string; time?: string; lastRevision?: boolean},
): SanityDocument | null {
  if (at.revision) {
    const row = db
      .prepare('SELECT after, before FROM changes WHERE dataset = ? AND doc_id = ? AND tx_id = ?')
      .get(dataset, id, at.revision) as Pick<ChangeRow, 'after' | 'before'> | undefined
    if (row) return parseDoc(row.after) ?? parseDoc(row.before)
    return null
  }
  if (at.time) {
    const row = db
      .prepare(
        'SELECT after FROM changes WHERE dataset = ? AND doc_id = ? AND timestamp <= ? ORDER BY seq DESC LIMIT 1',
      )
      .get(dataset, id, at.time) as Pick<ChangeRow, 'after'> | undefined
    return row ? parseDoc(row.after) : null
  }
  const row = db
    .prepare(
      'SELECT after, before FROM changes WHERE dataset = ? AND doc_id = ? ORDER BY seq DESC LIMIT 1',
    )
    .get(dataset, id) as Pick<ChangeRow, 'after' | 'before'> | undefined
  return row ? (parseDoc(row.after) ?? parseDoc(row.before)) : null
}

/** How far back a `listen` stream can resume (`Last-Event-ID`): longer than any reconnect takes. */
export const RESUME_WINDOW_MS = 30 * 60_000
const RESUME_MAX_CHANGES = 10_000

/**
 * Where a stream that reconnects after the last transaction it saw resumes: the log position after
 * that transaction. null when the transaction is unknown or older than the resume window: the stream
 * must then start afresh (`reset` for listen, `restart` for live events).
 */
export function resumePosition(db: DatabaseSync, dataset: string, transactionId: string, now = Date.now()): number | null {
  const last = db
    .prepare('SELECT MAX(seq) AS seq, MIN(timestamp) AS timestamp FROM changes WHERE dataset = ? AND tx_id = ?')
    .get(dataset, transactionId) as {seq: number | null; timestamp: string | null} | undefined
  if (!last?.seq || !last.timestamp || now - Date.parse(last.timestamp) > RESUME_WINDOW_MS) return null
  return last.seq
}

/** The transactions logged after a position, whole and in order (at most RESUME_MAX_CHANGES changes). */
export function transactionsAfter(db: DatabaseSync, dataset: string, position: number): Transaction[] {
  const rows = db
    .prepare('SELECT * FROM changes WHERE dataset = ? AND seq > ? ORDER BY seq LIMIT ?')
    .all(dataset, position, RESUME_MAX_CHANGES) as unknown as ChangeRow[]
  const transactions = new Map<string, Transaction>()
  for (const row of rows) {
    let transaction = transactions.get(row.tx_id)
    if (!transaction) {
      transaction = {id: row.tx_id, timestamp: row.timestamp, author: row.author, changes: []}
      transactions.set(row.tx_id, transaction)
    }
    transaction.changes.push({
      id: row.doc_id,
      before: parseDoc(row.before),
      after: parseDoc(row.after),
      mutations: JSON.parse(row.mutations) as Transaction['changes'][number]['mutations'],
    })
  }
  return [...transactions.values()]
}

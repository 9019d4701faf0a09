import fs from 'node:fs'
import {rm} from 'node:fs/promises'
import path from 'node:path'
import type {DatabaseSync} from 'node:sqlite'

import {assetDir, removeAssetBlob} from '../assets/asset-storage.ts'
import {DEFAULT_QUERY_TIMEOUT_MS, type AclMode} from '../config.ts'
import {ListenerHub} from '../listen/listener-hub.ts'
import {QueryPool} from '../query/query-pool.ts'
import {CommitWriter} from './commit-writer.ts'
import {openDatabase} from './database.ts'
import {DatasetStore} from './dataset-store.ts'
import {makePrivate} from './private-files.ts'
import {LakeError, type Transaction} from './types.ts'

const ASSET_TYPES = new Set(['sanity.imageAsset', 'sanity.fileAsset'])

/** A deleted asset document takes its stored file (and rendered variants) with it. */
function removeDeletedAssetFiles(dataDir: string, dataset: string, transaction: Transaction) {
  for (const {before, after} of transaction.changes) {
    if (after || !before || !ASSET_TYPES.has(before._type)) continue
    const {sha1hash, extension} = before as {sha1hash?: string; extension?: string}
    if (!sha1hash || !extension) continue
    removeAssetBlob({dataDir, dataset, sha1: sha1hash, extension}).catch((error: unknown) =>
      console.error(`lake: could not remove the file of asset ${before._id}`, error),
    )
  }
}

export interface Lake {
  readonly dataDir: string
  readonly db: DatabaseSync
  readonly hub: ListenerHub
  readonly datasets: ReadonlyMap<string, DatasetStore>
  /** The dataset, or a Sanity-shaped 404 for an unknown one. */
  dataset(name: string): DatasetStore
  /** A new, empty dataset (the datasets API); 409 when the name is taken. */
  createDataset(name: string, aclMode: AclMode): DatasetStore
  setAclMode(name: string, aclMode: AclMode): DatasetStore
  /** Removes the dataset with its documents, history and asset files. */
  deleteDataset(name: string): Promise<void>
  /** The query workers, started on first use (commands that never query start none). */
  queries(): QueryPool
  close(): void
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** One process at a time owns a data directory: the lake keeps every document in memory. */
function takeLock(dataDir: string): () => void {
  const file = path.join(dataDir, 'lake.lock')
  try {
    const pid = Number(fs.readFileSync(file, 'utf8'))
    if (pid && pid !== process.pid && processIsAlive(pid)) {
      throw new Error(
        `The lake in ${dataDir} is in use by process ${pid} (a running lake server?). Stop it first.`,
      )
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  fs.writeFileSync(file, String(process.pid), {mode: 0o600})
  return () => fs.rmSync(file, {force: true})
}

export function openLake(options: {
  dataDir: string
  datasets?: Record<string, AclMode>
  /** Deadline of a mutation's `query` (see QueryPool). */
  queryTimeoutMs?: number
}): Lake {
  const selectTimeoutMs = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS
  const {dataDir} = options
  for (const file of makePrivate(dataDir)) console.warn(`lake: ${file} was readable by others; made private to its owner`)
  const releaseLock = takeLock(dataDir)
  const db = openDatabase(dataDir)
  const writer = new CommitWriter(db)
  const hub = new ListenerHub()
  const datasets = new Map<string, DatasetStore>()
  let pool: QueryPool | undefined
  const queries = (): QueryPool =>
    (pool ??= new QueryPool({snapshot: () => [...datasets].map(([name, store]) => [name, store.list('raw')])}))
  const open = (name: string, aclMode: AclMode, createdAt: string) => {
    const store = new DatasetStore({
      db,
      writer,
      name,
      aclMode,
      createdAt,
      // Deadline of a mutation's query: writers hold tokens, so the configured (long) one.
      select: (query, params, overlay) => queries().select(name, query, params, overlay, selectTimeoutMs),
      onCommit: (dataset, tx) => {
        pool?.publish(dataset, tx.changes)
        hub.publish(dataset, tx)
        removeDeletedAssetFiles(dataDir, dataset, tx)
      },
    })
    datasets.set(name, store)
    return store
  }
  // Configured datasets always exist; after their creation the datasets table decides their ACL mode,
  // so a change made through the datasets API survives a restart.
  const configured: Record<string, AclMode> = options.datasets ?? {production: 'public', bookings: 'private'}
  const register = db.prepare('INSERT OR IGNORE INTO datasets (name, acl_mode, created_at) VALUES (?, ?, ?)')
  for (const [name, aclMode] of Object.entries(configured)) register.run(name, aclMode, new Date().toISOString())
  for (const row of db.prepare('SELECT name, acl_mode, created_at FROM datasets ORDER BY name').all()) {
    open(row.name as string, row.acl_mode as AclMode, row.created_at as string)
  }
  const existing = (name: string) => {
    const store = datasets.get(name)
    if (!store) throw new LakeError(404, 'datasetNotFound', `Dataset "${name}" not found`)
    return store
  }
  return {
    dataDir,
    db,
    hub,
    datasets,
    dataset: existing,
    createDataset(name, aclMode) {
      if (datasets.has(name)) throw new LakeError(409, 'conflict', `Dataset "${name}" already exists`)
      const createdAt = new Date().toISOString()
      db.prepare('INSERT INTO datasets (name, acl_mode, created_at) VALUES (?, ?, ?)').run(name, aclMode, createdAt)
      return open(name, aclMode, createdAt)
    },
    setAclMode(name, aclMode) {
      const store = existing(name)
      db.prepare('UPDATE datasets SET acl_mode = ? WHERE name = ?').run(aclMode, name)
      store.aclMode = aclMode
      return store
    },
    async deleteDataset(name) {
      existing(name)
      datasets.delete(name)
      pool?.drop(name)
      db.exec('BEGIN IMMEDIATE')
      try {
        for (const table of ['documents', 'changes']) db.prepare(`DELETE FROM ${table} WHERE dataset = ?`).run(name)
        db.prepare('DELETE FROM datasets WHERE name = ?').run(name)
        db.exec('COMMIT')
      } catch (error) {
        db.exec('ROLLBACK')
        throw error
      }
      await rm(assetDir(dataDir, name), {recursive: true, force: true})
    },
    queries,
    close() {
      void pool?.close()
      db.close()
      releaseLock()
    },
  }
}

import fs from 'node:fs'
import path from 'node:path'
import type {DatabaseSync} from 'node:sqlite'

import {removeAssetBlob} from '../assets/asset-storage.ts'
import type {AclMode} from '../config.ts'
import {ListenerHub} from '../listen/listener-hub.ts'
import {QueryPool} from '../query/query-pool.ts'
import {CommitWriter} from './commit-writer.ts'
import {openDatabase} from './database.ts'
import {DatasetStore} from './dataset-store.ts'
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
  fs.writeFileSync(file, String(process.pid))
  return () => fs.rmSync(file, {force: true})
}

export function openLake(options: {
  dataDir: string
  datasets?: Record<string, AclMode>
}): Lake {
  const {dataDir} = options
  fs.mkdirSync(dataDir, {recursive: true})
  const releaseLock = takeLock(dataDir)
  const db = openDatabase(dataDir)
  const writer = new CommitWriter(db)
  const hub = new ListenerHub()
  const datasets = new Map<string, DatasetStore>()
  let pool: QueryPool | undefined
  const configured: Record<string, AclMode> = options.datasets ?? {production: 'public', bookings: 'private'}
  for (const [name, aclMode] of Object.entries(configured)) {
    datasets.set(
      name,
      new DatasetStore({
        db,
        writer,
        name,
        aclMode,
        onCommit: (dataset, tx) => {
          pool?.publish(dataset, tx.changes)
          hub.publish(dataset, tx)
          removeDeletedAssetFiles(dataDir, dataset, tx)
        },
      }),
    )
  }
  return {
    dataDir,
    db,
    hub,
    datasets,
    dataset(name) {
      const store = datasets.get(name)
      if (!store) throw new LakeError(404, 'datasetNotFound', `Dataset "${name}" not found`)
      return store
    },
    queries() {
      pool ??= new QueryPool({dataDir, datasets: [...datasets.keys()]})
      return pool
    },
    close() {
      void pool?.close()
      db.close()
      releaseLock()
    },
  }
}

import fs from 'node:fs'
import path from 'node:path'
import type {DatabaseSync} from 'node:sqlite'

import type {AclMode} from '../config.ts'
import {ListenerHub} from '../listen/listener-hub.ts'
import {CommitWriter} from './commit-writer.ts'
import {openDatabase} from './database.ts'
import {DatasetStore} from './dataset-store.ts'
import {LakeError} from './types.ts'

export interface Lake {
  readonly dataDir: string
  readonly db: DatabaseSync
  readonly hub: ListenerHub
  readonly datasets: ReadonlyMap<string, DatasetStore>
  /** The dataset, or a Sanity-shaped 404 for an unknown one. */
  dataset(name: string): DatasetStore
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
  const configured: Record<string, AclMode> = options.datasets ?? {production: 'public', bookings: 'private'}
  for (const [name, aclMode] of Object.entries(configured)) {
    datasets.set(
      name,
      new DatasetStore({db, writer, name, aclMode, onCommit: (dataset, tx) => hub.publish(dataset, tx)}),
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
    close() {
      db.close()
      releaseLock()
    },
  }
}

import path from 'node:path'
import {DatabaseSync} from 'node:sqlite'
import {parentPort, workerData} from 'node:worker_threads'

import {DocumentIndex} from '../store/document-index.ts'
import {LakeError, type SanityDocument} from '../store/types.ts'
import {runQueryJob, type QueryJob, type WorkerReply, type WorkerRequest} from './query-pool.ts'

/**
 * A query worker: its own read connection loads every dataset once, then the main thread sends each
 * committed transaction before it acknowledges it, and messages arrive in order, so a query sent
 * after a write was acknowledged always sees it. A change that was already on disk when this
 * worker loaded arrives again as a message; applying a document's new state twice is harmless.
 */
const {dataDir, datasets} = workerData as {dataDir: string; datasets: string[]}
const indexes = new Map<string, DocumentIndex>()
const db = new DatabaseSync(path.join(dataDir, 'lake.sqlite'), {readOnly: true})
const read = db.prepare('SELECT doc FROM documents WHERE dataset = ?')
for (const name of datasets) {
  const index = new DocumentIndex()
  index.apply(
    read.all(name).map((row) => {
      const doc = JSON.parse(row.doc as string) as SanityDocument
      return {id: doc._id, after: doc}
    }),
  )
  indexes.set(name, index)
}
db.close()

function run(job: QueryJob): Promise<unknown> {
  const index = indexes.get(job.dataset)
  if (!index) return Promise.reject(new LakeError(404, 'datasetNotFound', `Dataset "${job.dataset}" not found`))
  return runQueryJob(index, job)
}

parentPort?.on('message', (message: WorkerRequest) => {
  if (message.kind === 'changes') {
    indexes.get(message.dataset)?.apply(message.changes)
    return
  }
  run(message.job).then(
    (result) => parentPort?.postMessage({id: message.id, result} satisfies WorkerReply),
    (error: unknown) => {
      const lakeError =
        error instanceof LakeError ? error : new LakeError(400, 'queryExecutionError', (error as Error).message)
      const {status, type, message: description, details} = lakeError
      parentPort?.postMessage({id: message.id, error: {status, type, description, details}} satisfies WorkerReply)
    },
  )
})

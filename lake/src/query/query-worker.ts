import {parentPort, workerData} from 'node:worker_threads'

import {DocumentIndex} from '../store/document-index.ts'
import {LakeError, type SanityDocument} from '../store/types.ts'
import {runWorkerJob, type WorkerReply, type WorkerRequest} from './query-pool.ts'

/**
 * A query worker: it starts from the main thread's documents, in the main thread's order (so that ties
 * and unordered results come out as they would on the main thread), then the main thread sends each
 * committed transaction before it acknowledges it, and messages arrive in order, so a query sent after
 * a write was acknowledged always sees it.
 */
const indexes = new Map<string, DocumentIndex>()
// Parsed here, off the main thread, which sends the documents as one JSON string (see QueryPool).
const datasets = JSON.parse((workerData as {datasetsJson: string}).datasetsJson) as [string, SanityDocument[]][]
for (const [name, documents] of datasets) {
  const index = new DocumentIndex()
  index.apply(documents.map((doc) => ({id: doc._id, after: doc})))
  indexes.set(name, index)
}

/** A dataset created after this worker started begins empty; its documents arrive as changes. */
function indexOf(dataset: string): DocumentIndex {
  let index = indexes.get(dataset)
  if (!index) indexes.set(dataset, (index = new DocumentIndex()))
  return index
}

parentPort?.postMessage({ready: true} satisfies WorkerReply)

parentPort?.on('message', (message: WorkerRequest) => {
  if (message.kind === 'changes') {
    indexOf(message.dataset).apply(message.changes)
    return
  }
  if (message.kind === 'drop') {
    indexes.delete(message.dataset)
    return
  }
  // The main thread has checked that the dataset exists.
  const cpuBefore = process.threadCpuUsage()
  // What the query cost this thread's CPU: what its client is charged, not the wall-clock time a busy machine adds.
  const cpuMs = () => {
    const {user, system} = process.threadCpuUsage(cpuBefore)
    return (user + system) / 1000
  }
  runWorkerJob(indexOf, message.work).then(
    (value) => {
      const json = (value as {json?: unknown} | null)?.json
      // A serialised result crosses as bytes moved, not copied: the main thread writes them as they are.
      const transfer = json instanceof Uint8Array ? [json.buffer as ArrayBuffer] : []
      parentPort?.postMessage({id: message.id, value, cpuMs: cpuMs()} satisfies WorkerReply, transfer)
    },
    (error: unknown) => {
      const lakeError =
        error instanceof LakeError ? error : new LakeError(400, 'queryExecutionError', (error as Error).message)
      const {status, type, message: description, details} = lakeError
      parentPort?.postMessage({id: message.id, error: {status, type, description, details}, cpuMs: cpuMs()} satisfies WorkerReply)
    },
  )
})

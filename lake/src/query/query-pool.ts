import os from 'node:os'
import {Worker} from 'node:worker_threads'

import {LakeError, type DocumentChange, type SanityDocument} from '../store/types.ts'
import {parseQuery, runQuery, type Perspective} from './run-query.ts'
import {contentSourceMap, type ContentSourceMap} from './source-map.ts'

/** One query as a worker runs it: everything the caller's request decided, as plain data. */
export interface QueryJob {
  dataset: string
  perspective: Perspective
  query: string
  params: Record<string, unknown>
  identity?: string
  projectId: string
  maxCost: number
  /** `resultSourceMap`: where each value of the result came from (see source-map.ts). */
  sourceMap?: 'paths' | 'keyed' | undefined
}

export interface QueryAnswer {
  result: unknown
  resultSourceMap?: ContentSourceMap
}

/** The documents of one dataset as a request may see them (see DocumentIndex). */
export interface VisibleDocuments {
  visible(perspective: Perspective): SanityDocument[]
  visibleOfTypes(types: string[], perspective: Perspective): SanityDocument[]
  visibleWhere(attribute: string, value: unknown, perspective: Perspective): SanityDocument[] | null
}

/** Runs a job on a dataset's documents, in a worker or (for a bounded query) on the main thread. */
export async function runQueryJob(documents: VisibleDocuments, job: QueryJob): Promise<QueryAnswer> {
  const visible = documents.visible(job.perspective)
  const result = await runQuery({
    query: job.query,
    params: job.params,
    documents: visible,
    documentsOfTypes: (types) => documents.visibleOfTypes(types, job.perspective),
    documentsWhere: (attribute, value) => documents.visibleWhere(attribute, value, job.perspective),
    identity: job.identity,
    projectId: job.projectId,
    dataset: job.dataset,
    maxCost: job.maxCost,
  })
  if (!job.sourceMap) return {result}
  const resultSourceMap = await contentSourceMap({
    tree: parseQuery(job.query, job.params),
    result: result ?? null,
    options: {dataset: visible, params: job.params, identity: job.identity, sanity: {projectId: job.projectId, dataset: job.dataset}},
    withKeyArraySelector: job.sourceMap === 'keyed',
  })
  return {result, resultSourceMap}
}

export type WorkerRequest =
  | {kind: 'changes'; dataset: string; changes: {id: string; after: DocumentChange['after']}[]}
  | {kind: 'drop'; dataset: string}
  | {kind: 'query'; id: number; job: QueryJob}

export type WorkerReply =
  | {id: number; result: QueryAnswer}
  | {id: number; error: {status: number; type: string; description: string; details: Record<string, unknown>}}

interface Pending {
  id: number
  job: QueryJob
  resolve: (value: QueryAnswer) => void
  reject: (error: unknown) => void
  timer: NodeJS.Timeout
}

interface Slot {
  worker: Worker
  running: Pending | null
}

/**
 * GROQ evaluation off the main thread, so that a slow query never delays pings, writes or
 * listeners. A query that runs past its time limit has its worker terminated (and replaced) and
 * gets a 408; one still waiting for a worker when its time is up is dropped with the same error.
 */
export class QueryPool {
  private readonly slots: Slot[] = []
  private readonly queue: Pending[] = []
  private nextId = 1
  private closed = false
  /** Every dataset's documents as the main thread holds them now, for a worker starting up. */
  private readonly snapshot: () => [string, SanityDocument[]][]

  constructor(options: {snapshot: () => [string, SanityDocument[]][]; size?: number}) {
    this.snapshot = options.snapshot
    // One worker per core (the main thread mostly waits on I/O), at least two so that one slow
    // query does not hold up every other, and no more than four (each holds every document).
    const size = options.size ?? Math.min(4, Math.max(2, os.availableParallelism()))
    for (let index = 0; index < size; index++) this.slots.push(this.spawn())
  }

  /** Sends committed changes to every worker; called before the write is acknowledged. */
  publish(dataset: string, changes: DocumentChange[]): void {
    const message: WorkerRequest = {
      kind: 'changes',
      dataset,
      changes: changes.map(({id, after}) => ({id, after})),
    }
    for (const slot of this.slots) slot.worker.postMessage(message)
  }

  /** A deleted dataset: workers forget its documents (one created later under the name starts empty). */
  drop(dataset: string): void {
    for (const slot of this.slots) slot.worker.postMessage({kind: 'drop', dataset} satisfies WorkerRequest)
  }

  run(job: QueryJob, timeoutMs: number): Promise<QueryAnswer> {
    if (this.closed) return Promise.reject(new LakeError(503, 'serviceUnavailable', 'The lake is shutting down'))
    return new Promise((resolve, reject) => {
      const pending: Pending = {id: this.nextId++, job, resolve, reject, timer: undefined as unknown as NodeJS.Timeout}
      pending.timer = setTimeout(() => this.expire(pending, timeoutMs), timeoutMs)
      this.queue.push(pending)
      this.dispatch()
    })
  }

  async close(): Promise<void> {
    this.closed = true
    for (const pending of this.queue.splice(0)) clearTimeout(pending.timer)
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()))
  }

  private spawn(): Slot {
    const worker = new Worker(new URL('./query-worker.ts', import.meta.url), {
      workerData: {datasets: this.snapshot()},
    })
    const slot: Slot = {worker, running: null}
    worker.on('message', (reply: WorkerReply) => {
      const pending = slot.running
      if (!pending || pending.id !== reply.id) return
      clearTimeout(pending.timer)
      slot.running = null
      if ('error' in reply) {
        const {status, type, description, details} = reply.error
        pending.reject(new LakeError(status, type, description, details))
      } else pending.resolve(reply.result)
      this.dispatch()
    })
    worker.on('error', (error) => {
      console.error('lake: a query worker failed', error)
      this.replace(slot, new LakeError(500, 'internalError', 'The query failed to run'))
    })
    return slot
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.running || this.queue.length === 0) continue
      const pending = this.queue.shift() as Pending
      slot.running = pending
      slot.worker.postMessage({kind: 'query', id: pending.id, job: pending.job} satisfies WorkerRequest)
    }
  }

  private expire(pending: Pending, timeoutMs: number): void {
    // Hosted Sanity cancels a query that runs too long; its exact status and message are not
    // documented, so this uses 408 with a `queryTimeout` type in the usual error shape.
    const error = new LakeError(408, 'queryTimeout', `Query timed out: it ran for more than ${timeoutMs} ms`, {
      query: pending.job.query,
    })
    const queued = this.queue.indexOf(pending)
    if (queued !== -1) {
      this.queue.splice(queued, 1)
      pending.reject(error)
      return
    }
    const slot = this.slots.find((candidate) => candidate.running === pending)
    if (slot) this.replace(slot, error)
  }

  /** Ends a worker (and the query it runs, with `error`) and starts a fresh one in its place. */
  private replace(slot: Slot, error: LakeError): void {
    const pending = slot.running
    slot.running = null
    slot.worker.removeAllListeners()
    slot.worker.on('error', () => undefined)
    void slot.worker.terminate()
    if (pending) {
      clearTimeout(pending.timer)
      pending.reject(error)
    }
    if (this.closed) return
    const index = this.slots.indexOf(slot)
    if (index !== -1) this.slots[index] = this.spawn()
    this.dispatch()
  }
}

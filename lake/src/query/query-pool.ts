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
  /** When the query arrived (ISO): GROQ's `now()` for the whole query (see clock.ts); unset, when it runs. */
  now?: string | undefined
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
  const timestamp = job.now ? new Date(job.now) : new Date()
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
    timestamp,
  })
  if (!job.sourceMap) return {result}
  const resultSourceMap = await contentSourceMap({
    tree: parseQuery(job.query, job.params),
    result: result ?? null,
    options: {
      dataset: visible,
      params: job.params,
      identity: job.identity,
      sanity: {projectId: job.projectId, dataset: job.dataset},
      timestamp,
    },
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
  idleTimer?: NodeJS.Timeout
}

/** How long a worker beyond the first may stay idle before it ends (each holds a copy of every document). */
const IDLE_WORKER_MS = 30_000

/**
 * GROQ evaluation off the main thread, so that a slow query never delays pings, writes or
 * listeners. A query that runs past its time limit has its worker terminated and gets a 408; one
 * still waiting for a worker when its time is up is dropped with the same error.
 *
 * One worker is always ready. When a query arrives while every worker is busy, another starts (up
 * to `size`), so that one slow query does not hold up the others; such extra workers end after
 * `idleWorkerMs` without work, because each holds a copy of every document (about 40 MB at 10,000
 * bookings).
 */
export class QueryPool {
  private readonly slots: Slot[] = []
  private readonly queue: Pending[] = []
  private nextId = 1
  private closed = false
  /** Every dataset's documents as the main thread holds them now, for a worker starting up. */
  private readonly snapshot: () => [string, SanityDocument[]][]
  private readonly size: number
  private readonly idleWorkerMs: number

  constructor(options: {snapshot: () => [string, SanityDocument[]][]; size?: number; idleWorkerMs?: number}) {
    this.snapshot = options.snapshot
    // One worker per core (the main thread mostly waits on I/O), at least two so that one slow
    // query does not hold up every other, and no more than four.
    this.size = options.size ?? Math.min(4, Math.max(2, os.availableParallelism()))
    this.idleWorkerMs = options.idleWorkerMs ?? IDLE_WORKER_MS
    this.slots.push(this.spawn())
  }

  /** Workers running now (for tests and diagnostics). */
  get workers(): number {
    return this.slots.length
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
    for (const slot of this.slots) clearTimeout(slot.idleTimer)
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
      if (!slot.running) this.retireWhenIdle(slot)
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
      this.start(slot, this.queue.shift() as Pending)
    }
    // Every worker is busy: start another rather than wait behind a slow query.
    while (!this.closed && this.queue.length > 0 && this.slots.length < this.size) {
      const slot = this.spawn()
      this.slots.push(slot)
      this.start(slot, this.queue.shift() as Pending)
    }
  }

  private start(slot: Slot, pending: Pending): void {
    clearTimeout(slot.idleTimer)
    slot.running = pending
    slot.worker.postMessage({kind: 'query', id: pending.id, job: pending.job} satisfies WorkerRequest)
  }

  /** Ends a worker beyond the first once it has had nothing to do for `idleWorkerMs`. */
  private retireWhenIdle(slot: Slot): void {
    clearTimeout(slot.idleTimer)
    if (this.slots[0] === slot) return
    slot.idleTimer = setTimeout(() => {
      if (slot.running || this.slots[0] === slot || !this.slots.includes(slot)) return
      this.slots.splice(this.slots.indexOf(slot), 1)
      this.end(slot)
    }, this.idleWorkerMs)
    slot.idleTimer.unref()
  }

  private end(slot: Slot): void {
    clearTimeout(slot.idleTimer)
    slot.worker.removeAllListeners()
    slot.worker.on('error', () => undefined)
    void slot.worker.terminate()
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

  /** Ends a worker (and the query it runs, with `error`); the first is started afresh in its place. */
  private replace(slot: Slot, error: LakeError): void {
    const pending = slot.running
    slot.running = null
    this.end(slot)
    if (pending) {
      clearTimeout(pending.timer)
      pending.reject(error)
    }
    const index = this.slots.indexOf(slot)
    if (index !== -1) this.slots.splice(index, 1)
    if (this.closed) return
    if (this.slots.length === 0) this.slots.push(this.spawn())
    this.dispatch()
  }
}

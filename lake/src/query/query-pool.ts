import {Worker} from 'node:worker_threads'

import {LakeError, type DocumentChange, type Overlay, type SanityDocument} from '../store/types.ts'
import {boundedJson} from './bounded-json.ts'
import {evaluateEach, parseQuery, runQuery, runSelection, typesOnlyNeeded, type Perspective} from './run-query.ts'
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

/**
 * A query's answer as it crosses back to the main thread: the result already serialised by the
 * worker (so the main thread neither copies nor stringifies a large value), and the document types
 * it depends on, for its sync tags.
 */
export interface SerialisedAnswer {
  /** The result as UTF-8 JSON. */
  json: Uint8Array
  /** The source map as UTF-8 JSON, counted with the result against the same limit. */
  resultSourceMap?: Uint8Array
  types: string[] | null
}

/** The documents of one dataset as a request may see them (see DocumentIndex). */
export interface VisibleDocuments {
  visible(perspective: Perspective): SanityDocument[]
  visibleOfTypes(types: string[], perspective: Perspective): SanityDocument[]
  visibleWhere(attribute: string, value: unknown, perspective: Perspective): SanityDocument[] | null
}

/** Runs a job on a dataset's documents (in a query worker). */
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

/** GROQ work a worker does; each kind evaluates with groq-js under the pool's deadline. */
export type WorkerJob =
  /** An HTTP query: answered serialised (see SerialisedAnswer), refused over `maxResultBytes`. */
  | {kind: 'query'; job: QueryJob; maxResultBytes: number}
  /**
   * One query evaluated with each document alone as its dataset (listen filters, function filters);
   * `matches`: whether each value is non-empty, rather than the value (a listener needs no more).
   */
  | {kind: 'each'; query: string; params: Record<string, unknown>; docs: (SanityDocument | null)[]; identity?: string | undefined; matches?: boolean}
  /** The ids a mutation's `query` selects among a dataset's documents with `overlay` applied. */
  | {kind: 'select'; dataset: string; query: string; params: Record<string, unknown>; overlay: Overlay}

export type WorkerRequest =
  | {kind: 'changes'; dataset: string; changes: {id: string; after: DocumentChange['after']}[]}
  | {kind: 'drop'; dataset: string}
  | {kind: 'work'; id: number; work: WorkerJob}

export type WorkerReply =
  | {ready: true}
  | {id: number; value: unknown; cpuMs: number}
  | {id: number; error: {status: number; type: string; description: string; details: Record<string, unknown>}; cpuMs: number}

/** Runs one piece of work against a worker's documents. */
export async function runWorkerJob(indexOf: (dataset: string) => VisibleDocuments, work: WorkerJob): Promise<unknown> {
  if (work.kind === 'each') {
    const values = await evaluateEach(work.query, work.params, work.docs, work.identity)
    // A filter's value is the matching document: what crosses back is a boolean, not a copy of it.
    return work.matches ? values.map((value) => (Array.isArray(value) ? value.length > 0 : Boolean(value))) : values
  }
  if (work.kind === 'select') return runSelection(work.query, work.params, withOverlay(indexOf(work.dataset).visible({kind: 'raw'}), work.overlay))
  const {result, resultSourceMap} = await runQueryJob(indexOf(work.job.dataset), work.job)
  /** `counted`: the bytes already in the answer before the part that went over. */
  const tooLarge = (what: string, counted: number) => (size: number) =>
    new LakeError(
      400,
      'queryExecutionError',
      `Query ${what} is too large: more than ${formatBytes(Math.min(counted + size, work.maxResultBytes + 1))}, over the limit of ${formatBytes(work.maxResultBytes)}; ask for fewer documents (a slice such as [0...100]) or fewer fields`,
      {query: work.job.query},
    )
  const json = new TextEncoder().encode(boundedJson(result ?? null, work.maxResultBytes, tooLarge('result', 0)))
  const answer: SerialisedAnswer = {json, types: typesOnlyNeeded(parseQuery(work.job.query, work.job.params))}
  // A source map names a path for every value, so it can outgrow the result many times: the response as a whole
  // stays within the limit.
  if (resultSourceMap) {
    const left = work.maxResultBytes - json.byteLength
    answer.resultSourceMap = new TextEncoder().encode(
      boundedJson(resultSourceMap, left, tooLarge('result with its source map', json.byteLength)),
    )
  }
  return answer
}

/** `docs` with `overlay` applied in order, as one map of ids would hold them: a changed document keeps its place, a new one comes last. */
export function withOverlay(docs: SanityDocument[], overlay: Overlay): SanityDocument[] {
  if (overlay.length === 0) return docs
  const byId = new Map(docs.map((doc) => [doc._id, doc]))
  for (const [id, doc] of overlay) {
    if (doc) byId.set(id, doc)
    else byId.delete(id)
  }
  return [...byId.values()]
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`
}

/**
 * Who asked: work is scheduled and budgeted per client. A token's holder is `privileged` (the
 * studio's editors, the site's and the functions' servers): never starved by anonymous traffic.
 */
export interface QueryClient {
  key: string
  privileged: boolean
}

/** Internal work (document functions, mutations): trusted, never budgeted. */
export const INTERNAL_CLIENT: QueryClient = {key: 'lake', privileged: true}

/** Limits of the pool; see docs/decisions/030-hostile-load-limits.md for the figures and why. */
export interface PoolLimits {
  /** Worker time an anonymous client may bank (ms): a burst of heavy queries it may run at once. */
  budgetMs: number
  /** Worker time an anonymous client earns back per second (ms). */
  refillMsPerSecond: number
  /** Queries an anonymous client may have running at once; the rest of its queries wait for them. */
  concurrentPerClient: number
  /** Queries an anonymous client may have waiting; beyond that, 429. */
  queuedPerClient: number
  /**
   * Worker time (ms) after which an anonymous query may be stopped for another anonymous client that
   * waits with nothing running and more budget left: a client cannot hold a worker for its whole
   * deadline while others queue (a 429 for the one stopped).
   */
  quantumMs: number
  /** Longest wait for a worker (ms) before a query is turned away (429, retry later): the deadline counts from the start. */
  maxWaitMs: number
  /** Heap a worker may use (MB): a query that needs more is stopped (a 400), the lake's memory stays bounded. */
  workerHeapMb: number
}

export const DEFAULT_POOL_LIMITS: PoolLimits = {
  budgetMs: 2_000,
  refillMsPerSecond: 100,
  concurrentPerClient: 2,
  queuedPerClient: 16,
  quantumMs: 300,
  maxWaitMs: 10_000,
  workerHeapMb: 160,
}

interface Pending {
  id: number
  work: WorkerJob
  client: ClientState
  timeoutMs: number
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
  timer: NodeJS.Timeout
  /** When it was queued: a worker is started for it only once it has waited `spawnAfterMs`. */
  queuedAt: number
  startedAt?: number
}

interface ClientState {
  key: string
  privileged: boolean
  queue: Pending[]
  running: number
  /** Worker time left to spend (ms); may go below zero by the last query's overrun. */
  budgetMs: number
  refilledAt: number
}

interface Slot {
  worker: Worker
  running: Pending | null
  /** Loaded and listening: work sent before waits, and its time (deadline, budget) starts only now. */
  ready: boolean
  idleTimer?: NodeJS.Timeout
}

/** How long a worker beyond the first may stay idle before it ends (each holds a copy of every document). */
const IDLE_WORKER_MS = 30_000

/**
 * How long work waits for a busy worker before another is started for it. Ordinary work takes a
 * millisecond or a few: a burst of it (a hundred listeners opening at once) drains from the workers
 * already running, rather than starting every worker the pool may have, each with a copy of every
 * document, for work done before they have loaded. A query that holds a worker for longer (a slow
 * or hostile one) gets the next waiting query a worker of its own after this delay.
 */
const SPAWN_AFTER_MS = 30

/**
 * GROQ evaluation off the main thread, so that no query, whatever its shape, delays pings, writes or
 * listeners. A query that runs past its deadline has its worker terminated (the only way to stop
 * JavaScript that never yields) and gets a 408; one still waiting for a worker when its time is up
 * is dropped with the same error.
 *
 * Fairness: each client (a token's holder, else an address) has its own queue. Token holders are
 * served first and one worker is always kept for them. Anonymous clients share the other workers,
 * each with at most `concurrentPerClient` queries running, the client that has spent the least of
 * its budget first; one of those workers is kept for clients in good standing, and a long query of
 * a client that has spent its share yields to a waiting one (see preempt). A client whose budget of
 * worker time is spent gets a 429 with `Retry-After`. So a hostile client waits behind itself, not
 * the others behind it.
 *
 * One worker is always ready. When work has waited `spawnAfterMs` while every worker is busy, another
 * starts (up to `size`); such extra workers end after `idleWorkerMs` without work, because each holds
 * a copy of every document (about 20 MB at 10,000 bookings).
 */
export class QueryPool {
  private readonly slots: Slot[] = []
  private readonly clients = new Map<string, ClientState>()
  private nextId = 1
  private closed = false
  private preemptTimer: NodeJS.Timeout | undefined
  private spawnTimer: NodeJS.Timeout | undefined
  /** Every dataset's documents as the main thread holds them now, for a worker starting up. */
  private readonly snapshot: () => [string, SanityDocument[]][]
  /** The last snapshot as JSON, and the lists it was made of (each replaced by its dataset at a change). */
  private serialised: {lists: [string, SanityDocument[]][]; json: string} | undefined
  private readonly size: number
  private readonly idleWorkerMs: number
  private readonly spawnAfterMs: number
  readonly limits: PoolLimits

  constructor(options: {
    snapshot: () => [string, SanityDocument[]][]
    size?: number
    idleWorkerMs?: number
    spawnAfterMs?: number
    limits?: Partial<PoolLimits>
  }) {
    this.snapshot = options.snapshot
    // Four workers whatever the cores: one kept for token holders, three for anonymous clients, so
    // that a query stopped at its deadline holds up one of three, not every anonymous reader.
    this.size = Math.max(2, options.size ?? 4)
    this.idleWorkerMs = options.idleWorkerMs ?? IDLE_WORKER_MS
    this.spawnAfterMs = options.spawnAfterMs ?? SPAWN_AFTER_MS
    this.limits = {...DEFAULT_POOL_LIMITS, ...options.limits}
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

  /** An HTTP query, answered serialised. */
  query(job: QueryJob, options: {client: QueryClient; timeoutMs: number; maxResultBytes: number}): Promise<SerialisedAnswer> {
    return this.run({kind: 'query', job, maxResultBytes: options.maxResultBytes}, options) as Promise<SerialisedAnswer>
  }

  /**
   * `query` evaluated with each of `docs` alone as the dataset; null stands for no document (no
   * result). With `matches`, whether each value is non-empty instead.
   */
  each(
    query: string,
    params: Record<string, unknown>,
    docs: (SanityDocument | null)[],
    options: {client: QueryClient; timeoutMs: number; identity?: string | undefined; matches?: boolean},
  ): Promise<unknown[]> {
    return this.run({kind: 'each', query, params, docs, identity: options.identity, matches: options.matches}, options) as Promise<unknown[]>
  }

  /**
   * The ids a mutation's `query` selects in `dataset`. Only what differs from the committed documents
   * is sent: the worker has the rest, current up to the last commit (each is published before it is
   * acknowledged, and messages arrive in order).
   */
  select(dataset: string, query: string, params: Record<string, unknown>, overlay: Overlay, timeoutMs: number): Promise<string[]> {
    return this.run({kind: 'select', dataset, query, params, overlay}, {client: INTERNAL_CLIENT, timeoutMs}) as Promise<string[]>
  }

  /** Throws the 429 a client over its budget would get, before its request body is even read. */
  admit(client: QueryClient): void {
    if (client.privileged) return
    const state = this.clients.get(client.key)
    if (state) this.refuseOverBudget(state)
  }

  run(work: WorkerJob, options: {client: QueryClient; timeoutMs: number}): Promise<unknown> {
    if (this.closed) return Promise.reject(new LakeError(503, 'serviceUnavailable', 'The lake is shutting down'))
    const client = this.clientState(options.client)
    this.refuseOverBudget(client)
    return new Promise((resolve, reject) => {
      const pending: Pending = {
        id: this.nextId++,
        work,
        client,
        timeoutMs: options.timeoutMs,
        resolve,
        reject,
        timer: undefined as unknown as NodeJS.Timeout,
        queuedAt: performance.now(),
      }
      pending.timer = setTimeout(() => this.expire(pending), Math.max(this.limits.maxWaitMs, options.timeoutMs))
      client.queue.push(pending)
      this.dispatch()
    })
  }

  async close(): Promise<void> {
    this.closed = true
    clearTimeout(this.preemptTimer)
    clearTimeout(this.spawnTimer)
    for (const client of this.clients.values()) for (const pending of client.queue.splice(0)) clearTimeout(pending.timer)
    for (const slot of this.slots) clearTimeout(slot.idleTimer)
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()))
  }

  private clientState(client: QueryClient): ClientState {
    let state = this.clients.get(client.key)
    if (!state) {
      state = {
        key: client.key,
        privileged: client.privileged,
        queue: [],
        running: 0,
        budgetMs: this.limits.budgetMs,
        refilledAt: performance.now(),
      }
      this.clients.set(client.key, state)
    }
    return state
  }

  private refill(client: ClientState): void {
    const now = performance.now()
    client.budgetMs = Math.min(
      this.limits.budgetMs,
      client.budgetMs + ((now - client.refilledAt) / 1000) * this.limits.refillMsPerSecond,
    )
    client.refilledAt = now
  }

  /** An anonymous client with its budget spent, or too much already waiting, is told when to come back. */
  private refuseOverBudget(client: ClientState): void {
    if (client.privileged) return
    this.refill(client)
    const overQueue = client.queue.length >= this.limits.queuedPerClient
    if (client.budgetMs > 0 && !overQueue) return
    const seconds = overQueue ? 1 : Math.max(1, Math.ceil(-client.budgetMs / this.limits.refillMsPerSecond + 0.001))
    const error = new LakeError(
      429,
      'rateLimited',
      overQueue
        ? `Too many queries waiting from this client (more than ${this.limits.queuedPerClient}); retry after ${seconds} s`
        : `This client has used its share of query time (${this.limits.budgetMs / 1000} s, earned back at ${this.limits.refillMsPerSecond} ms a second); retry after ${seconds} s`,
    )
    error.retryAfterSeconds = seconds
    throw error
  }

  /** A client that has spent less than a quarter of its budget: what ordinary readers are. */
  private inGoodStanding(client: ClientState): boolean {
    return client.budgetMs >= this.limits.budgetMs * 0.75
  }

  /**
   * The next work to start: token holders first; then, among anonymous clients under their
   * concurrency, the one with fewest queries running, then the one that has spent least.
   */
  private next(anonymousRunning: number, take = true): Pending | undefined {
    let best: ClientState | undefined
    for (const client of this.clients.values()) {
      if (client.queue.length === 0) continue
      if (client.privileged) {
        if (!best?.privileged || client.running < best.running) best = client
        continue
      }
      if (best?.privileged) continue
      if (client.running >= this.limits.concurrentPerClient || anonymousRunning >= this.size - 1) continue
      this.refill(client)
      // The last anonymous worker is kept for clients in good standing: one that spends its budget
      // on bombs cannot also take the worker ordinary readers are served by.
      if (!this.inGoodStanding(client) && anonymousRunning >= this.size - 2) continue
      if (!best || client.running < best.running || (client.running === best.running && client.budgetMs > best.budgetMs)) best = client
    }
    return take ? best?.queue.shift() : best?.queue[0]
  }

  private dispatch(): void {
    for (;;) {
      if (this.closed) return
      let slot =
        this.slots.find((candidate) => !candidate.running && candidate.ready) ?? this.slots.find((candidate) => !candidate.running)
      const anonymousRunning = this.slots.filter((candidate) => candidate.running && !candidate.running.client.privileged).length
      if (!slot && !this.mayStartWorker(anonymousRunning)) {
        this.keepSpare(anonymousRunning)
        this.preempt()
        return
      }
      const pending = this.next(anonymousRunning)
      if (!pending) {
        this.keepSpare(anonymousRunning)
        this.preempt()
        return
      }
      if (!slot) {
        // Every worker is busy and this has waited: start another rather than wait behind a slow query.
        slot = this.spawn()
        this.slots.push(slot)
      }
      this.start(slot, pending)
    }
  }

  /**
   * Whether a worker may start for the next waiting work, every worker being busy: there is room in
   * the pool and the work has waited `spawnAfterMs` (a check is set for when it will have).
   */
  private mayStartWorker(anonymousRunning: number): boolean {
    if (this.slots.length >= this.size) return false
    const waiting = this.next(anonymousRunning, false)
    if (!waiting) return false
    const left = waiting.queuedAt + this.spawnAfterMs - performance.now()
    if (left <= 0) return true
    if (!this.spawnTimer) {
      this.spawnTimer = setTimeout(() => {
        this.spawnTimer = undefined
        this.dispatch()
      }, left)
      this.spawnTimer.unref()
    }
    return false
  }

  /**
   * Once more than one worker is in use, one more is kept loaded and idle (up to `size` + 1): a
   * worker stopped at a deadline is replaced by one that is ready, not by one still loading
   * (which takes a few hundred milliseconds on a busy machine).
   */
  private keepSpare(anonymousRunning: number): void {
    if (this.closed || this.slots.length < 2 || this.slots.length > this.size) return
    if (this.slots.some((slot) => !slot.running)) return
    // Below the pool's size, work that could start now takes the next worker once it has waited (see
    // mayStartWorker): a spare started for it would be busy at once, and call for another. At the
    // size, the spare is the only way work that waits (a token holder's) gets a worker.
    if (this.slots.length < this.size && this.next(anonymousRunning, false)) return
    const spare = this.spawn()
    this.slots.push(spare)
    this.retireWhenIdle(spare)
  }

  /**
   * When a client in good standing waits with nothing running, stops an anonymous query of a client
   * no longer in good standing once it has run for the quantum (at once if its client's budget is
   * now spent), or of one in good standing after two quanta if the waiting client has more budget
   * left: an attacker's query yields to an ordinary reader's. Checks again until none waits.
   */
  private preempt(): void {
    clearTimeout(this.preemptTimer)
    this.preemptTimer = undefined
    if (this.closed) return
    const waiting = [...this.clients.values()].filter(
      (client) => !client.privileged && client.queue.length > 0 && client.running === 0 && (this.refill(client), this.inGoodStanding(client)),
    )
    if (waiting.length === 0) return
    const now = performance.now()
    const elapsed = (slot: Slot) => now - (slot.running?.startedAt ?? now)
    const running = this.slots
      .filter((slot) => slot.running?.startedAt !== undefined && !slot.running.client.privileged)
      .sort((a, b) => elapsed(b) - elapsed(a))
    // A client in good standing is stopped only after a longer quantum, and only for one with more budget left.
    const claimant = waiting.reduce((best, client) => (client.budgetMs > best.budgetMs ? client : best))
    const stoppable = (slot: Slot) => {
      const owner = slot.running!.client
      const left = owner.budgetMs - elapsed(slot)
      if (!this.inGoodStanding(owner)) return elapsed(slot) >= this.limits.quantumMs || left <= 0
      return elapsed(slot) >= this.limits.quantumMs * 2 && left + this.limits.quantumMs < claimant.budgetMs
    }
    const stopped = running.filter(stoppable).slice(0, waiting.length)
    for (const slot of stopped) {
      const pending = slot.running
      if (!pending) continue
      const query = pending.work.kind === 'query' ? pending.work.job.query : pending.work.query
      const error = new LakeError(
        429,
        'rateLimited',
        `Query stopped after ${Math.round(elapsed(slot))} ms to let other clients' queries run: this client has used most of its share of query time; retry after 1 s`,
        {query},
      )
      error.retryAfterSeconds = 1
      this.replace(slot, error)
    }
    if (stopped.length === 0 && running.length > 0) {
      // Check again when the next running query reaches the quantum or its client's budget runs out.
      const soonest = Math.min(
        ...running.map((slot) =>
          this.inGoodStanding(slot.running!.client)
            ? this.limits.quantumMs * 2 - elapsed(slot)
            : Math.min(this.limits.quantumMs - elapsed(slot), slot.running!.client.budgetMs - elapsed(slot)),
        ),
      )
      this.preemptTimer = setTimeout(() => this.dispatch(), Math.max(25, soonest))
      this.preemptTimer.unref()
    }
  }

  /**
   * Every dataset's documents as one JSON string, made again only after a change. A worker starting
   * gets a copy of a string, not a structured clone of every document: that clone blocked the main
   * thread for 10–45 ms at 10,000 bookings on each start (a replacement after each stopped bomb).
   */
  private snapshotJson(): string {
    const lists = this.snapshot()
    const previous = this.serialised
    const unchanged =
      previous?.lists.length === lists.length &&
      lists.every(([name, docs], index) => previous.lists[index]![0] === name && previous.lists[index]![1] === docs)
    if (!unchanged) this.serialised = {lists, json: JSON.stringify(lists)}
    return this.serialised!.json
  }

  private spawn(): Slot {
    const worker = new Worker(new URL('./query-worker.ts', import.meta.url), {
      workerData: {datasetsJson: this.snapshotJson()},
      // The main thread's stack size: a query nested too deep for it is refused (400), not evaluated.
      resourceLimits: {maxOldGenerationSizeMb: this.limits.workerHeapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 1},
    })
    const slot: Slot = {worker, running: null, ready: false}
    worker.on('message', (reply: WorkerReply) => {
      if ('ready' in reply) {
        slot.ready = true
        if (slot.running) this.startClock(slot.running)
        this.dispatch()
        return
      }
      const pending = slot.running
      if (!pending || pending.id !== reply.id) return
      this.finish(slot, pending, reply.cpuMs)
      if ('error' in reply) {
        const {status, type, description, details} = reply.error
        pending.reject(new LakeError(status, type, description, details))
      } else pending.resolve(reply.value)
      this.dispatch()
      if (!slot.running) this.retireWhenIdle(slot)
    })
    worker.on('error', (error: Error & {code?: string}) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        const query = slot.running?.work.kind === 'query' ? slot.running.work.job.query : slot.running?.work.query
        this.replace(
          slot,
          new LakeError(
            400,
            'queryExecutionError',
            `Query needs more memory than the limit of ${this.limits.workerHeapMb} MB; ask for fewer documents or fields, or smaller parameters`,
            {query},
          ),
        )
        return
      }
      console.error('lake: a query worker failed', error)
      this.replace(slot, new LakeError(500, 'internalError', 'The query failed to run'))
    })
    return slot
  }

  private start(slot: Slot, pending: Pending): void {
    clearTimeout(slot.idleTimer)
    slot.running = pending
    pending.client.running++
    slot.worker.postMessage({kind: 'work', id: pending.id, work: pending.work} satisfies WorkerRequest)
    if (slot.ready) this.startClock(pending)
  }

  /** The deadline counts the work, not the wait: a client waits behind others' queries (or a worker loading) without losing its time. */
  private startClock(pending: Pending): void {
    pending.startedAt = performance.now()
    clearTimeout(pending.timer)
    pending.timer = setTimeout(() => this.expire(pending), pending.timeoutMs)
  }

  /**
   * Charges the client for its work: the CPU time the worker reports when the work finished, the
   * time it held the worker when it was stopped. Forgets a client that owes nothing.
   */
  private finish(slot: Slot, pending: Pending, cpuMs?: number): void {
    clearTimeout(pending.timer)
    slot.running = null
    const client = pending.client
    client.running--
    if (!client.privileged) {
      this.refill(client)
      if (cpuMs !== undefined) client.budgetMs -= cpuMs
      else if (pending.startedAt !== undefined) client.budgetMs -= performance.now() - pending.startedAt
    }
    if (client.running === 0 && client.queue.length === 0 && (client.privileged || client.budgetMs >= this.limits.budgetMs)) {
      this.clients.delete(client.key)
    }
    this.forgetRested()
  }

  /** Clients idle long enough to have their whole budget back need no state (bounds the map). */
  private forgetRested(): void {
    if (this.clients.size < 1000) return
    for (const client of this.clients.values()) {
      if (client.running > 0 || client.queue.length > 0) continue
      this.refill(client)
      if (client.budgetMs >= this.limits.budgetMs) this.clients.delete(client.key)
    }
  }

  /**
   * Ends a worker once it has had nothing to do for `idleWorkerMs`, unless it is the only one: any
   * worker, since the first may have been stopped at a deadline and replaced by one started later.
   */
  private retireWhenIdle(slot: Slot): void {
    clearTimeout(slot.idleTimer)
    slot.idleTimer = setTimeout(() => {
      if (slot.running || this.slots.length <= 1 || !this.slots.includes(slot)) return
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

  private expire(pending: Pending): void {
    const query = pending.work.kind === 'query' ? pending.work.job.query : pending.work.query
    const queued = pending.client.queue.indexOf(pending)
    if (queued !== -1) {
      pending.client.queue.splice(queued, 1)
      if (pending.client.running === 0 && pending.client.queue.length === 0 && pending.client.privileged) {
        this.clients.delete(pending.client.key)
      }
      const busy = new LakeError(
        429,
        'rateLimited',
        `The query waited ${Math.round(this.limits.maxWaitMs / 1000)} s for a worker behind this client's other queries and was not run; retry after 1 s`,
        {query},
      )
      busy.retryAfterSeconds = 1
      pending.reject(busy)
      return
    }
    // Hosted Sanity stops a query that runs too long; its exact status and message are not
    // documented, so this uses 408 with a `queryTimeout` type in the usual error shape.
    const error = new LakeError(
      408,
      'queryTimeout',
      `Query timed out: it ran for more than ${pending.timeoutMs} ms and was stopped; ask for less, or avoid nesting \`*\` and large literals or parameters`,
      {query},
    )
    const slot = this.slots.find((candidate) => candidate.running === pending)
    if (slot) this.replace(slot, error)
  }

  /** Ends a worker (and the work it runs, with `error`); the first is started afresh in its place. */
  private replace(slot: Slot, error: LakeError): void {
    const pending = slot.running
    if (pending) this.finish(slot, pending)
    this.end(slot)
    if (pending) pending.reject(error)
    const index = this.slots.indexOf(slot)
    if (index !== -1) this.slots.splice(index, 1)
    if (this.closed) return
    // A replacement starts at once, so that the next query does not wait for a worker to load.
    const replacement = this.spawn()
    this.slots.push(replacement)
    this.retireWhenIdle(replacement)
    this.dispatch()
  }
}

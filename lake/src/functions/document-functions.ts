import path from 'node:path'
import {Worker} from 'node:worker_threads'

import {parse} from 'groq-js'

import {INTERNAL_CLIENT} from '../query/query-pool.ts'
import type {Lake} from '../store/open-lake.ts'
import type {SanityDocument} from '../store/types.ts'
import {HOSTED_INVOCATION_LIMITS, InvocationLimiter, type InvocationLimits} from './invocation-limits.ts'

/**
 * Sanity Functions, locally (docs/decisions/011-mail-as-a-sanity-function.md): the lake reads the project's
 * `sanity.blueprint.ts` and delivers document events to the declared handlers as hosted Sanity does, so one code path
 * runs in both places.
 *
 * - **What fires**: each committed change in the transaction log (`changes`) is a `create` (no document before),
 *   `update` or `delete`, of the dataset in `event.resource` (every dataset when there is none); drafts and
 *   release versions only with `includeDrafts` / `includeAllVersions`; then `filter` on the document (the one
 *   deleted, for `delete`) and `projection` shape `event.data`, evaluated with groq-js as hosted evaluates GROQ.
 * - **At least once**: events are matched from the log in order and stored with the log position reached, in one
 *   SQLite transaction, so an event is neither missed nor stored twice across a crash; an event leaves its table
 *   only when its handler has returned. A handler that throws, or runs past its `timeout`, is invoked again later,
 *   after 1, 2, 4, … seconds (at most 5 minutes), up to 10 attempts; after that it is kept as failed and logged.
 *   A function newly declared starts with the changes committed after it, as a deployed function does.
 * - **Rate limits**: hosted Sanity's (200 invocations per function and 4,000 per project in 30 seconds, see
 *   `invocation-limits.ts`); an invocation over a limit does not run and its event is kept as failed, with why.
 * - **The runtime**: each function runs in a worker thread (its module loaded once, as a warm instance), with the
 *   lake's environment plus the function's `env`, and `context.clientOptions` for the dataset the event came from
 *   with the lake's write token, as hosted gives a robot token.
 */
export type DocumentFunction = {
  name: string
  modulePath: string
  on: ('create' | 'update' | 'delete')[]
  filter?: string
  projection?: string
  dataset?: string
  includeDrafts: boolean
  includeAllVersions: boolean
  env: Record<string, string>
  timeoutMs: number
}

type BlueprintResource = {
  type?: string
  name: string
  src?: string
  timeout?: number
  env?: Record<string, string>
  event?: {
    on?: string[]
    filter?: string
    projection?: string
    includeDrafts?: boolean
    includeAllVersions?: boolean
    resource?: {type: string; id: string}
  }
}

const MAX_ATTEMPTS = 10
const MAX_BACKOFF_MS = 5 * 60_000
const PARALLEL_INVOCATIONS = 8
const MATCH_BATCH = 500

/** The blueprint's document functions for this project, with their handler modules resolved. */
export async function loadDocumentFunctions(blueprintPath: string, projectId: string): Promise<DocumentFunction[]> {
  const exported = ((await import(path.resolve(blueprintPath))) as {default: unknown}).default
  // `defineBlueprint` returns a function that builds the blueprint document; a plain object is accepted too.
  const blueprint = (typeof exported === 'function' ? (exported as () => unknown)() : exported) as {resources?: BlueprintResource[]}
  const functions: DocumentFunction[] = []
  for (const resource of blueprint.resources ?? []) {
    if (resource.type !== 'sanity.function.document') continue
    const event = resource.event ?? {}
    const on = (event.on ?? ['publish']).flatMap((name) => (name === 'publish' ? ['create', 'update'] : [name]))
    let dataset: string | undefined
    if (event.resource) {
      const [project, name] = event.resource.id.split('.')
      if (event.resource.type !== 'dataset' || project !== projectId || !name) continue
      dataset = name
    }
    functions.push({
      name: resource.name,
      modulePath: path.resolve(path.dirname(path.resolve(blueprintPath)), resource.src ?? `functions/${resource.name}`, 'index.ts'),
      on: on as DocumentFunction['on'],
      filter: event.filter,
      projection: event.projection,
      dataset,
      includeDrafts: event.includeDrafts ?? false,
      includeAllVersions: event.includeAllVersions ?? false,
      env: resource.env ?? {},
      timeoutMs: (resource.timeout ?? 10) * 1000,
    })
  }
  return functions
}

type ChangeRow = {seq: number; dataset: string; doc_id: string; before: string | null; after: string | null}
type EventRow = {id: number; function: string; dataset: string; doc_id: string; data: string; attempts: number}

function operationOf(change: ChangeRow): 'create' | 'update' | 'delete' {
  if (change.before === null) return 'create'
  return change.after === null ? 'delete' : 'update'
}

function idIsIncluded(id: string, fn: DocumentFunction): boolean {
  if (id.startsWith('drafts.')) return fn.includeDrafts
  if (id.startsWith('versions.')) return fn.includeAllVersions
  return true
}

/** A worker running one function's handler, replaced when an invocation times out. */
class FunctionInstance {
  private worker: Worker | undefined
  private readonly waiting = new Map<number, {resolve: () => void; reject: (error: Error) => void; timer: NodeJS.Timeout}>()
  private nextId = 1
  private readonly fn: DocumentFunction

  constructor(fn: DocumentFunction) {
    this.fn = fn
  }

  invoke(context: unknown, event: unknown): Promise<void> {
    const worker = this.start()
    const id = this.nextId++
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        // As hosted: an invocation past its timeout fails, and its instance goes (with what else it was doing).
        this.stop(new Error(`Function ${this.fn.name} timed out after ${this.fn.timeoutMs / 1000} s`))
      }, this.fn.timeoutMs)
      this.waiting.set(id, {resolve, reject, timer})
      worker.postMessage({id, context, event})
    })
  }

  stop(reason = new Error('The lake is stopping')) {
    const worker = this.worker
    this.worker = undefined
    for (const [id, call] of this.waiting) {
      clearTimeout(call.timer)
      call.reject(reason)
      this.waiting.delete(id)
    }
    void worker?.terminate()
  }

  private start(): Worker {
    if (this.worker) return this.worker
    const worker = new Worker(new URL('./function-worker.ts', import.meta.url), {
      workerData: {modulePath: this.fn.modulePath},
      env: {...process.env, ...this.fn.env},
    })
    worker.on('message', ({id, ok, error}: {id: number; ok: boolean; error?: string}) => {
      const call = this.waiting.get(id)
      if (!call) return
      this.waiting.delete(id)
      clearTimeout(call.timer)
      if (ok) call.resolve()
      else call.reject(new Error(error))
    })
    worker.on('error', (error) => {
      if (this.worker === worker) this.stop(error)
    })
    worker.on('exit', () => {
      if (this.worker === worker) this.stop(new Error(`Function ${this.fn.name} exited`))
    })
    this.worker = worker
    return worker
  }
}

export type DocumentFunctionsRunner = {
  /** Matches what was committed since the last call and invokes what is due; resolves when both are done. */
  poke(): Promise<void>
  stop(): void
}

/** A function's filter and projection see one document: anything slower than this is a runaway. */
const FILTER_TIMEOUT_MS = 10_000

export function startDocumentFunctions({
  lake,
  functions,
  projectId,
  apiHost,
  token,
  retryBaseMs = 1000,
  limits = HOSTED_INVOCATION_LIMITS,
  now = Date.now,
}: {
  lake: Lake
  functions: DocumentFunction[]
  projectId: string
  apiHost: string
  token: string
  /** The first retry's delay; doubled for each further one. */
  retryBaseMs?: number
  /** Hosted Sanity's; smaller ones only in tests. */
  limits?: InvocationLimits
  now?: () => number
}): DocumentFunctionsRunner {
  const {db} = lake
  db.exec(`
    -- Per function, the transaction-log position up to which changes have been matched against its event.
    CREATE TABLE IF NOT EXISTS function_cursors (
      function TEXT PRIMARY KEY,
      seq INTEGER NOT NULL
    ) WITHOUT ROWID;
    -- Events matched and not yet handled (or, with failed = 1, given up after MAX_ATTEMPTS).
    CREATE TABLE IF NOT EXISTS function_events (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      function TEXT NOT NULL,
      dataset TEXT NOT NULL,
      doc_id TEXT NOT NULL,
      data TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      next_at INTEGER NOT NULL,
      last_error TEXT,
      failed INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX IF NOT EXISTS function_events_due ON function_events (failed, next_at);
  `)
  const lastSeq = () => (db.prepare('SELECT MAX(seq) AS seq FROM changes').get() as {seq: number | null}).seq ?? 0
  for (const fn of functions) {
    db.prepare('INSERT OR IGNORE INTO function_cursors (function, seq) VALUES (?, ?)').run(fn.name, lastSeq())
  }
  // Where matching has reached, per function; written with the events it found (a crash re-reads changes that
  // matched nothing, which is cheap), so a busy dataset costs no extra disk write per commit.
  const cursors = new Map(
    functions.map((fn) => {
      const row = db.prepare('SELECT seq FROM function_cursors WHERE function = ?').get(fn.name) as {seq: number}
      return [fn.name, row.seq] as const
    }),
  )
  const queries = new Map(
    functions.map((fn) => {
      const query = `*[${fn.filter ?? 'true'}]${fn.projection ?? ''}`
      // Parsed here only so that a mistake in the blueprint shows when the lake starts.
      parse(query)
      return [fn.name, query] as const
    }),
  )
  const instances = new Map(functions.map((fn) => [fn.name, new FunctionInstance(fn)] as const))
  const inFlight = new Set<number>()
  const limiter = new InvocationLimiter(limits)
  const lastRefusalLogged = new Map<string, number>()
  let stopped = false

  async function matchNewChanges(fn: DocumentFunction) {
    const from = cursors.get(fn.name)!
    // Only the function's dataset is read: a busy content dataset costs a function on `bookings` nothing.
    const changes = db
      .prepare('SELECT seq, dataset, doc_id, before, after FROM changes WHERE seq > ? AND (? IS NULL OR dataset = ?) ORDER BY seq LIMIT ?')
      .all(from, fn.dataset ?? null, fn.dataset ?? null, MATCH_BATCH) as unknown as ChangeRow[]
    if (changes.length === 0) return false
    const matched: {dataset: string; docId: string; data: unknown}[] = []
    for (const change of changes) {
      if (!fn.on.includes(operationOf(change)) || !idIsIncluded(change.doc_id, fn)) continue
      const doc = JSON.parse((change.after ?? change.before)!) as SanityDocument
      // Evaluated in a query worker, under the deadline, like every GROQ the lake runs.
      const [result] = (await lake.queries().each(queries.get(fn.name)!, {}, [doc], {
        client: INTERNAL_CLIENT,
        timeoutMs: FILTER_TIMEOUT_MS,
      })) as [unknown[]]
      if (result.length > 0) matched.push({dataset: change.dataset, docId: change.doc_id, data: result[0]})
    }
    const reached = changes.at(-1)!.seq
    if (matched.length === 0) {
      cursors.set(fn.name, reached)
      return changes.length === MATCH_BATCH
    }
    // The events and the position they were matched up to, together: a crash repeats the match or neither.
    const at = now()
    db.exec('BEGIN IMMEDIATE')
    try {
      const insert = db.prepare(
        'INSERT INTO function_events (function, dataset, doc_id, data, next_at) VALUES (?, ?, ?, ?, ?)',
      )
      for (const event of matched) insert.run(fn.name, event.dataset, event.docId, JSON.stringify(event.data), at)
      db.prepare('UPDATE function_cursors SET seq = ? WHERE function = ?').run(reached, fn.name)
      db.exec('COMMIT')
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK')
      throw error
    }
    cursors.set(fn.name, reached)
    return changes.length === MATCH_BATCH
  }

  async function handle(fn: DocumentFunction, row: EventRow) {
    const context = {
      clientOptions: {apiHost, projectId, dataset: row.dataset, token},
      eventResourceType: 'dataset',
      eventResourceId: `${projectId}.${row.dataset}`,
      functionResourceType: 'project',
      functionResourceId: projectId,
    }
    try {
      await instances.get(fn.name)!.invoke(context, {data: JSON.parse(row.data)})
      if (stopped) return
      db.prepare('DELETE FROM function_events WHERE id = ?').run(row.id)
    } catch (error) {
      // Stopping: the event stays as it was, for the next start.
      if (stopped) return
      const attempts = row.attempts + 1
      const lastError = String(error instanceof Error ? error.message : error).slice(0, 2000)
      const failed = attempts >= MAX_ATTEMPTS
      const backoff = Math.min(retryBaseMs * 2 ** (attempts - 1), MAX_BACKOFF_MS)
      db.prepare('UPDATE function_events SET attempts = ?, next_at = ?, last_error = ?, failed = ? WHERE id = ?').run(
        attempts,
        now() + backoff,
        lastError,
        failed ? 1 : 0,
        row.id,
      )
      if (failed) console.error(`lake: function ${fn.name} gave up on ${row.doc_id} after ${attempts} attempts: ${lastError}`)
    }
  }

  function invokeDue() {
    if (stopped || inFlight.size >= PARALLEL_INVOCATIONS) return
    const due = db
      .prepare('SELECT id, function, dataset, doc_id, data, attempts FROM function_events WHERE failed = 0 AND next_at <= ? ORDER BY next_at, id LIMIT ?')
      .all(now(), PARALLEL_INVOCATIONS * 2) as unknown as EventRow[]
    for (const row of due) {
      if (inFlight.has(row.id) || inFlight.size >= PARALLEL_INVOCATIONS) continue
      const fn = functions.find((candidate) => candidate.name === row.function)
      if (!fn) continue
      const refused = limiter.take(fn.name, now())
      if (refused) {
        // As hosted: not run, and not delivered later.
        db.prepare('UPDATE function_events SET last_error = ?, failed = 1 WHERE id = ?').run(refused, row.id)
        // One line per function and window, not one per event of a burst; each event keeps its reason.
        if (now() - (lastRefusalLogged.get(fn.name) ?? -Infinity) >= limits.windowMs) {
          lastRefusalLogged.set(fn.name, now())
          console.error(`lake: function ${fn.name} not invoked for ${row.doc_id} and what follows for a while: ${refused}`)
        }
        continue
      }
      inFlight.add(row.id)
      void handle(fn, row)
        .catch(reportError)
        .finally(() => {
          inFlight.delete(row.id)
          void runner.poke().catch(reportError)
        })
    }
  }

  let matching: Promise<void> | null = null
  let matchAgain = false
  const matchAll = (): Promise<void> => {
    if (matching) {
      matchAgain = true
      return matching
    }
    matching = (async () => {
      do {
        matchAgain = false
        for (const fn of functions) while (await matchNewChanges(fn));
      } while (matchAgain)
    })().finally(() => {
      matching = null
    })
    return matching
  }

  const runner: DocumentFunctionsRunner = {
    async poke() {
      if (stopped) return
      await matchAll()
      invokeDue()
    },
    stop() {
      stopped = true
      clearInterval(timer)
      unwatch()
      for (const instance of instances.values()) instance.stop()
    },
  }
  const unwatch = lake.hub.watch(() => void runner.poke().catch(reportError))
  // Retries fall due with time, not with commits.
  const timer = setInterval(() => void runner.poke().catch(reportError), 250)
  timer.unref()
  void runner.poke().catch(reportError)
  return runner
}

function reportError(error: unknown) {
  console.error('lake: document functions', error)
}

import {lakeNow} from '../clock.ts'
import {can, type Permission} from '../auth/principals.ts'
import {queryTags} from '../live/sync-tags.ts'
import type {QueryJob} from '../query/query-pool.ts'
import {isRootPathId, parsePerspective, type Perspective} from '../query/run-query.ts'
import type {DatasetStore} from '../store/dataset-store.ts'
import {readDocumentAt, readTransactionLog, resumePosition, transactionsAfter} from '../store/history.ts'
import {LakeError, type MutateResult, type SanityDocument} from '../store/types.ts'
import {
  decodeSegment,
  flag,
  queryClientOf,
  queryParams,
  readJson,
  sendBuffer,
  sendJson,
  sendJsonWithRaw,
  type RequestContext,
} from './request-context.ts'

export function datasetFor(ctx: RequestContext, name: string | undefined, permission: Permission): DatasetStore {
  const dataset = ctx.lake.dataset(name ?? '')
  if (!can(ctx.principal, permission, dataset)) {
    if (ctx.principal.role === null) {
      throw new LakeError(401, 'unauthorized', `Dataset "${dataset.name}" needs a token for this request`)
    }
    throw new LakeError(403, 'forbidden', `The token may not ${permission === 'write' ? 'write to' : 'read'} dataset "${dataset.name}"`)
  }
  return dataset
}

/** Before API version 2025-02-19 the default perspective was `raw`, since then `published`. */
function defaultPerspective(apiVersion: string | null): Perspective {
  const version = apiVersion ?? '1'
  return /^\d{4}-\d{2}-\d{2}$/.test(version) && version >= '2025-02-19' ? {kind: 'published'} : {kind: 'raw'}
}

/** Anonymous callers see published root-path documents whatever perspective they ask for. */
function perspectiveFor(ctx: RequestContext, dataset: DatasetStore): Perspective {
  const asked = parsePerspective(ctx.url.searchParams.get('perspective'), defaultPerspective(ctx.apiVersion))
  return can(ctx.principal, 'readDrafts', dataset) ? asked : {kind: 'public'}
}

export async function handleQuery(ctx: RequestContext, datasetName: string | undefined) {
  const dataset = datasetFor(ctx, datasetName, 'read')
  // A client over its budget is told so before its body is read or parsed.
  ctx.lake.queries().admit(queryClientOf(ctx))
  let query = ctx.url.searchParams.get('query')
  let params = queryParams(ctx.url)
  if (ctx.method === 'POST') {
    const body = await readJson(ctx)
    if (typeof body.query !== 'string') throw new LakeError(400, 'queryParseError', 'Body must have a `query` string')
    query = body.query
    if (body.params !== undefined && (typeof body.params !== 'object' || body.params === null)) {
      throw new LakeError(400, 'queryParseError', '`params` must be an object')
    }
    params = (body.params as Record<string, unknown>) ?? {}
  }
  if (!query) throw new LakeError(400, 'queryParseError', 'Missing `query` parameter')
  const started = performance.now()
  const perspective = perspectiveFor(ctx, dataset)
  const sourceMapMode = ctx.url.searchParams.get('resultSourceMap')
  const job: QueryJob = {
    dataset: dataset.name,
    perspective,
    query,
    params,
    identity: ctx.principal.userId,
    projectId: ctx.config.projectId,
    maxCost: ctx.config.maxQueryCost,
    now: lakeNow().toISOString(),
    sourceMap: sourceMapMode === 'withKeyArraySelector' ? 'keyed' : sourceMapMode === 'true' ? 'paths' : undefined,
  }
  // Every query runs in a worker, under the deadline and the client's budget (see QueryPool).
  const {json, resultSourceMap, types} = await ctx.lake.queries().query(job, {
    client: queryClientOf(ctx),
    timeoutMs: queryTimeoutFor(ctx),
    maxResultBytes: ctx.config.maxQueryResultBytes,
  })
  const ms = Math.round(performance.now() - started)
  const returnQuery = ctx.url.searchParams.get('returnQuery') !== 'false'
  // The tags `client.live.events()` messages name when something this result depends on changes.
  const syncTags = queryTags(dataset.name, types)
  sendJsonWithRaw(ctx, 200, [
    ...(returnQuery ? [['query', query] as [string, unknown]] : []),
    ['result', json],
    ...(resultSourceMap ? [['resultSourceMap', resultSourceMap] as [string, unknown]] : []),
    ['syncTags', syncTags],
    ['ms', ms],
  ])
}

/** Anonymous callers get the shorter deadline; token holders (editors, the site's servers) the configured one. */
export function queryTimeoutFor(ctx: RequestContext): number {
  return ctx.principal.role === null
    ? Math.min(ctx.config.anonymousQueryTimeoutMs, ctx.config.queryTimeoutMs)
    : ctx.config.queryTimeoutMs
}

export function handleGetDocuments(ctx: RequestContext, datasetName: string | undefined, idList: string) {
  const dataset = datasetFor(ctx, datasetName, 'read')
  const ids = decodeSegment(idList).split(',').filter(Boolean)
  const seeDrafts = can(ctx.principal, 'readDrafts', dataset)
  const excludeContent = flag(ctx.url, 'excludeContent')
  const documents: SanityDocument[] = []
  const omitted: {id: string; reason: 'existence' | 'permission'}[] = []
  for (const id of ids) {
    const doc = dataset.getDocument(id)
    if (!doc) omitted.push({id, reason: 'existence'})
    else if (!seeDrafts && !isRootPathId(id)) {
      omitted.push({id, reason: 'permission'})
    } else if (!excludeContent) documents.push(doc)
  }
  sendJson(ctx, 200, {documents, omitted})
}

function mutateResponse(ctx: RequestContext, result: MutateResult) {
  const returnDocuments = flag(ctx.url, 'returnDocuments')
  const results = result.results.map(({id, operation, document}) =>
    returnDocuments && document ? {id, operation, document} : {id, operation},
  )
  sendJson(ctx, 200, {transactionId: result.transactionId, results})
}

/** Deletes that purge a document's history came with API version 2023-03-07; older versions do not have them. */
const PURGE_SINCE_API_VERSION = '2023-03-07'

function asksForPurge(mutations: unknown): boolean {
  return (
    Array.isArray(mutations) &&
    mutations.some(
      (mutation) =>
        typeof mutation === 'object' &&
        mutation !== null &&
        typeof (mutation as {delete?: unknown}).delete === 'object' &&
        (mutation as {delete: {purge?: unknown}}).delete?.purge !== undefined,
    )
  )
}

export async function handleMutate(ctx: RequestContext, datasetName: string | undefined) {
  const dataset = datasetFor(ctx, datasetName, 'write')
  const body = await readJson(ctx)
  const version = ctx.apiVersion ?? '1'
  if (asksForPurge(body.mutations) && !(/^\d{4}-\d{2}-\d{2}$/.test(version) && version >= PURGE_SINCE_API_VERSION)) {
    throw new LakeError(
      400,
      'mutationError',
      `\`purge\` on a delete needs API version ${PURGE_SINCE_API_VERSION} or later (this request used v${version})`,
    )
  }
  const result = await dataset.mutate(body.mutations, {
    transactionId: typeof body.transactionId === 'string' ? body.transactionId : undefined,
    author: ctx.principal.userId,
    dryRun: flag(ctx.url, 'dryRun') || body.dryRun === true,
    autoGenerateArrayKeys: flag(ctx.url, 'autoGenerateArrayKeys'),
  })
  mutateResponse(ctx, result)
}

export async function handleActions(ctx: RequestContext, datasetName: string | undefined) {
  if (ctx.method === 'GET') {
    datasetFor(ctx, datasetName, 'read')
    sendJson(ctx, 200, {enabled: true, compatibleStudioVersions: '*'})
    return
  }
  const dataset = datasetFor(ctx, datasetName, 'write')
  const body = await readJson(ctx)
  const result = await dataset.act(body.actions, {
    transactionId: typeof body.transactionId === 'string' ? body.transactionId : undefined,
    author: ctx.principal.userId,
    dryRun: body.dryRun === true,
  })
  // The studio waits for its own transaction id to come back, here and in the listener.
  sendJson(ctx, 200, {transactionId: result.transactionId})
}

export async function handleListen(ctx: RequestContext, datasetName: string | undefined) {
  if (ctx.method !== 'GET') throw new LakeError(405, 'methodNotAllowed', 'The listen endpoint only answers GET')
  const dataset = datasetFor(ctx, datasetName, 'read')
  const query = ctx.url.searchParams.get('query')
  if (!query) throw new LakeError(400, 'queryParseError', 'Missing `query` parameter')
  const params = queryParams(ctx.url)
  // The filter is parsed (and its parameters checked) in a worker too, before the stream opens.
  const client = queryClientOf(ctx)
  const timeoutMs = queryTimeoutFor(ctx)
  const identity = ctx.principal.userId
  const evaluate = (docs: (SanityDocument | null)[]) =>
    ctx.lake.queries().each(query, params, docs, {client, timeoutMs, identity, matches: true})
  const evaluationKey = JSON.stringify([client.key, query, params, identity])
  // A client over its budget is refused a new stream even for a filter already checked.
  ctx.lake.queries().admit(client)
  await ctx.lake.hub.checkFilter(evaluationKey, () => evaluate([]))
  const seeDrafts = can(ctx.principal, 'readDrafts', dataset)
  const includeAllVersions =
    seeDrafts && (flag(ctx.url, 'includeAllVersions') || (ctx.apiVersion ?? '1') < '2025-02-19')

  ctx.res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    ...('httpVersionMajor' in ctx.req && ctx.req.httpVersionMajor === 1 ? {connection: 'keep-alive'} : {}),
  })
  const write = (chunk: string) => {
    ctx.res.write(chunk)
  }
  const listenerName = `ln-${Math.random().toString(36).slice(2, 10)}`
  const listener = {
    dataset: dataset.name,
    query,
    params,
    identity,
    evaluate,
    evaluationKey,
    includeResult: flag(ctx.url, 'includeResult'),
    includePreviousRevision: flag(ctx.url, 'includePreviousRevision'),
    includeMutations: ctx.url.searchParams.get('includeMutations') !== 'false',
    effects: ctx.url.searchParams.get('effectFormat') === 'mendoza',
    includeAllVersions,
    rootPathsOnly: !seeDrafts,
    // An `id:` line only with an event id: an empty one would clear the client's resume position.
    send: (event: string, data: unknown) => {
      const eventId = (data as {eventId?: string}).eventId
      write(`event: ${event}\n${eventId ? `id: ${eventId}\n` : ''}data: ${JSON.stringify(data)}\n\n`)
    },
    // The stream cannot skip events it could not match: it says why and ends; the client reconnects.
    fail: (error: unknown) => {
      const lakeError = error instanceof LakeError ? error : new LakeError(500, 'internalError', 'The listener failed')
      write(`event: channelError\ndata: ${JSON.stringify({message: lakeError.message})}\n\n`)
      ctx.res.end()
    },
  }
  // A client that asked for resumable streams reconnects with the last event it saw: replay what it
  // missed (`welcomeback`), or tell it to start afresh (`reset`) when that is too long ago.
  // Event ids are `<transactionId>#<documentId>`.
  const lastEventId = flag(ctx.url, 'enableResume') ? ctx.req.headers['last-event-id'] : undefined
  const position =
    typeof lastEventId === 'string' && lastEventId
      ? resumePosition(ctx.lake.db, dataset.name, lastEventId.slice(0, lastEventId.lastIndexOf('#')))
      : undefined
  let remove: () => void
  if (typeof position === 'number') {
    listener.send('welcomeback', {listenerName})
    remove = ctx.lake.hub.resume(listener, () => transactionsAfter(ctx.lake.db, dataset.name, position))
  } else {
    listener.send(position === null ? 'reset' : 'welcome', {listenerName})
    remove = ctx.lake.hub.add(listener)
  }
  // Comments keep proxies and browsers from closing an idle stream.
  const keepAlive = setInterval(() => write(':\n\n'), 15_000)
  const stop = () => {
    clearInterval(keepAlive)
    remove()
  }
  ctx.res.on('close', stop)
  ctx.req.on('error', stop)
}

export function handleHistory(ctx: RequestContext, datasetName: string | undefined, rest: string[]) {
  const dataset = datasetFor(ctx, datasetName, 'history')
  const [kind, idList = ''] = rest
  const ids = decodeSegment(idList).split(',').filter(Boolean)
  if (ids.length === 0) throw new LakeError(400, 'validationError', 'No document ids given')
  const search = ctx.url.searchParams
  if (kind === 'transactions') {
    const entries = readTransactionLog(ctx.lake.db, dataset.name, ids, {
      limit: Math.min(Number(search.get('limit') ?? 1000) || 1000, 10_000),
      reverse: flag(ctx.url, 'reverse'),
      excludeContent: flag(ctx.url, 'excludeContent'),
      includeIdentifiedDocumentsOnly: flag(ctx.url, 'includeIdentifiedDocumentsOnly'),
      fromTransaction: search.get('fromTransaction') ?? undefined,
      toTransaction: search.get('toTransaction') ?? undefined,
      fromTime: search.get('fromTime') ?? undefined,
      toTime: search.get('toTime') ?? undefined,
      authors: search.get('authors')?.split(',').filter(Boolean),
    })
    sendBuffer(ctx, 200, entries.map((entry) => JSON.stringify(entry) + '\n').join(''), {
      'content-type': 'application/x-ndjson',
    })
    return
  }
  if (kind === 'documents') {
    const at = {
      revision: search.get('revision') ?? undefined,
      time: search.get('time') ?? undefined,
      lastRevision: flag(ctx.url, 'lastRevision'),
    }
    const documents = ids
      .map((id) => (at.revision || at.time || at.lastRevision ? readDocumentAt(ctx.lake.db, dataset.name, id, at) : (dataset.getDocument(id) ?? null)))
      .filter((doc): doc is SanityDocument => doc !== null)
    sendJson(ctx, 200, {documents})
    return
  }
  if (kind === 'events') {
    // Only used when the studio's events API is on; the local studio uses the transaction log.
    sendJson(ctx, 200, {events: {}, nextCursor: ''})
    return
  }
  throw new LakeError(404, 'notFound', `Unknown history endpoint "${kind}"`)
}


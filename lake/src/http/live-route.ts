import {can} from '../auth/principals.ts'
import {transactionTags} from '../live/sync-tags.ts'
import {isPublishedId, isRootPathId} from '../query/run-query.ts'
import {resumePosition, transactionsAfter} from '../store/history.ts'
import {LakeError, type Transaction} from '../store/types.ts'
import {datasetFor} from './data-routes.ts'
import {flag, type RequestContext} from './request-context.ts'

/**
 * `GET /data/live/events/:dataset`, the Live Content API that `client.live.events()` reads: after
 * `welcome`, one `message` per committed transaction with the sync tags it invalidates, so a page
 * refetches exactly the queries whose `syncTags` it names. Drafts only with a token (`includeDrafts`).
 * A reconnect with `Last-Event-ID` gets what it missed from the log, or `restart` when that is too old.
 */
export function handleLiveEvents(ctx: RequestContext, datasetName: string | undefined) {
  if (ctx.method !== 'GET') throw new LakeError(405, 'methodNotAllowed', 'The live events endpoint only answers GET')
  const dataset = datasetFor(ctx, datasetName, 'read')
  const includeDrafts = flag(ctx.url, 'includeDrafts')
  const seesPaths = can(ctx.principal, 'readDrafts', dataset)
  if (includeDrafts && !seesPaths) throw new LakeError(401, 'unauthorized', 'Live events with drafts need a token')
  // Only changes the caller could read: drafts when asked for, documents under a path for tokens.
  const visible = includeDrafts ? () => true : seesPaths ? isPublishedId : isRootPathId
  ctx.res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    ...('httpVersionMajor' in ctx.req && ctx.req.httpVersionMajor === 1 ? {connection: 'keep-alive'} : {}),
  })
  const send = (transaction: Transaction) => {
    const tags = transactionTags(dataset.name, transaction, visible)
    if (tags) ctx.res.write(`event: message\nid: ${transaction.id}\ndata: ${JSON.stringify({tags})}\n\n`)
  }

  const lastEventId = ctx.req.headers['last-event-id']
  const position = typeof lastEventId === 'string' && lastEventId ? resumePosition(ctx.lake.db, dataset.name, lastEventId) : undefined
  if (position === null) ctx.res.write(`event: restart\nid: ${lastEventId as string}\ndata: {}\n\n`)
  else ctx.res.write('event: welcome\ndata: {}\n\n')
  // Watching first, then reading the log: a transaction in both is sent once.
  const replayed = new Set<string>()
  const stop = ctx.lake.hub.watch((name, transaction) => {
    if (name === dataset.name && !replayed.has(transaction.id)) send(transaction)
  })
  if (typeof position === 'number') {
    for (const transaction of transactionsAfter(ctx.lake.db, dataset.name, position)) {
      replayed.add(transaction.id)
      send(transaction)
    }
  }
  const keepAlive = setInterval(() => ctx.res.write(':\n\n'), 15_000)
  ctx.res.on('close', () => {
    clearInterval(keepAlive)
    stop()
  })
}

import {once} from 'node:events'

import {can} from '../auth/principals.ts'
import {isRootPathId} from '../query/run-query.ts'
import {LakeError, type SanityDocument} from '../store/types.ts'
import {datasetFor} from './data-routes.ts'
import type {RequestContext} from './request-context.ts'

/**
 * `GET /data/export/:dataset`, the endpoint `@sanity/export` and `sanity dataset export` read
 * (https://www.sanity.io/docs/archive/export): every non-deleted document the caller may read, drafts
 * and versions included, as NDJSON, in the state they were in when the request arrived. `types` limits
 * it to some `_type`s. System documents (`_.` ids) stay behind, as the export tool drops them.
 */
export async function handleExport(ctx: RequestContext, datasetName: string | undefined) {
  if (ctx.method !== 'GET') throw new LakeError(405, 'methodNotAllowed', 'The export endpoint only answers GET')
  const dataset = datasetFor(ctx, datasetName, 'read')
  const types = ctx.url.searchParams.get('types')?.split(',').filter(Boolean)
  const wanted = types && types.length > 0 ? new Set(types) : undefined
  // Hosted shows documents under a path (ids with a dot: drafts, versions…) to token holders only.
  const seesPaths = can(ctx.principal, 'readDrafts', dataset)
  const documents: SanityDocument[] = []
  for (const doc of dataset.documents()) {
    if (doc._id.startsWith('_.') || (!seesPaths && !isRootPathId(doc._id))) continue
    if (!wanted || wanted.has(doc._type)) documents.push(doc)
  }
  documents.sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0))

  ctx.res.writeHead(200, {'content-type': 'application/x-ndjson; charset=utf-8', 'cache-control': 'no-store'})
  let closed = false
  ctx.res.on('close', () => (closed = true))
  const res = ctx.res as unknown as NodeJS.WritableStream
  for (const doc of documents) {
    if (closed) return
    if (!res.write(`${JSON.stringify(doc)}\n`)) await once(res, 'drain')
  }
  ctx.res.end()
}

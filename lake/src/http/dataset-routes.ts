import type {AclMode} from '../config.ts'
import type {DatasetStore} from '../store/dataset-store.ts'
import {LakeError} from '../store/types.ts'
import {decodeSegment, parseJsonBody, readBody, sendJson, type RequestContext} from './request-context.ts'

/**
 * The datasets API (`/datasets` and `/projects/:projectId/datasets`, as `@sanity/client`'s
 * `client.datasets` and `sanity dataset list|create|delete` call it). Listing needs a token; creating,
 * changing the ACL mode and deleting need an administrator, as managing datasets does on hosted.
 */
export async function handleDatasetsRoute(ctx: RequestContext, segment: string | undefined, rest: string[]) {
  if (ctx.principal.role === null) {
    throw new LakeError(401, 'unauthorized', 'Managing datasets needs a token')
  }
  if (segment === undefined) {
    if (ctx.method !== 'GET') throw methodNotAllowed(ctx)
    // The studio asks for dataset profiles, which the lake has none of.
    if (ctx.url.searchParams.get('datasetProfile')) return sendJson(ctx, 200, [])
    return sendJson(ctx, 200, [...ctx.lake.datasets.values()].map(describe))
  }
  if (rest.length > 0) throw new LakeError(404, 'notFound', `No such endpoint: ${ctx.path}`)
  const name = decodeSegment(segment)
  const invalid = validateDatasetName(name)
  if (invalid) throw new LakeError(400, 'validationError', invalid)
  if (ctx.method === 'GET') return sendJson(ctx, 200, describe(ctx.lake.dataset(name)))
  if (ctx.principal.role !== 'administrator') {
    throw new LakeError(403, 'forbidden', 'Managing datasets needs an administrator token')
  }
  switch (ctx.method) {
    case 'PUT': {
      const store = ctx.lake.createDataset(name, aclModeOf(await optionalBody(ctx), 'public'))
      return sendJson(ctx, 200, {datasetName: store.name, aclMode: store.aclMode, description: null})
    }
    case 'PATCH': {
      const current = ctx.lake.dataset(name)
      const store = ctx.lake.setAclMode(name, aclModeOf(await optionalBody(ctx), current.aclMode))
      return sendJson(ctx, 200, {datasetName: store.name, aclMode: store.aclMode, description: null})
    }
    case 'DELETE':
      await ctx.lake.deleteDataset(name)
      return sendJson(ctx, 200, {deleted: true})
    default:
      throw methodNotAllowed(ctx)
  }
}

const methodNotAllowed = (ctx: RequestContext) =>
  new LakeError(405, 'methodNotAllowed', `${ctx.method} is not allowed on ${ctx.path}`)

function describe(dataset: DatasetStore) {
  return {
    name: dataset.name,
    aclMode: dataset.aclMode,
    createdAt: dataset.createdAt,
    createdByUserId: 'local-editor',
    addonFor: null,
    datasetProfile: 'content',
    features: [],
    tags: [],
  }
}

async function optionalBody(ctx: RequestContext): Promise<Record<string, unknown>> {
  const body = await readBody(ctx, 16 * 1024)
  if (body.length === 0) return {}
  const parsed = parseJsonBody(body)
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new LakeError(400, 'invalidJson', 'Request body must be a JSON object')
  }
  return parsed as Record<string, unknown>
}

function aclModeOf(body: Record<string, unknown>, fallback: AclMode): AclMode {
  const mode = body.aclMode ?? fallback
  if (mode === 'public' || mode === 'private') return mode
  if (mode === 'custom') throw new LakeError(400, 'validationError', 'The "custom" ACL mode needs custom roles, which the local lake does not have')
  throw new LakeError(400, 'validationError', '`aclMode` must be "public" or "private"')
}

/** The rules and messages of Sanity's CLI (`validateDatasetName` in @sanity/cli). */
export function validateDatasetName(name: string): string | false {
  if (!name) return 'Dataset name is missing'
  if (name.toLowerCase() !== name) return 'Dataset name must be all lowercase characters'
  if (name.length < 2) return 'Dataset name must be at least two characters long'
  if (name.length > 64) return 'Dataset name must be at most 64 characters'
  if (!/^[a-z0-9]/.test(name)) return 'Dataset name must start with a letter or a number'
  if (!/^[a-z0-9][-_a-z0-9]+$/.test(name)) return 'Dataset name must only contain letters, numbers, dashes and underscores'
  if (/[-_]$/.test(name)) return 'Dataset name must not end with a dash or an underscore'
  return false
}

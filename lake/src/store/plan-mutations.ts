import {randomBytes} from 'node:crypto'

import {Mutation as MutatorMutation} from '@sanity/mutator'

import {
  LakeError,
  type DocumentChange,
  type MutateResult,
  type Mutation,
  type MutationOperation,
  type Overlay,
  type SanityDocument,
} from './types.ts'

/** Read access to the committed state a transaction is planned against. */
export interface DocumentReader {
  get(id: string): SanityDocument | undefined
  /** Documents written but not yet committed (null: deleted), in the order they were written. */
  pending(): [string, SanityDocument | null][]
}

export interface PlanOptions {
  transactionId: string
  timestamp: string
  autoGenerateArrayKeys?: boolean
  /**
   * The ids a mutation's `query` selects among the committed documents with `overlay` applied:
   * evaluated in a query worker, which holds the committed documents already, under the deadline.
   */
  select: (query: string, params: Record<string, unknown>, overlay: Overlay) => Promise<string[]>
}

export interface MutationPlan extends MutateResult {
  changes: DocumentChange[]
}

const MUTATION_KINDS = ['create', 'createOrReplace', 'createIfNotExists', 'delete', 'patch'] as const
const PATCH_OPERATIONS = new Set([
  'set',
  'setIfMissing',
  'unset',
  'inc',
  'dec',
  'insert',
  'diffMatchPatch',
  'ifRevisionID',
  'id',
  'query',
  'params',
])
const ID_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/

export function randomId(length = 22): string {
  return randomBytes(length).toString('base64url').replace(/[-_]/g, '').slice(0, length)
}

function invalid(description: string, index: number): LakeError {
  return new LakeError(400, 'mutationError', description, {
    items: [{error: {type: 'invalidMutationError', description}, index}],
  })
}

function failed(status: number, type: string, id: string, description: string, index: number) {
  return new LakeError(status, 'mutationError', `The mutation(s) failed: ${description}`, {
    items: [{error: {id, type, description}, index}],
  })
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Gives every object in an array a `_key`, as the API does with `autoGenerateArrayKeys`. */
function withArrayKeys(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map((item) => {
      const keyed = withArrayKeys(item)
      return isObject(keyed) && typeof keyed._key !== 'string' ? {_key: randomId(12), ...keyed} : keyed
    })
  }
  if (isObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withArrayKeys(inner)]))
  }
  return value
}

/**
 * Works out what a list of mutate-API mutations does to each document, without writing anything.
 * The whole list is one transaction: any error rejects all of it. Patches are applied with
 * `@sanity/mutator`, the engine the studio itself uses, so server and studio agree on the result.
 */
export async function planMutations(
  mutations: unknown,
  reader: DocumentReader,
  options: PlanOptions,
): Promise<MutationPlan> {
  if (!Array.isArray(mutations) || mutations.length === 0) {
    throw new LakeError(400, 'mutationError', '`mutations` must be a non-empty array')
  }
  const {transactionId, timestamp} = options
  const working = new Map<string, SanityDocument | null>()
  const changes = new Map<string, DocumentChange>()
  const results: MutateResult['results'] = []

  const current = (id: string): SanityDocument | null =>
    working.has(id) ? (working.get(id) ?? null) : (reader.get(id) ?? null)


  const record = (id: string, after: SanityDocument | null, mutation: Mutation) => {
    const existing = changes.get(id)
    if (existing) {
      existing.after = after
      existing.mutations.push(mutation)
    } else {
      changes.set(id, {id, before: current(id), after, mutations: [mutation]})
    }
    working.set(id, after)
  }

  const selectIds = async (selection: Record<string, unknown>, index: number): Promise<string[]> => {
    if (typeof selection.id === 'string') return [selection.id]
    if (Array.isArray(selection.id) && selection.id.every((id) => typeof id === 'string')) {
      return selection.id as string[]
    }
    if (typeof selection.query === 'string') {
      const params = isObject(selection.params) ? selection.params : {}
      // What differs from the committed documents: not yet committed writes, then this transaction's.
      return options.select(selection.query, params, [...reader.pending(), ...working])
    }
    throw invalid('A patch or delete needs an `id` (string or array) or a `query`', index)
  }

  const stamp = (doc: Record<string, unknown>, index: number, createdAt?: string): SanityDocument => {
    if (typeof doc._type !== 'string' || doc._type === '') {
      throw invalid('Documents must have a `_type` string', index)
    }
    const source = options.autoGenerateArrayKeys ? (withArrayKeys(doc) as Record<string, unknown>) : doc
    return {
      ...source,
      _id: doc._id as string,
      _type: doc._type,
      _createdAt: createdAt ?? (typeof doc._createdAt === 'string' ? doc._createdAt : timestamp),
      _updatedAt: timestamp,
      _rev: transactionId,
    }
  }

  const documentId = (doc: Record<string, unknown>, index: number, required: boolean): string => {
    let id = doc._id
    if (id === undefined && !required) id = randomId()
    if (typeof id === 'string' && id.endsWith('.') && !required) id = id + randomId()
    if (typeof id !== 'string' || !ID_PATTERN.test(id)) {
      throw invalid(`Document ID "${String(id)}" is not valid: use letters, digits, ".", "_" and "-"`, index)
    }
    return id
  }

  for (const [index, mutation] of mutations.entries()) {
    if (!isObject(mutation)) throw invalid('Each mutation must be an object', index)
    const kinds = Object.keys(mutation)
    const kind = kinds[0] as (typeof MUTATION_KINDS)[number]
    if (kinds.length !== 1 || !MUTATION_KINDS.includes(kind)) {
      throw invalid(`Unknown mutation "${kinds.join(', ')}": expected one of ${MUTATION_KINDS.join(', ')}`, index)
    }
    const body = mutation[kind]
    if (!isObject(body)) throw invalid(`\`${kind}\` must be an object`, index)

    if (kind === 'create' || kind === 'createOrReplace' || kind === 'createIfNotExists') {
      const id = documentId(body, index, kind !== 'create')
      const existing = current(id)
      if (kind === 'create' && existing) {
        throw failed(409, 'documentAlreadyExistsError', id, `Document by ID "${id}" already exists`, index)
      }
      if (kind === 'createIfNotExists' && existing) {
        results.push({id, operation: 'none', document: existing})
        continue
      }
      const doc = stamp({...body, _id: id}, index, kind === 'createOrReplace' ? existing?._createdAt : undefined)
      record(id, doc, {[kind]: doc})
      results.push({id, operation: existing ? 'update' : 'create', document: doc})
      continue
    }

    if (kind === 'delete') {
      if (body.purge !== undefined && typeof body.purge !== 'boolean') {
        throw invalid('`purge` must be a boolean', index)
      }
      for (const id of await selectIds(body, index)) {
        const existing = current(id)
        if (existing) record(id, null, body.purge === true ? {delete: {id, purge: true}} : {delete: {id}})
        // Purging a document that is gone purges what history is left of it (hosted purges by id).
        else if (body.purge === true) record(id, null, {delete: {id, purge: true}})
        if (body.purge === true) {
          const change = changes.get(id) as DocumentChange
          change.purgedThrough = change.mutations.length
        }
        results.push({id, operation: existing ? 'delete' : 'none'})
      }
      continue
    }

    // patch
    for (const key of Object.keys(body)) {
      if (!PATCH_OPERATIONS.has(key)) throw invalid(`Unknown patch operation "${key}"`, index)
    }
    const {id: _ignoredId, query: _query, params: _params, ifRevisionID, ...operations} = body
    const patchOps = options.autoGenerateArrayKeys
      ? (withArrayKeys(operations) as Record<string, unknown>)
      : operations
    const ids = await selectIds(body, index)
    for (const id of ids) {
      const existing = current(id)
      if (!existing) {
        throw failed(404, 'documentNotFoundError', id, `Document by ID "${id}" not found`, index)
      }
      if (ifRevisionID !== undefined && existing._rev !== ifRevisionID) {
        throw failed(
          409,
          'conflictError',
          id,
          `Document by ID "${id}" has unexpected revision ID ("${existing._rev}"), expected "${String(ifRevisionID)}"`,
          index,
        )
      }
      const patch = {patch: {...patchOps, id}}
      let patched: SanityDocument | null
      try {
        patched = new MutatorMutation({
          mutations: [patch],
          resultRev: transactionId,
          timestamp,
        } as ConstructorParameters<typeof MutatorMutation>[0]).apply(existing) as SanityDocument | null
      } catch (error) {
        throw invalid(`Patch could not be applied to "${id}": ${(error as Error).message}`, index)
      }
      if (!patched || patched._id !== id || typeof patched._type !== 'string') {
        throw invalid(`Patch on "${id}" may not remove or change \`_id\` or \`_type\``, index)
      }
      const after = {...patched, _updatedAt: timestamp, _rev: transactionId}
      record(id, after, patch)
      results.push({id, operation: 'update', document: after})
    }
  }

  return {
    transactionId,
    results: results.map(({id, operation, document}) => ({
      id,
      operation: operation as MutationOperation,
      ...(document ? {document: working.get(id) ?? document} : {}),
    })),
    changes: [...changes.values()].filter(
      (change) => change.before !== null || change.after !== null || change.purgedThrough !== undefined,
    ),
  }
}

import {randomUUID} from 'node:crypto'

import {Mutation as PatchMutation} from '@sanity/mutator'

import {
  LakeError,
  type DatasetHandle,
  type MutateOptions,
  type MutateResult,
  type Mutation,
  type SanityDocument,
} from '../store/types.ts'

/**
 * A tiny in-memory dataset for tests of the asset and NDJSON modules. It supports create,
 * createIfNotExists, createOrReplace, delete and patch (through @sanity/mutator), each transaction atomic, and records every call
 * so tests can assert how writes were batched. The real store replaces it in production.
 */
export interface TestDataset extends DatasetHandle {
  readonly calls: Mutation[][]
}

export function createTestDataset(
  name = 'production',
  initial: SanityDocument[] = [],
): TestDataset {
  let docs = new Map<string, SanityDocument>(initial.map((doc) => [doc._id, doc]))
  const calls: Mutation[][] = []

  return {
    name,
    calls,
    getDocument: (id) => docs.get(id),
    documents: () => [...docs.values()][Symbol.iterator](),
    async mutate(mutations: Mutation[], options: MutateOptions = {}): Promise<MutateResult> {
      calls.push(mutations)
      const transactionId = options.transactionId ?? randomUUID()
      const now = new Date().toISOString()
      // Work on a copy so a failing mutation leaves the dataset untouched.
      const next = new Map(docs)
      const results: MutateResult['results'] = []
      for (const mutation of mutations) {
        const [kind, body] = Object.entries(mutation)[0] ?? []
        if (kind === 'delete') {
          const id = (body as {id: string}).id
          results.push({id, operation: next.delete(id) ? 'delete' : 'none'})
          continue
        }
        if (kind === 'patch') {
          const patch = body as {id: string}
          const before = next.get(patch.id)
          if (!before) {
            throw new LakeError(404, 'documentNotFoundError', `Document "${patch.id}" not found`)
          }
          const after = new PatchMutation({mutations: [{patch}]}).apply(before) as SanityDocument
          next.set(patch.id, {...after, _rev: transactionId, _updatedAt: now})
          results.push({id: patch.id, operation: 'update'})
          continue
        }
        if (kind !== 'create' && kind !== 'createIfNotExists' && kind !== 'createOrReplace') {
          throw new LakeError(
            400,
            'mutationError',
            `Unsupported mutation "${String(kind)}" in test dataset`,
          )
        }
        const doc = body as SanityDocument
        const existing = next.get(doc._id)
        if (existing && kind === 'create') {
          throw new LakeError(
            409,
            'documentAlreadyExistsError',
            `Document "${doc._id}" already exists`,
          )
        }
        if (existing && kind === 'createIfNotExists') {
          results.push({id: doc._id, operation: 'none'})
          continue
        }
        const stored = {
          ...doc,
          _rev: transactionId,
          _createdAt: existing?._createdAt ?? doc._createdAt ?? now,
          _updatedAt: now,
        }
        next.set(doc._id, stored)
        results.push({
          id: doc._id,
          operation: existing ? 'update' : 'create',
          ...(options.returnDocuments ? {document: stored} : {}),
        })
      }
      if (!options.dryRun) docs = next
      return {transactionId, results}
    },
  }
}

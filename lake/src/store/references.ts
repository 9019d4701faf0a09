import {LakeError, type DocumentChange, type SanityDocument} from './types.ts'

/**
 * Referential integrity as the hosted Content Lake keeps it
 * (https://www.sanity.io/docs/reference-type): a strong reference (a `_ref` without `_weak: true`)
 * must point at a document that exists, and a document that others reference strongly cannot be
 * deleted. Weak references may dangle. References into another dataset or project (`_dataset`,
 * `_projectId`) are not this dataset's to check.
 */

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** The ids a value references strongly, at any depth. */
export function strongReferences(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) strongReferences(item, found)
  } else if (isObject(value)) {
    if (
      typeof value._ref === 'string' &&
      value._weak !== true &&
      value._dataset === undefined &&
      value._projectId === undefined
    ) {
      found.add(value._ref)
    }
    for (const key in value) {
      const inner = value[key]
      if (isObject(inner)) strongReferences(inner, found)
    }
  }
  return found
}

/**
 * A publish makes the references the studio left weak in the draft, because their target was not
 * published yet, strong (`_strengthenOnPublish`), unless the schema asks them to stay weak.
 */
export function strengthenOnPublish<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => strengthenOnPublish(item)) as T
  if (!isObject(value)) return value
  const result: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value)) result[key] = strengthenOnPublish(inner)
  const strengthen = value._strengthenOnPublish
  if (isObject(strengthen)) {
    delete result._strengthenOnPublish
    if (strengthen.weak !== true) delete result._weak
  }
  return result as T
}

/** Which documents strongly reference each id, kept up to date as documents are put and removed. */
export class ReferenceIndex {
  private readonly referrers = new Map<string, Set<string>>()
  private readonly targets = new Map<string, Set<string>>()

  put(doc: SanityDocument): void {
    this.remove(doc._id)
    const targets = strongReferences(doc)
    if (targets.size === 0) return
    this.targets.set(doc._id, targets)
    for (const target of targets) {
      let referrers = this.referrers.get(target)
      if (!referrers) this.referrers.set(target, (referrers = new Set()))
      referrers.add(doc._id)
    }
  }

  remove(id: string): void {
    const targets = this.targets.get(id)
    if (!targets) return
    this.targets.delete(id)
    for (const target of targets) {
      const referrers = this.referrers.get(target)
      referrers?.delete(id)
      if (referrers?.size === 0) this.referrers.delete(target)
    }
  }

  referrersOf(id: string): ReadonlySet<string> {
    return this.referrers.get(id) ?? new Set()
  }
}

export interface IntegrityReader {
  /** The document as it stands before this transaction (committed or pending), if any. */
  get(id: string): SanityDocument | undefined
  /** Ids that may reference `id` strongly before this transaction (a superset is fine). */
  referrersOf(id: string): Iterable<string>
}

function conflict(type: string, id: string, description: string, extra: Record<string, unknown>, index: number) {
  return new LakeError(409, 'mutationError', `Mutation(s) failed with 1 error(s)`, {
    items: [{error: {id, type, description, ...extra}, index}],
  })
}

/**
 * Checks a planned transaction against the dataset as it will be once the transaction is applied,
 * so a transaction may create a document and a reference to it, or delete both, in any order.
 * Error shapes are hosted's: `documentReferenceDoesNotExistError` and
 * `documentHasExistingReferencesError`, status 409, nothing written.
 */
export function checkReferentialIntegrity(changes: DocumentChange[], reader: IntegrityReader): void {
  const changed = new Map(changes.map((change) => [change.id, change.after]))
  const after = (id: string) => (changed.has(id) ? (changed.get(id) ?? undefined) : reader.get(id))

  changes.forEach((change, index) => {
    if (!change.after) return
    for (const target of strongReferences(change.after)) {
      if (!after(target)) {
        throw conflict(
          'documentReferenceDoesNotExistError',
          change.id,
          `Document "${change.id}" references non-existent document "${target}"`,
          {referenceID: target},
          index,
        )
      }
    }
  })

  changes.forEach((change, index) => {
    if (change.after || !change.before) return
    const candidates = new Set(reader.referrersOf(change.id))
    for (const other of changes) if (other.after) candidates.add(other.id)
    const referencingIDs = [...candidates].filter((id) => {
      const doc = after(id)
      return doc !== undefined && strongReferences(doc).has(change.id)
    })
    if (referencingIDs.length > 0) {
      throw conflict(
        'documentHasExistingReferencesError',
        change.id,
        `Document "${change.id}" cannot be deleted as there are references to it from "${referencingIDs[0]}"`,
        {referencingIDs},
        index,
      )
    }
  })
}

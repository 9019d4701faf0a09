import {applyPerspective, isPublishedId, isRootPathId, type Perspective} from '../query/run-query.ts'
import type {SanityDocument} from './types.ts'

const MAX_CACHED_VIEWS = 16

function viewKey(perspective: Perspective, types: string[] | null): string {
  const seen = perspective.kind === 'stack' ? `stack:${perspective.layers.join(',')}` : perspective.kind
  return types ? `${seen}\u0000${types.join('\u0000')}` : seen
}

/**
 * One dataset's documents in memory with the views queries read: by id, by type, raw and
 * published lists, and equality indexes. The dataset store keeps one on the main thread and each
 * query worker keeps its own copy, so the visible documents for a request are decided here only.
 */
export class DocumentIndex {
  private readonly committed = new Map<string, SanityDocument>()
  private readonly byType = new Map<string, Map<string, SanityDocument>>()
  private snapshot: {raw: SanityDocument[]; published: SanityDocument[]; public: SanityDocument[]} | null = null
  /** Documents by the value of one top-level attribute, per view; dropped at every change. */
  private readonly equalityIndexes = new Map<string, Map<unknown, SanityDocument[]>>()
  /**
   * Views a query asked for (a drafts or release stack, a type's visible documents), kept until the
   * next change: building one copies or filters every document, each query again otherwise.
   */
  private readonly views = new Map<string, SanityDocument[]>()

  get(id: string): SanityDocument | undefined {
    return this.committed.get(id)
  }

  values(): IterableIterator<SanityDocument> {
    return this.committed.values()
  }

  get size(): number {
    return this.committed.size
  }

  /** Applies committed changes (a document's new state, or null once deleted). */
  apply(changes: Iterable<{id: string; after: SanityDocument | null}>): void {
    for (const change of changes) {
      if (change.after) this.put(change.after)
      else this.remove(change.id)
    }
    this.snapshot = null
    this.equalityIndexes.clear()
    this.views.clear()
  }

  /** All documents, the published ones, or those anonymous callers see, cached until the next change. */
  list(view: 'raw' | 'published' | 'public'): SanityDocument[] {
    if (!this.snapshot) {
      const raw = [...this.committed.values()]
      this.snapshot = {
        raw,
        published: raw.filter((doc) => isPublishedId(doc._id)),
        public: raw.filter((doc) => isRootPathId(doc._id)),
      }
    }
    return this.snapshot[view]
  }

  visible(perspective: Perspective): SanityDocument[] {
    if (perspective.kind === 'stack') return this.view(viewKey(perspective, null), () => applyPerspective(this.list('raw'), perspective))
    return this.list(perspective.kind)
  }

  /**
   * The visible documents whose `attribute` equals `value`, from an index built on first use.
   * Only for the raw, published and public views: under a drafts overlay, which document is visible
   * depends on more than the attribute, so there is no index (null).
   */
  visibleWhere(attribute: string, value: unknown, perspective: Perspective): SanityDocument[] | null {
    if (perspective.kind === 'stack') return null
    const key = `${perspective.kind}\u0000${attribute}`
    let index = this.equalityIndexes.get(key)
    if (!index) {
      index = new Map()
      for (const doc of this.list(perspective.kind)) {
        const docs = index.get(doc[attribute])
        if (docs) docs.push(doc)
        else index.set(doc[attribute], [doc])
      }
      this.equalityIndexes.set(key, index)
    }
    return index.get(value) ?? []
  }

  /**
   * The visible documents of some types, in dataset order (the order `*` has, which ties keep): one
   * type straight from its index, several by a scan, since their indexes hold them type by type.
   */
  visibleOfTypes(types: string[], perspective: Perspective): SanityDocument[] {
    return this.view(viewKey(perspective, types), () => {
      const docs =
        types.length === 1
          ? [...(this.byType.get(types[0] as string)?.values() ?? [])]
          : this.list('raw').filter((doc) => types.includes(doc._type))
      return applyPerspective(docs, perspective)
    })
  }

  /** A view from the cache, or built; the cache holds a few (a stack copies every document it shows). */
  private view(key: string, build: () => SanityDocument[]): SanityDocument[] {
    let docs = this.views.get(key)
    if (!docs) {
      docs = build()
      if (this.views.size >= MAX_CACHED_VIEWS) this.views.delete(this.views.keys().next().value as string)
      this.views.set(key, docs)
    }
    return docs
  }

  private put(doc: SanityDocument): void {
    const previous = this.committed.get(doc._id)
    if (previous && previous._type !== doc._type) {
      // Moved to the end of both orders, so its type's index keeps the dataset's order.
      this.byType.get(previous._type)?.delete(doc._id)
      this.committed.delete(doc._id)
    }
    this.committed.set(doc._id, doc)
    let ofType = this.byType.get(doc._type)
    if (!ofType) this.byType.set(doc._type, (ofType = new Map()))
    ofType.set(doc._id, doc)
  }

  private remove(id: string): void {
    const previous = this.committed.get(id)
    if (!previous) return
    this.committed.delete(id)
    this.byType.get(previous._type)?.delete(id)
  }
}

/** A document as the Content Lake stores it. */
export type SanityDocument = {
  _id: string
  _type: string
  _rev?: string
  _createdAt?: string
  _updatedAt?: string
  [key: string]: unknown
}

/** One mutation of the Sanity mutate API (create, createOrReplace, createIfNotExists, delete, patch). */
export type Mutation = Record<string, unknown>

export interface MutateOptions {
  /** The client-supplied transaction id; becomes the `_rev` of every document written. */
  transactionId?: string
  /** User id recorded in the transaction log and in listener events. */
  author?: string
  returnDocuments?: boolean
  dryRun?: boolean
  autoGenerateArrayKeys?: boolean
}

export type MutationOperation = 'create' | 'update' | 'delete' | 'none'

export interface MutateResult {
  transactionId: string
  results: {id: string; operation: MutationOperation; document?: SanityDocument}[]
}

/** One committed change to one document, as recorded in the transaction log. */
export interface DocumentChange {
  id: string
  before: SanityDocument | null
  after: SanityDocument | null
  /** Raw mutations, replayable on `before` by @sanity/mutator, that produce `after`. */
  mutations: Mutation[]
  /**
   * Set by a delete with `purge: true`: the document's history up to and including that delete is erased when
   * the transaction is written, as hosted does. The value is how many of `mutations` the purge covers; those after
   * it (a create in the same transaction) start the document's new history.
   */
  purgedThrough?: number
}

export interface Transaction {
  id: string
  timestamp: string
  author: string
  changes: DocumentChange[]
}

/** A 4xx the HTTP layer turns into Sanity's error shape. */
export class LakeError extends Error {
  readonly status: number
  readonly type: string
  readonly details: Record<string, unknown>
  /** For a 503 or 429: when to try again (the Retry-After header). */
  retryAfterSeconds?: number
  constructor(status: number, type: string, description: string, details: Record<string, unknown> = {}) {
    super(description)
    this.status = status
    this.type = type
    this.details = details
  }
}

/** What modules outside the store (assets, import/export, HTTP) need from one dataset. */
export interface DatasetHandle {
  readonly name: string
  getDocument(id: string): SanityDocument | undefined
  documents(): IterableIterator<SanityDocument>
  mutate(mutations: Mutation[], options?: MutateOptions): Promise<MutateResult>
}

/** Documents whose state differs from the committed one, in order, applied over it (null: deleted). */
export type Overlay = [string, SanityDocument | null][]

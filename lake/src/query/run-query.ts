import {evaluate, parse, type ExprNode} from 'groq-js'

import {LakeError, type SanityDocument} from '../store/types.ts'
import {findOrderedSlice, runOrderedSlice} from './ordered-slice.ts'

/**
 * What part of a dataset a query sees (https://www.sanity.io/docs/perspectives). `public` is what an
 * anonymous caller of a public dataset sees, whatever it asks for: published documents at the root
 * path only, as hosted shows them (ids with a dot, such as `drafts.…` or `settings.x`, are private).
 */
export type Perspective = {kind: 'raw'} | {kind: 'published'} | {kind: 'public'} | {kind: 'stack'; layers: string[]}

/** Documents under a path (an id with a dot) are visible to tokens only (https://www.sanity.io/docs/ids). */
export function isRootPathId(id: string): boolean {
  return !id.includes('.')
}

export function parsePerspective(value: string | null | undefined, fallback: Perspective): Perspective {
  if (!value) return fallback
  const layers = value.split(',').map((layer) => layer.trim()).filter(Boolean)
  if (layers.length === 1 && layers[0] === 'raw') return {kind: 'raw'}
  if (layers.length === 1 && layers[0] === 'published') return {kind: 'published'}
  if (layers.includes('raw')) {
    throw new LakeError(400, 'validationError', 'The "raw" perspective cannot be combined with others')
  }
  // `previewDrafts` is the deprecated name of `drafts`.
  return {
    kind: 'stack',
    layers: layers.map((layer) => (layer === 'previewDrafts' ? 'drafts' : layer)).filter((layer) => layer !== 'published'),
  }
}

export function isPublishedId(id: string): boolean {
  return !id.startsWith('drafts.') && !id.startsWith('versions.') && !id.startsWith('_.')
}

export function publishedIdOf(id: string): string {
  if (id.startsWith('drafts.')) return id.slice('drafts.'.length)
  if (id.startsWith('versions.')) return id.split('.').slice(2).join('.')
  return id
}

/**
 * Applies a perspective to the raw documents. A stack such as `[release, drafts]` takes, for each
 * published id, the first of `versions.release.<id>`, `drafts.<id>`, `<id>` that exists, and
 * reports it under the published id with `_originalId` set to where it came from.
 */
export function applyPerspective(docs: SanityDocument[], perspective: Perspective): SanityDocument[] {
  if (perspective.kind === 'raw') return docs
  if (perspective.kind === 'published') return docs.filter((doc) => isPublishedId(doc._id))
  if (perspective.kind === 'public') return docs.filter((doc) => isRootPathId(doc._id))

  const rank = (id: string): number => {
    if (id.startsWith('drafts.')) {
      const position = perspective.layers.indexOf('drafts')
      return position === -1 ? -1 : position
    }
    if (id.startsWith('versions.')) return perspective.layers.indexOf(id.split('.')[1] ?? '')
    return perspective.layers.length
  }
  const chosen = new Map<string, {doc: SanityDocument; rank: number}>()
  for (const doc of docs) {
    if (doc._id.startsWith('_.')) continue
    const position = rank(doc._id)
    if (position === -1) continue
    const base = publishedIdOf(doc._id)
    const previous = chosen.get(base)
    if (!previous || position < previous.rank) chosen.set(base, {doc, rank: position})
  }
  const result: SanityDocument[] = []
  for (const [base, {doc}] of chosen) {
    const system = doc._system as {delete?: boolean} | undefined
    if (system?.delete) continue
    result.push(doc._id === base ? {...doc, _originalId: doc._id} : {...doc, _id: base, _originalId: doc._id})
  }
  return result
}

/**
 * Default cost limit: a single scan of any dataset, or one nested scan (n + n² visits) of a
 * dataset of up to 9,999 documents, passes; three levels of nesting over more than ~460 documents
 * do not.
 */
export const DEFAULT_MAX_QUERY_COST = 1e8

const parsedQueries = new Map<string, ExprNode>()
const MAX_CACHED_QUERIES = 500

/**
 * Parses with parameters inlined (groq-js needs constant slice bounds), cached by query and params.
 * A parameter the query names but the caller did not give is refused as hosted refuses it ("param
 * $x referenced, but not provided"): groq-js would otherwise look it up on the params object, and
 * `$constructor` would find Object's constructor there.
 */
export function parseQuery(query: string, params: Record<string, unknown>): ExprNode {
  const key = query + '\u0000' + JSON.stringify(params)
  const cached = parsedQueries.get(key)
  if (cached) return cached
  let tree: ExprNode
  try {
    // groq-js inlines own properties only; those left are refused below.
    tree = parse(query, {params})
  } catch (error) {
    const err = error as Error & {position?: number}
    const start = typeof err.position === 'number' ? err.position : 0
    throw new LakeError(400, 'queryParseError', err.message, {query, start, end: start + 1})
  }
  const missing = firstParameter(tree)
  if (missing !== null) {
    const start = query.indexOf(`$${missing}`)
    throw new LakeError(400, 'queryParseError', `param $${missing} referenced, but not provided`, {
      query,
      start: Math.max(start, 0),
      end: Math.max(start, 0) + missing.length + 1,
    })
  }
  if (parsedQueries.size >= MAX_CACHED_QUERIES) {
    parsedQueries.delete(parsedQueries.keys().next().value as string)
  }
  parsedQueries.set(key, tree)
  return tree
}

/** The caller's parameters on an object without a prototype: `$toString` is a parameter, or nothing. */
export function ownParams(params: Record<string, unknown>): Record<string, unknown> {
  return Object.assign(Object.create(null) as Record<string, unknown>, params)
}

/** The name of a parameter groq-js left in the tree: one the caller did not give (given ones are inlined). */
function firstParameter(tree: unknown): string | null {
  const stack: unknown[] = [tree]
  while (stack.length > 0) {
    const node = stack.pop()
    if (Array.isArray(node)) {
      stack.push(...node)
      continue
    }
    if (typeof node !== 'object' || node === null) continue
    const current = node as Record<string, unknown>
    if (current.type === 'Value') continue
    if (current.type === 'Parameter' && typeof current.name === 'string') return current.name
    for (const value of Object.values(current)) stack.push(value)
  }
  return null
}

/**
 * When `*` appears exactly once and is filtered on `_type == "x"` (or `_type in [...]`), only
 * documents of those types can match, so the query may run on that slice of the dataset. This
 * turns the common `*[_type == "booking" && …]` from a scan of everything into a scan of one type.
 */
export function typesOnlyNeeded(tree: ExprNode): string[] | null {
  let everything = 0
  let types: string[] | null = null
  const visit = (node: unknown, parent: Record<string, unknown> | null): void => {
    if (Array.isArray(node)) return node.forEach((child) => visit(child, parent))
    if (typeof node !== 'object' || node === null) return
    const current = node as Record<string, unknown>
    // `ref->` resolves against the whole dataset, so a query that dereferences needs all of it.
    if (current.type === 'Deref') everything = Infinity
    // `releases::all()` reads the release documents, whatever `*` is filtered on.
    if (current.type === 'FuncCall' && current.namespace === 'releases') everything = Infinity
    if (current.type === 'Everything') {
      everything++
      types = parent?.type === 'Filter' && parent.base === current ? typeConstraint(parent.expr) : null
    }
    for (const value of Object.values(current)) visit(value, current)
  }
  visit(tree, null)
  return everything === 1 ? types : null
}

/**
 * The tree with every `*[…]` whose filter names its `_type`s reading only the documents of those types (from the
 * type index) in place of `*`: `{"offers": *[_type == "a" && …], "requests": *[_type == "b" && …]}` scans two types,
 * not the dataset twice. Other `*`s, `ref->` and `releases::all()` still see the whole dataset, so nothing but the
 * work done changes. A copy where something changed: parsed trees are cached and shared.
 */
export function withTypedSlices(tree: ExprNode, documentsOfTypes: (types: string[]) => SanityDocument[]): ExprNode {
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) {
      const children = node.map(rewrite)
      return children.some((child, index) => child !== node[index]) ? children : node
    }
    if (typeof node !== 'object' || node === null) return node
    const current = node as Record<string, any>
    // A parameter's value is data, not a query: nothing in it is rewritten.
    if (current.type === 'Value') return node
    if (current.type === 'Filter' && current.base?.type === 'Everything') {
      const types = typeConstraint(current.expr)
      const expr = rewrite(current.expr)
      if (types) return {...current, base: {type: 'Value', value: documentsOfTypes(types)}, expr}
      return expr === current.expr ? node : {...current, expr}
    }
    let copy: Record<string, unknown> | null = null
    for (const [key, value] of Object.entries(current)) {
      const rewritten = rewrite(value)
      if (rewritten !== value) (copy ??= {...current})[key] = rewritten
    }
    return copy ?? node
  }
  return rewrite(tree) as ExprNode
}

/**
 * A top-level `&&` term `attribute == <string, number or boolean>` (other than `_type`): the
 * documents it can match come from an index; the whole filter still runs on them.
 */
function equalityConstraint(expr: unknown): {attribute: string; value: unknown} | null {
  const node = expr as Record<string, any> | undefined
  if (!node) return null
  if (node.type === 'And') return equalityConstraint(node.left) ?? equalityConstraint(node.right)
  if (node.type !== 'OpCall' || node.op !== '==') return null
  for (const [attribute, value] of [
    [node.left, node.right],
    [node.right, node.left],
  ]) {
    const primitive = ['string', 'number', 'boolean'].includes(typeof value?.value)
    if (attribute?.type === 'AccessAttribute' && attribute.base === undefined && attribute.name !== '_type' && value?.type === 'Value' && primitive) {
      return {attribute: attribute.name, value: value.value}
    }
  }
  return null
}

function typeConstraint(expr: unknown): string[] | null {
  const node = expr as Record<string, any> | undefined
  if (!node) return null
  if (node.type === 'Group') return typeConstraint(node.base)
  if (node.type === 'And') return typeConstraint(node.left) ?? typeConstraint(node.right)
  // `(_type == "a" && …) || (_type == "b" && …)`: a document of neither type matches neither side.
  if (node.type === 'Or') {
    const left = typeConstraint(node.left)
    const right = left && typeConstraint(node.right)
    return left && right ? [...new Set([...left, ...right])] : null
  }
  const isTypeAttribute = (side: any) =>
    side?.type === 'AccessAttribute' && side.name === '_type' && side.base === undefined
  if (node.type === 'OpCall' && node.op === '==') {
    if (isTypeAttribute(node.left) && node.right?.type === 'Value' && typeof node.right.value === 'string') {
      return [node.right.value]
    }
    if (isTypeAttribute(node.right) && node.left?.type === 'Value' && typeof node.left.value === 'string') {
      return [node.left.value]
    }
  }
  if (node.type === 'OpCall' && node.op === 'in' && isTypeAttribute(node.left)) {
    const values = node.right?.type === 'Value' ? node.right.value : null
    if (Array.isArray(values) && values.every((value) => typeof value === 'string')) return values
  }
  return null
}

/**
 * Parts of a node evaluated once per element of its `base`: filters, maps (`*[…]{…}` parses as a
 * Map whose projection applies to each element) and `order(…)` arguments.
 */
const PER_ELEMENT: Record<string, string> = {Filter: 'expr', Map: 'expr', FlatMap: 'expr', PipeFuncCall: 'args'}

/**
 * An upper estimate of how many documents a query visits: each `*` visits the whole dataset, once
 * for every element its enclosing filters and projections iterate over (counted as the dataset
 * size, since any array could be that long). `*[count(*[...]) > 0]` costs size², and each further
 * level of nesting multiplies by the size again: what lets a short query stall the lake.
 */
export function estimateQueryCost(tree: ExprNode, datasetSize: number): number {
  const size = Math.max(datasetSize, 1)
  const visit = (node: unknown, repeat: number): number => {
    if (Array.isArray(node)) return node.reduce((sum: number, child) => sum + visit(child, repeat), 0)
    if (typeof node !== 'object' || node === null) return 0
    const current = node as Record<string, unknown>
    let cost = current.type === 'Everything' ? repeat * size : 0
    for (const [key, value] of Object.entries(current)) {
      const perElement = PER_ELEMENT[current.type as string] === key
      cost += visit(value, perElement ? repeat * size : repeat)
    }
    return cost
  }
  return visit(tree, 1)
}

/**
 * Refuses a query whose estimated cost is over the limit before it runs. Hosted Sanity documents no
 * such figure (it cancels expensive queries by time), so the type and shape follow its other query
 * errors: 400 with the query in the details.
 */
export function checkQueryCost(query: string, tree: ExprNode, datasetSize: number, maxCost: number): void {
  const cost = estimateQueryCost(tree, datasetSize)
  if (cost > maxCost) {
    throw new LakeError(
      400,
      'queryExecutionError',
      `Query is too expensive: it could visit about ${cost.toExponential(1)} documents, more than the limit of ${maxCost.toExponential(1)}; avoid nesting \`*\` inside filters and projections`,
      {query},
    )
  }
}

export interface QueryInput {
  query: string
  params: Record<string, unknown>
  /** Documents visible under the caller's perspective and permissions. */
  documents: SanityDocument[]
  /** Looks up the visible documents of given types quickly (a type index), if available. */
  documentsOfTypes?: (types: string[]) => SanityDocument[]
  /** Visible documents whose top-level attribute equals a value (an index), or null if there is none. */
  documentsWhere?: (attribute: string, value: unknown) => SanityDocument[] | null
  identity?: string
  projectId: string
  dataset: string
  /** Largest estimated cost (documents visited, see estimateQueryCost) the query may have. */
  maxCost: number
  /** GROQ's `now()`; unset, the time of evaluation. */
  timestamp?: Date | undefined
}

/**
 * `ref->` as groq-js resolves it (the first visible document with that `_id`), by id: groq-js
 * without a `dereference` scans the whole dataset for every reference, so a projection that
 * dereferences each of n documents would cost n² (and escape the cost estimate).
 */
function documentLookup(input: QueryInput): (ref: {_ref: string}) => SanityDocument | null {
  let byId: Map<string, SanityDocument> | undefined
  return ({_ref}) => {
    const indexed = input.documentsWhere?.('_id', _ref)
    if (indexed) return indexed[0] ?? null
    if (!byId) {
      byId = new Map()
      for (const doc of input.documents) if (!byId.has(doc._id)) byId.set(doc._id, doc)
    }
    return byId.get(_ref) ?? null
  }
}

export async function runQuery(input: QueryInput): Promise<unknown> {
  const tree = parseQuery(input.query, input.params)
  checkQueryCost(input.query, tree, input.documents.length, input.maxCost)
  const dereference = documentLookup(input)
  const evaluateOn = async (expression: ExprNode, dataset: SanityDocument[]) => {
    const value = await evaluate(expression, {
      dataset,
      params: ownParams(input.params),
      identity: input.identity,
      sanity: {projectId: input.projectId, dataset: input.dataset},
      dereference,
      ...(input.timestamp ? {timestamp: input.timestamp} : {}),
    })
    return value.get()
  }
  try {
    const plan = findOrderedSlice(tree)
    if (plan) {
      const types = typeConstraint(plan.filter.expr)
      const typeOnly = types !== null && plan.filter.expr?.type === 'OpCall'
      const equality = typeOnly ? null : equalityConstraint(plan.filter.expr)
      const indexed = equality && input.documentsWhere?.(equality.attribute, equality.value)
      const candidates = indexed
        ? indexed.filter((doc) => !types || types.includes(doc._type))
        : types && input.documentsOfTypes
          ? input.documentsOfTypes(types)
          : input.documents
      return await runOrderedSlice(plan, candidates, typeOnly, (rest) => evaluateOn(rest, input.documents), {
        dataset: input.documents,
        params: ownParams(input.params),
        identity: input.identity,
        sanity: {projectId: input.projectId, dataset: input.dataset},
        dereference,
      })
    }
    const typed = input.documentsOfTypes ? withTypedSlices(tree, input.documentsOfTypes) : tree
    return await evaluateOn(typed, input.documents)
  } catch (error) {
    throw new LakeError(400, 'queryExecutionError', (error as Error).message, {query: input.query})
  }
}

/** Ids of the documents a mutation's `query` selects (bounded by the default cost limit). */
export async function runSelection(
  query: string,
  params: Record<string, unknown>,
  documents: SanityDocument[],
): Promise<string[]> {
  const tree = parseQuery(query, params)
  checkQueryCost(query, tree, documents.length, DEFAULT_MAX_QUERY_COST)
  const value = await (await evaluate(tree, {dataset: documents, params: ownParams(params)})).get()
  const items = Array.isArray(value) ? value : value ? [value] : []
  return items
    .map((item: unknown) => (item as {_id?: unknown})?._id)
    .filter((id): id is string => typeof id === 'string')
}

/**
 * `query` evaluated with each document alone as the dataset (null: no document, no value): a
 * listener's filter (`*[filter]`, matched when non-empty) or a function's filter and projection.
 */
export async function evaluateEach(
  query: string,
  params: Record<string, unknown>,
  docs: (SanityDocument | null)[],
  identity: string | undefined,
): Promise<unknown[]> {
  const tree = parseQuery(query, params)
  const values: unknown[] = []
  for (const doc of docs) {
    if (!doc) {
      values.push(null)
      continue
    }
    values.push(await (await evaluate(tree, {dataset: [doc], params: ownParams(params), identity})).get())
  }
  return values
}

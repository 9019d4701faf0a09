import {evaluate, evaluateSync, type ExprNode} from 'groq-js'

import type {SanityDocument} from '../store/types.ts'

type Node = Record<string, any>

interface OrderedSlice {
  /** The `*[filter]` node. */
  filter: Node
  /** Plain attributes are read from each document; any other key expression is evaluated per document. */
  keys: {attribute?: string; expr: Node; descending: boolean}[]
  start: number
  end: number
  /** The tree with the slice replaced by a constant array. */
  rebuild: (value: unknown[]) => ExprNode
}

/**
 * Recognises GROQ's commonest list shape, `*[filter] | order(a desc, b)[start...end]` (with any
 * projection after it), where `*` appears once. Orders are by plain attributes, or by expressions of
 * each document such as `select(status == "new" => 0, 1)` (the staff's "waiting first":
 * docs/decisions/014-nothing-waits-unseen.md).
 */
export function findOrderedSlice(tree: ExprNode): OrderedSlice | null {
  const path: Node[] = []
  let node = tree as Node
  while (node.type === 'Map' || node.type === 'Projection') {
    path.push(node)
    node = node.base
  }
  if (node.type !== 'Slice' || node.left < 0 || node.right < 0) return null
  const order = node.base as Node
  if (order?.type !== 'PipeFuncCall' || order.name !== 'order') return null
  const filter = order.base as Node
  if (filter?.type !== 'Filter' || filter.base?.type !== 'Everything') return null
  const keys: OrderedSlice['keys'] = []
  for (const arg of order.args as Node[]) {
    const descending = arg.type === 'Desc'
    const expr = arg.type === 'Asc' || arg.type === 'Desc' ? arg.base : arg
    if (!expr) return null
    const plainAttribute = expr.type === 'AccessAttribute' && expr.base === undefined
    keys.push({...(plainAttribute ? {attribute: expr.name} : {}), expr, descending})
  }
  const slice = node
  return {
    filter,
    keys,
    start: slice.left,
    end: slice.isInclusive ? slice.right + 1 : slice.right,
    rebuild(value) {
      let rebuilt: Node = {type: 'Value', value}
      for (const parent of path.reverse()) rebuilt = {...parent, base: rebuilt}
      path.reverse()
      return rebuilt as ExprNode
    },
  }
}

// groq-js's total order: datetimes, numbers, strings, booleans, then everything else.
const typeOrder = (value: unknown): number =>
  typeof value === 'number' ? 2 : typeof value === 'string' ? 3 : typeof value === 'boolean' ? 4 : 100

function compare(a: unknown, b: unknown): number {
  const byType = typeOrder(a) - typeOrder(b)
  if (byType !== 0) return byType
  if (typeof a === 'number' || typeof a === 'boolean') return Number(a) - Number(b)
  if (typeof a === 'string') return a < (b as string) ? -1 : a > (b as string) ? 1 : 0
  return 0
}

/** What a filter may need besides the document it tests: `*` and `->` see the whole dataset. */
export interface FilterContext {
  dataset: SanityDocument[]
  params: Record<string, unknown>
  identity?: string | undefined
  sanity: {projectId: string; dataset: string}
  /** `ref->` by id (see documentLookup in run-query.ts) rather than by a scan of `dataset`. */
  dereference?: (ref: {_ref: string}) => SanityDocument | null
}

/**
 * The candidates that match `filter`, evaluated as groq-js evaluates `*[filter]`: each candidate is
 * `@`, while sub-queries (`*[…]`), dereferences (`->`), `identity()` and `sanity::…()` see the whole
 * dataset and context, not only the candidates. groq-js's synchronous evaluator is several times
 * faster over thousands of documents; it throws on the few functions it does not support, and then
 * the asynchronous one answers.
 */
async function filterMatches(filter: Node, candidates: SanityDocument[], context: FilterContext) {
  const tree = {...filter, base: {type: 'Value', value: candidates}} as ExprNode
  try {
    return evaluateSync(tree, context).data as SanityDocument[]
  } catch {
    return (await (await evaluate(tree, context)).get()) as SanityDocument[]
  }
}

/** An order key's value for each match, evaluated as `matches[].key` would be (synchronously when groq-js can). */
async function keyValues(expr: Node, matches: SanityDocument[], context: FilterContext): Promise<unknown[]> {
  const tree = {type: 'Map', base: {type: 'Value', value: matches}, expr} as ExprNode
  try {
    return evaluateSync(tree, context).data as unknown[]
  } catch {
    return (await (await evaluate(tree, context)).get()) as unknown[]
  }
}

/**
 * Runs an ordered slice without groq-js sorting every match: the filter is evaluated (or skipped
 * when the type index already answers it), matches are sorted natively with groq-js's ordering,
 * and only the slice goes back to groq-js for the rest of the query. Same result, a fraction of
 * the time and garbage.
 */
export async function runOrderedSlice(
  plan: OrderedSlice,
  candidates: SanityDocument[],
  filterIsTypeOnly: boolean,
  evaluateRest: (tree: ExprNode) => Promise<unknown>,
  context: FilterContext,
): Promise<unknown> {
  const matches = filterIsTypeOnly ? candidates : await filterMatches(plan.filter, candidates, context)
  const computed = await Promise.all(
    plan.keys.map(({attribute, expr}) => (attribute === undefined ? keyValues(expr, matches, context) : null)),
  )
  // One column of key values per order key, read once: comparisons then touch no document.
  const columns = plan.keys.map(({attribute}, column) =>
    attribute === undefined ? computed[column]! : matches.map((doc) => doc[attribute]),
  )
  const precedes = (a: number, b: number): number => {
    for (let column = 0; column < columns.length; column++) {
      const result = compare(columns[column]![a], columns[column]![b])
      if (result !== 0) return plan.keys[column]!.descending ? -result : result
    }
    // Ties keep the dataset's order, as groq-js's stable sort does.
    return a - b
  }
  return evaluateRest(plan.rebuild(firstInOrder(matches.length, plan.end, precedes).slice(plan.start).map((index) => matches[index]!)))
}

/**
 * The first `count` of `length` positions in the order `precedes` gives. A short head of a long list
 * (the newest 50 of 10,000) is kept sorted as the list is read once, rather than sorting all of it.
 */
export function firstInOrder(length: number, count: number, precedes: (a: number, b: number) => number): number[] {
  if (count >= length / 8) {
    const all = Array.from({length}, (_, index) => index).sort(precedes)
    return all.length > count ? all.slice(0, count) : all
  }
  const head: number[] = []
  for (let index = 0; index < length; index++) {
    if (head.length === count) {
      // Not before the last kept: a later position never wins a tie.
      if (count === 0 || precedes(index, head[count - 1]!) >= 0) continue
      head.pop()
    }
    let low = 0
    let high = head.length
    while (low < high) {
      const middle = (low + high) >> 1
      if (precedes(head[middle]!, index) < 0) low = middle + 1
      else high = middle
    }
    head.splice(low, 0, index)
  }
  return head
}

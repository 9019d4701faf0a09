import {evaluate, type ExprNode} from 'groq-js'

import type {SanityDocument} from '../store/types.ts'

/**
 * Content Source Maps (`resultSourceMap=true|withKeyArraySelector`,
 * https://www.sanity.io/docs/content-lake/content-source-maps): for values in a query result, the
 * document and the path inside it they came from. Stega encoding (`@sanity/client`'s `stega`), visual
 * editing overlays and the Presentation tool read them to open the right field.
 *
 * How the lake finds out, without an evaluator of its own:
 * - groq-js hands objects and arrays of documents through as they are (no copies), so a container in
 *   the result that *is* a document's object has a known origin;
 * - projections build new objects, so the query is evaluated a second time with each projection
 *   carrying hidden attributes: the object it projects (`@`), the documents its `->` joins reach, and
 *   which projection it is. Each attribute that is a plain path from `@` or from a join
 *   (`title`, `slug.current`, `author->name`) then maps to that document and path; anything computed
 *   (`count(…)`, `upper(title)`, literals) has no mapping, as on hosted.
 * The second result, without its hidden attributes, must equal the first, or no mapping is given.
 */

type Node = Record<string, any>
type Segment = string | number | {_key: string; _index: number}

export interface ContentSourceMap {
  documents: {_id: string; _type: string}[]
  paths: string[]
  mappings: Record<string, {type: 'value'; source: {type: 'documentValue'; document: number; path: number}}>
}

const HIDDEN = '\u0000'
const SOURCE = `${HIDDEN}@`
const PROJECTION = `${HIDDEN}#`

const ESCAPE: Record<string, string> = {'\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t', "'": "\\'", '\\': '\\\\'}

/** The JSONPath `@sanity/client` writes and reads (`$['a'][0][?(@._key=='k')]`). */
function jsonPath(path: Segment[]): string {
  return `$${path
    .map((segment) => {
      if (typeof segment === 'number') return `[${segment}]`
      if (typeof segment === 'string') return `['${segment.replace(/[\f\n\r\t'\\]/g, (match) => ESCAPE[match] as string)}']`
      return `[?(@._key=='${segment._key.replace(/['\\]/g, (match) => ESCAPE[match] as string)}')]`
    })
    .join('')}`
}

interface Origin {
  doc: SanityDocument
  path: Segment[]
}

/** Where every object and array of the documents sits: identity is what survives evaluation. */
function originsOf(documents: SanityDocument[], keyed: boolean): WeakMap<object, Origin> {
  const origins = new WeakMap<object, Origin>()
  const visit = (value: unknown, doc: SanityDocument, path: Segment[]) => {
    if (typeof value !== 'object' || value === null || origins.has(value)) return
    origins.set(value, {doc, path})
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        const key = (item as {_key?: unknown} | null)?._key
        visit(item, doc, [...path, keyed && typeof key === 'string' ? {_key: key, _index: index} : index])
      })
    } else {
      for (const [key, inner] of Object.entries(value)) visit(inner, doc, [...path, key])
    }
  }
  for (const doc of documents) visit(doc, doc, [])
  return origins
}

/** `title`, `slug.current`, `items[2].name`, `author->name`: where the value comes from, or null. */
function plainPath(expr: Node): {anchor: Node | null; segments: (string | number)[]} | null {
  if (expr.type === 'This') return {anchor: null, segments: []}
  if (expr.type === 'Deref') return {anchor: expr, segments: []}
  if (expr.type === 'AccessAttribute' || expr.type === 'AccessElement') {
    const base = expr.base === undefined ? {anchor: null, segments: []} : plainPath(expr.base as Node)
    if (!base) return null
    const segment = expr.type === 'AccessAttribute' ? (expr.name as string) : (expr.index as number)
    return {anchor: base.anchor, segments: [...base.segments, segment]}
  }
  return null
}

interface ProjectionInfo {
  /** Per output key, the last attribute that writes it. */
  attributes: Node[]
}

/** The query with hidden attributes added to every projection, and what each projection is. */
function instrument(tree: ExprNode): {tree: ExprNode; projections: ProjectionInfo[]} {
  const projections: ProjectionInfo[] = []
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite)
    if (typeof node !== 'object' || node === null) return node
    const copy: Node = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, rewrite(value)]))
    if (copy.type === 'Projection' && copy.expr?.type === 'Object') {
      const original = (node as Node).expr.attributes as Node[]
      const index = projections.length
      projections.push({attributes: original})
      const joins = original.flatMap((attribute, position) => {
        const path = attribute.type === 'ObjectAttributeValue' ? plainPath(attribute.value as Node) : null
        return path?.anchor ? [{type: 'ObjectAttributeValue', name: `${HIDDEN}${position}`, value: rewrite(path.anchor)}] : []
      })
      copy.expr = {
        ...copy.expr,
        attributes: [
          ...(copy.expr.attributes as Node[]),
          {type: 'ObjectAttributeValue', name: SOURCE, value: {type: 'This'}},
          {type: 'ObjectAttributeValue', name: PROJECTION, value: {type: 'Value', value: index}},
          ...joins,
        ],
      }
    }
    return copy
  }
  return {tree: rewrite(tree) as ExprNode, projections}
}

function withoutHidden(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutHidden)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(Object.entries(value).filter(([key]) => !key.startsWith(HIDDEN)).map(([key, inner]) => [key, withoutHidden(inner)]))
}

export interface SourceMapInput {
  tree: ExprNode
  result: unknown
  /** What groq-js evaluated the query with: the documents after the perspective, params and context. */
  options: {dataset: SanityDocument[]} & NonNullable<Parameters<typeof evaluate>[1]>
  withKeyArraySelector: boolean
}

export async function contentSourceMap(input: SourceMapInput): Promise<ContentSourceMap> {
  const map: ContentSourceMap = {documents: [], paths: [], mappings: {}}
  const {tree, projections} = instrument(input.tree)
  let traced: unknown
  try {
    traced = await (await evaluate(tree, input.options)).get()
  } catch {
    return map
  }
  if (JSON.stringify(withoutHidden(traced)) !== JSON.stringify(input.result)) return map

  const origins = originsOf(input.options.dataset, input.withKeyArraySelector)
  const documentIndex = new Map<SanityDocument, number>()
  const pathIndex = new Map<string, number>()
  const record = (resultPath: Segment[], origin: Origin, extra: (string | number)[] = []) => {
    let document = documentIndex.get(origin.doc)
    if (document === undefined) {
      document = map.documents.push({_id: (origin.doc._originalId as string | undefined) ?? origin.doc._id, _type: origin.doc._type}) - 1
      documentIndex.set(origin.doc, document)
    }
    const sourcePath = jsonPath([...origin.path, ...extra])
    let path = pathIndex.get(sourcePath)
    if (path === undefined) {
      path = map.paths.push(sourcePath) - 1
      pathIndex.set(sourcePath, path)
    }
    map.mappings[jsonPath(resultPath)] = {type: 'value', source: {type: 'documentValue', document, path}}
  }

  const walk = (value: unknown, resultPath: Segment[]): void => {
    if (typeof value !== 'object' || value === null) return
    const origin = origins.get(value)
    if (origin) return record(resultPath, origin)
    if (Array.isArray(value)) return value.forEach((item, index) => walk(item, [...resultPath, index]))
    const object = value as Record<string, unknown>
    const projection = typeof object[PROJECTION] === 'number' ? projections[object[PROJECTION]] : undefined
    const source = origins.get(object[SOURCE] as object)
    const mapped = new Set<string>()
    if (projection) {
      projection.attributes.forEach((attribute, position) => {
        if (attribute.type === 'ObjectSplat' && attribute.value?.type === 'This' && source) {
          for (const key of Object.keys(object[SOURCE] as object)) {
            if (key in object) {
              record([...resultPath, key], source, [key])
              mapped.add(key)
            }
          }
          return
        }
        if (attribute.type !== 'ObjectAttributeValue') return
        const name = attribute.name as string
        mapped.delete(name)
        delete map.mappings[jsonPath([...resultPath, name])]
        const path = plainPath(attribute.value as Node)
        const anchor = path?.anchor ? origins.get(object[`${HIDDEN}${position}`] as object) : source
        const target = object[name]
        // A missing value has no source; a nested projection maps its own attributes.
        if (!path || !anchor || target === undefined || target === null) return
        if (attribute.value?.type === 'Projection') return
        record([...resultPath, name], anchor, path.segments)
        mapped.add(name)
      })
    }
    for (const [key, inner] of Object.entries(object)) {
      if (!key.startsWith(HIDDEN) && !mapped.has(key)) walk(inner, [...resultPath, key])
    }
  }
  walk(traced, [])
  return map
}

import {randomUUID} from 'node:crypto'
import {createReadStream} from 'node:fs'
import {readFile} from 'node:fs/promises'
import {basename, dirname, isAbsolute, resolve} from 'node:path'
import {createInterface} from 'node:readline'
import {fileURLToPath} from 'node:url'

import {probeImage} from '../assets/image-metadata.ts'
import {uploadAsset} from '../assets/upload-asset.ts'
import type {DatasetHandle, Mutation, SanityDocument} from '../store/types.ts'

/** `create` fails on existing ids, `replace` overwrites them, `missing` skips them (as the CLI's flags). */
export type ImportMode = 'create' | 'replace' | 'missing'

export interface ImportDatasetOptions {
  dataset: DatasetHandle
  /** The NDJSON file; `file://./…` asset paths are relative to its folder. */
  file: string
  mode?: ImportMode
  /** Needed to store `_sanityAsset` files. */
  dataDir: string
  projectId: string
  publicBaseUrl: string
  /** Most documents per transaction. */
  batchSize?: number
  /** Most serialised bytes per transaction (Sanity's importer uses 256 KiB). */
  batchBytes?: number
  author?: string
  onProgress?: (progress: {step: string; current: number; total: number}) => void
}

export interface ImportDatasetResult {
  /** Documents in the file that were imported or skipped. */
  documents: number
  created: number
  replaced: number
  /** Skipped because they existed (`missing` mode). */
  skipped: number
  assets: number
  transactions: number
  warnings: string[]
}

/** An import that fails validation; nothing was written. */
export class ImportError extends Error {
  override name = 'ImportError'
}

const ASSET_KEY = '_sanityAsset'
const ASSET_VALUE = /^(file|image)@([a-z]+:\/\/.*)$/
const DOCUMENT_ID = /^[a-z0-9_.-]+$/i

interface AssetRef {
  documentId: string
  /** Path of the object that holds `_sanityAsset`. */
  path: (string | number)[]
  kind: 'image' | 'file'
  file: string
}

/**
 * Imports an NDJSON file as `sanity dataset import` does: one document per line, `_sanityAsset`
 * references uploaded and replaced by asset references, documents written in bounded batches.
 * The whole file (JSON, ids, duplicates, asset files, existing ids in `create` mode) is
 * validated before anything is written; an ImportError names the line or documents at fault.
 */
export async function importDataset(options: ImportDatasetOptions): Promise<ImportDatasetResult> {
  const mode = options.mode ?? 'create'
  const {dataset} = options
  const warnings: string[] = []
  const parsed = await readNdjson(options.file)

  // System documents (`_.` ids) belong to the lake itself; Sanity's importer skips them too.
  const systemIds = parsed.filter((doc) => doc._id.startsWith('_.')).map((doc) => doc._id)
  if (systemIds.length > 0)
    warnings.push(`Skipped ${systemIds.length} system document(s): ${systemIds.join(', ')}`)
  let documents = parsed.filter((doc) => !doc._id.startsWith('_.'))
  assertNoDuplicates(documents)

  const baseDir = dirname(resolve(options.file))
  const assetRefs = documents.flatMap((doc) => findAssetRefs(doc, baseDir))
  const assetFiles = await loadAssetFiles(assetRefs)

  const existing = documents.filter((doc) => dataset.getDocument(doc._id))
  if (mode === 'create' && existing.length > 0) {
    const shown = existing.slice(0, 10).map((doc) => `- ${doc._id}`)
    if (existing.length > 10) shown.push(`- … and ${existing.length - 10} more`)
    throw new ImportError(
      [
        `${existing.length} document(s) in the file already exist in dataset "${dataset.name}":`,
        ...shown,
        'Nothing was imported. Use --replace to overwrite them or --missing to skip them.',
      ].join('\n'),
    )
  }
  let skipped = 0
  if (mode === 'missing' && existing.length > 0) {
    // As Sanity's importer: assets of documents that are kept as they are are not uploaded.
    const existingIds = new Set(existing.map((doc) => doc._id))
    documents = documents.filter((doc) => !existingIds.has(doc._id))
    skipped = existingIds.size
  }

  // Assets first, so documents are written with their final references in one go.
  const assetIds = new Map<string, string>()
  const byId = new Map(documents.map((doc) => [doc._id, doc]))
  const needed = new Set(assetRefs.filter((ref) => byId.has(ref.documentId)).map(assetKey))
  let uploaded = 0
  for (const key of needed) {
    const {kind, file, bytes} = assetFiles.get(key)!
    const asset = await uploadAsset({
      dataset,
      dataDir: options.dataDir,
      projectId: options.projectId,
      publicBaseUrl: options.publicBaseUrl,
      kind,
      bytes,
      query: new URLSearchParams({filename: basename(file)}),
      ...(options.author ? {author: options.author} : {}),
    })
    assetIds.set(key, asset._id)
    options.onProgress?.({step: 'Importing assets', current: ++uploaded, total: needed.size})
  }
  for (const ref of assetRefs) {
    const doc = byId.get(ref.documentId)
    const holder = doc && (getAt(doc, ref.path) as Record<string, unknown>)
    if (!holder) continue
    delete holder[ASSET_KEY]
    holder.asset = {_type: 'reference', _ref: assetIds.get(assetKey(ref))}
  }

  const batches = batchDocuments(
    documents,
    options.batchSize ?? 200,
    options.batchBytes ?? 256 * 1024,
  )
  const strengthen = weakenForwardReferences(batches)
  const operation =
    mode === 'create' ? 'create' : mode === 'replace' ? 'createOrReplace' : 'createIfNotExists'
  let created = 0
  let replaced = 0
  let transactions = 0
  for (const [index, batch] of batches.entries()) {
    const result = await dataset.mutate(
      batch.map((doc) => ({[operation]: doc})),
      options.author ? {author: options.author} : {},
    )
    transactions++
    for (const {operation: done} of result.results) {
      if (done === 'create') created++
      else if (done === 'update') replaced++
      else if (done === 'none') skipped++
    }
    options.onProgress?.({step: 'Importing documents', current: index + 1, total: batches.length})
  }
  // References to documents of later batches were written weak; make them strong again now
  // that every target exists, as Sanity's importer does.
  for (let i = 0; i < strengthen.length; i += 100) {
    await dataset.mutate(
      strengthen.slice(i, i + 100),
      options.author ? {author: options.author} : {},
    )
    transactions++
  }

  return {
    documents: parsed.length - systemIds.length,
    created,
    replaced,
    skipped,
    assets: needed.size,
    transactions,
    warnings,
  }
}

/** Reads and validates every line; `Failed to parse line #N: …` as Sanity words it. */
async function readNdjson(file: string): Promise<SanityDocument[]> {
  const documents: SanityDocument[] = []
  const lines = createInterface({
    input: createReadStream(file, {encoding: 'utf8'}),
    crlfDelay: Infinity,
  })
  let lineNumber = 0
  try {
    for await (const line of lines) {
      lineNumber++
      if (line.trim() === '') continue
      let doc: unknown
      try {
        if (line.includes('\uFFFD')) {
          throw new Error(
            'Unicode replacement character (U+FFFD) found; the file is probably not UTF-8',
          )
        }
        doc = JSON.parse(line)
        const problem = documentProblem(doc)
        if (problem) throw new Error(problem)
      } catch (error) {
        const hint =
          lineNumber === 1 ? '\n\nMake sure this is valid ndjson (one JSON document per line)' : ''
        throw new ImportError(
          `Failed to parse line #${lineNumber}: ${(error as Error).message}${hint}`,
        )
      }
      const document = doc as Partial<SanityDocument>
      // Documents without an id get a generated one, as Sanity's importer gives them.
      const {_rev, ...rest} = document
      documents.push(
        addReferenceTypes({...rest, _id: document._id ?? randomUUID()}) as SanityDocument,
      )
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new ImportError(`File not found: ${file}`)
    }
    throw error
  } finally {
    lines.close()
  }
  return documents
}

function documentProblem(doc: unknown): string | undefined {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    return 'Expected a JSON object (a document)'
  }
  const {_id, _type} = doc as Record<string, unknown>
  if (_id !== undefined && typeof _id !== 'string') {
    return 'Document contained an invalid "_id" property - must be a string'
  }
  if (typeof _id === 'string' && !DOCUMENT_ID.test(_id)) {
    return `Document ID "${_id}" is not valid: Please use alphanumeric document IDs. Dashes (-) and underscores (_) are also allowed.`
  }
  if (typeof _type !== 'string' || _type === '') {
    return 'Document did not contain required "_type" property of type string'
  }
  return undefined
}

function assertNoDuplicates(documents: SanityDocument[]): void {
  const seen = new Set<string>()
  const duplicates = new Set<string>()
  for (const {_id} of documents) {
    if (seen.has(_id)) duplicates.add(_id)
    seen.add(_id)
  }
  if (duplicates.size > 0) {
    throw new ImportError(
      `Found ${duplicates.size} duplicate IDs in the source file:\n${[...duplicates].map((id) => `- ${id}`).join('\n')}`,
    )
  }
}

/** Sanity's importer adds `_type: 'reference'` to references that lack it. */
function addReferenceTypes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(addReferenceTypes)
  if (typeof value !== 'object' || value === null) return value
  const object = Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, addReferenceTypes(v)]),
  )
  if (typeof object._ref === 'string' && object._type === undefined) object._type = 'reference'
  return object
}

function findAssetRefs(doc: SanityDocument, baseDir: string): AssetRef[] {
  const refs: AssetRef[] = []
  walk(doc, [], (value, path) => {
    if (
      typeof value !== 'object' ||
      value === null ||
      Array.isArray(value) ||
      !(ASSET_KEY in value)
    )
      return
    const raw = (value as Record<string, unknown>)[ASSET_KEY]
    const where = `See document with ID "${doc._id}", path: ${formatPath([...path, ASSET_KEY])}`
    const match = typeof raw === 'string' ? ASSET_VALUE.exec(raw) : null
    if (!match) {
      throw new ImportError(
        [
          'Asset type is not specified.',
          '`_sanityAsset` values must be prefixed with a type, eg image@url or file@url.',
          where,
        ].join('\n'),
      )
    }
    const [, kind, url] = match as unknown as [string, 'image' | 'file', string]
    refs.push({documentId: doc._id, path, kind, file: resolveAssetUrl(url, baseDir, where)})
  })
  return refs
}

function resolveAssetUrl(url: string, baseDir: string, where: string): string {
  if (/^https?:\/\//i.test(url)) {
    throw new ImportError(
      [
        `Cannot import the asset at ${url}: the local lake does not download assets over the network.`,
        'Download the file next to the NDJSON file and refer to it as image@file://./<path>.',
        where,
      ].join('\n'),
    )
  }
  if (!url.toLowerCase().startsWith('file://')) {
    throw new ImportError(`Unsupported asset URL ${url}; use file:// paths.\n${where}`)
  }
  // `file://./x` is relative to the NDJSON file's folder; `file:///x` is absolute.
  const rest = url.slice('file://'.length)
  if (!rest.startsWith('/')) return resolve(baseDir, decodeURIComponent(rest))
  const path = fileURLToPath(url)
  return isAbsolute(path) ? path : resolve(baseDir, path)
}

function assetKey(ref: AssetRef): string {
  return `${ref.kind}#${ref.file}`
}

/** Reads every referenced file and checks images decode, before anything is written. */
async function loadAssetFiles(
  refs: AssetRef[],
): Promise<Map<string, {kind: 'image' | 'file'; file: string; bytes: Buffer}>> {
  const files = new Map<string, {kind: 'image' | 'file'; file: string; bytes: Buffer}>()
  for (const ref of refs) {
    const key = assetKey(ref)
    if (files.has(key)) continue
    let bytes: Buffer
    try {
      bytes = await readFile(ref.file)
    } catch (error) {
      throw new ImportError(
        `Cannot read the ${ref.kind} ${ref.file} for document "${ref.documentId}": ${(error as Error).message}`,
      )
    }
    if (ref.kind === 'image') {
      await probeImage(bytes).catch((error: Error) => {
        throw new ImportError(
          `The image ${ref.file} for document "${ref.documentId}" is not usable: ${error.message}`,
        )
      })
    }
    files.set(key, {kind: ref.kind, file: ref.file, bytes})
  }
  return files
}

/** Splits documents into transactions bounded by count and by serialised size. */
export function batchDocuments(
  documents: SanityDocument[],
  maxCount: number,
  maxBytes: number,
): SanityDocument[][] {
  const batches: SanityDocument[][] = []
  let current: SanityDocument[] = []
  let size = 0
  for (const doc of documents) {
    const docSize = Buffer.byteLength(JSON.stringify(doc))
    if (current.length > 0 && (current.length >= maxCount || size + docSize > maxBytes)) {
      batches.push(current)
      current = []
      size = 0
    }
    current.push(doc)
    size += docSize
  }
  if (current.length > 0) batches.push(current)
  return batches
}

/**
 * Marks strong references to documents of a later batch as weak (a store that checks references
 * would refuse them) and returns the patches that strengthen them once everything is written.
 */
function weakenForwardReferences(batches: SanityDocument[][]): Mutation[] {
  const batchOf = new Map<string, number>()
  batches.forEach((batch, index) => batch.forEach((doc) => batchOf.set(doc._id, index)))
  const patches: Mutation[] = []
  batches.forEach((batch, index) => {
    for (const doc of batch) {
      const unset: string[] = []
      walk(doc, [], (value, path) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return
        const ref = value as Record<string, unknown>
        if (typeof ref._ref !== 'string' || ref._weak === true) return
        const target = batchOf.get(ref._ref)
        if (target === undefined || target <= index) return
        ref._weak = true
        unset.push(formatPath([...path, '_weak']))
      })
      if (unset.length > 0) patches.push({patch: {id: doc._id, unset}})
    }
  })
  return patches
}

function walk(
  value: unknown,
  path: (string | number)[],
  visit: (value: unknown, path: (string | number)[]) => void,
): void {
  visit(value, path)
  if (Array.isArray(value)) {
    value.forEach((item, index) => walk(item, [...path, index], visit))
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) walk(child, [...path, key], visit)
  }
}

function getAt(value: unknown, path: (string | number)[]): unknown {
  return path.reduce<unknown>(
    (node, segment) => (node as Record<string | number, unknown>)?.[segment],
    value,
  )
}

/** A path in the form Sanity patches take: `body[2].image.asset`. */
function formatPath(path: (string | number)[]): string {
  return path
    .map((segment, index) =>
      typeof segment === 'number'
        ? `[${segment}]`
        : /^[A-Za-z_$][\w$]*$/.test(segment)
          ? `${index === 0 ? '' : '.'}${segment}`
          : `[${JSON.stringify(segment)}]`,
    )
    .join('')
}

import {once} from 'node:events'
import {copyFile, mkdir, stat} from 'node:fs/promises'
import {join} from 'node:path'
import type {Writable} from 'node:stream'

import {assetPath} from '../assets/asset-storage.ts'
import type {DatasetHandle, SanityDocument} from '../store/types.ts'

export interface ExportDatasetOptions {
  dataset: DatasetHandle
  /** Include `drafts.` documents (default true, like `sanity dataset export`). */
  drafts?: boolean
  /** Only these `_type`s; the asset documents they reference come along so the export imports cleanly. */
  types?: string[]
  /**
   * Copy the asset files next to the NDJSON (`images/`, `files/`) and refer to them with
   * `_sanityAsset: "image@file://./images/…"`, so both `lake import` and `sanity dataset import`
   * can load the export elsewhere. Asset documents are then left out: importing recreates them.
   */
  assets?: {dataDir: string; folder: string}
}

const ASSET_TYPES = new Set(['sanity.imageAsset', 'sanity.fileAsset'])

/**
 * The documents of an export in a stable order (by `_id`), as `sanity dataset export` selects
 * them: all documents, optionally without drafts or limited to some types. System documents
 * (`_.` ids) stay behind.
 */
export function exportDocuments(options: ExportDatasetOptions): SanityDocument[] {
  const includeDrafts = options.drafts ?? true
  const types = options.types && options.types.length > 0 ? new Set(options.types) : undefined
  const all = [...options.dataset.documents()].filter((doc) => !doc._id.startsWith('_.'))
  const selected = all.filter(
    (doc) => (includeDrafts || !doc._id.startsWith('drafts.')) && (!types || types.has(doc._type)),
  )
  if (types) {
    const chosen = new Set(selected.map((doc) => doc._id))
    for (const id of referencedAssetIds(selected)) {
      const asset = options.dataset.getDocument(id)
      if (asset && ASSET_TYPES.has(asset._type) && !chosen.has(id)) {
        selected.push(asset)
        chosen.add(id)
      }
    }
  }
  return selected.sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0))
}

/** Writes the export as NDJSON, one document per line, honouring back-pressure. */
export async function exportDataset(
  options: ExportDatasetOptions & {output: Writable},
): Promise<{documents: number; assets: number; warnings: string[]}> {
  let documents = exportDocuments(options)
  const warnings: string[] = []
  let copied = 0
  if (options.assets) {
    const files = new Map<string, string>()
    const copy = async (asset: SanityDocument): Promise<string | undefined> => {
      const known = files.get(asset._id)
      if (known) return known
      const {sha1hash, extension} = asset as {sha1hash?: string; extension?: string}
      if (!sha1hash || !extension) return undefined
      const kind = asset._type === 'sanity.imageAsset' ? 'images' : 'files'
      // One folder per hash, so the original file name survives as the imported originalFilename.
      const name = safeFileName(asset.originalFilename, `${sha1hash}.${extension}`)
      const relative = `${kind}/${sha1hash}/${name}`
      const source = assetPath(options.assets!.dataDir, options.dataset.name, sha1hash, extension)
      if (!(await stat(source).catch(() => undefined))) {
        warnings.push(
          `The file of asset "${asset._id}" is missing; its references are kept as they are`,
        )
        return undefined
      }
      await mkdir(join(options.assets!.folder, kind, sha1hash), {recursive: true})
      await copyFile(source, join(options.assets!.folder, relative))
      files.set(asset._id, relative)
      copied++
      return relative
    }
    const rewritten: SanityDocument[] = []
    for (const doc of documents) {
      if (ASSET_TYPES.has(doc._type)) continue
      rewritten.push((await replaceAssetReferences(doc, options.dataset, copy)) as SanityDocument)
    }
    documents = rewritten
  }
  for (const doc of documents) {
    if (!options.output.write(`${JSON.stringify(doc)}\n`)) await once(options.output, 'drain')
  }
  return {documents: documents.length, assets: copied, warnings}
}

async function replaceAssetReferences(
  value: unknown,
  dataset: DatasetHandle,
  copy: (asset: SanityDocument) => Promise<string | undefined>,
): Promise<unknown> {
  if (Array.isArray(value)) {
    return Promise.all(value.map((item) => replaceAssetReferences(item, dataset, copy)))
  }
  if (typeof value !== 'object' || value === null) return value
  const object: Record<string, unknown> = {}
  for (const [key, child] of Object.entries(value)) {
    object[key] = await replaceAssetReferences(child, dataset, copy)
  }
  const ref = (object.asset as {_ref?: unknown} | undefined)?._ref
  const asset = typeof ref === 'string' ? dataset.getDocument(ref) : undefined
  if (!asset || !ASSET_TYPES.has(asset._type)) return object
  const relative = await copy(asset)
  if (!relative) return object
  const {asset: _reference, ...rest} = object
  const kind = asset._type === 'sanity.imageAsset' ? 'image' : 'file'
  const url = relative.split('/').map(encodeURIComponent).join('/')
  return {...rest, _sanityAsset: `${kind}@file://./${url}`}
}

function safeFileName(name: unknown, fallback: string): string {
  if (typeof name !== 'string') return fallback
  const cleaned = name.replace(/[/\\\x00-\x1f]/g, '_').trim()
  return cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : fallback
}

function referencedAssetIds(documents: SanityDocument[]): Set<string> {
  const ids = new Set<string>()
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit)
    } else if (typeof value === 'object' && value !== null) {
      const ref = (value as {_ref?: unknown})._ref
      if (typeof ref === 'string' && /^(image|file)-/.test(ref)) ids.add(ref)
      Object.values(value).forEach(visit)
    }
  }
  documents.forEach(visit)
  return ids
}

import {once} from 'node:events'
import type {Writable} from 'node:stream'

import type {DatasetHandle, SanityDocument} from '../store/types.ts'

export interface ExportDatasetOptions {
  dataset: DatasetHandle
  /** Include `drafts.` documents (default true, like `sanity dataset export`). */
  drafts?: boolean
  /** Only these `_type`s; the asset documents they reference come along so the export imports cleanly. */
  types?: string[]
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
): Promise<{documents: number}> {
  const documents = exportDocuments(options)
  for (const doc of documents) {
    if (!options.output.write(`${JSON.stringify(doc)}\n`)) await once(options.output, 'drain')
  }
  return {documents: documents.length}
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

import {randomBytes} from 'node:crypto'
import {extname} from 'node:path'

import {LakeError, type DatasetHandle, type SanityDocument} from '../store/types.ts'
import {removeAssetBlob, sha1Hex, storeAssetBlob} from './asset-storage.ts'
import {
  DEFAULT_META,
  KNOWN_META,
  createBlurHash,
  createLqip,
  createPalette,
  isOpaque,
  probeImage,
} from './image-metadata.ts'
import {extensionForMimeType, mimeTypeForExtension} from './mime-types.ts'

/** Sanity's hosted limit is far higher; locally a smaller cap keeps a stray upload from filling the disk. */
export const DEFAULT_MAX_ASSET_BYTES = 64 * 1024 * 1024

export type AssetKind = 'image' | 'file'

export interface UploadAssetOptions {
  dataset: DatasetHandle
  dataDir: string
  projectId: string
  /** Origin the asset URLs point at, e.g. `http://localhost:3333` (no trailing slash needed). */
  publicBaseUrl: string
  kind: AssetKind
  bytes: Uint8Array
  /** The request's Content-Type; images are identified by their bytes instead. */
  contentType?: string | undefined
  /** The upload URL's query: filename, label, title, description, creditLine, meta, source*. */
  query: URLSearchParams
  maxBytes?: number
  /** Passed to the store so the HTTP layer can record the author and transaction id. */
  author?: string
  transactionId?: string
}

/**
 * Stores an uploaded image or file and creates its asset document, shaped as Sanity shapes it
 * (`POST /assets/images/:dataset`, `POST /assets/files/:dataset`). Uploading the same bytes
 * again returns the existing document unchanged. Bad input is a 4xx and changes nothing.
 */
export async function uploadAsset(options: UploadAssetOptions): Promise<SanityDocument> {
  const {bytes, dataset, kind, query} = options
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_ASSET_BYTES
  if (kind !== 'image' && kind !== 'file') {
    throw new LakeError(
      400,
      'invalidAssetType',
      `Unknown asset type "${String(kind)}"; use images or files`,
    )
  }
  if (bytes.byteLength === 0) {
    throw new LakeError(
      400,
      'emptyBody',
      'The request body is empty; send the asset bytes as the body',
    )
  }
  if (bytes.byteLength > maxBytes) {
    throw new LakeError(
      413,
      'payloadTooLarge',
      `Asset is ${bytes.byteLength} bytes, larger than the limit of ${maxBytes} bytes`,
    )
  }
  const meta = parseMeta(query)
  const sha1 = sha1Hex(bytes)
  const originalFilename = query.get('filename') || undefined

  const described =
    kind === 'image'
      ? await describeImage(bytes, sha1, meta)
      : describeFile(sha1, originalFilename, options.contentType)

  const existing = dataset.getDocument(described.id)
  if (existing) return existing

  const base = options.publicBaseUrl.replace(/\/+$/, '')
  const path = `${kind}s/${options.projectId}/${dataset.name}/${described.fileName}`
  const document: SanityDocument = {
    _id: described.id,
    _type: kind === 'image' ? 'sanity.imageAsset' : 'sanity.fileAsset',
    assetId: sha1,
    extension: described.extension,
    ...(described.metadata ? {metadata: described.metadata} : {}),
    mimeType: described.mimeType,
    ...(originalFilename ? {originalFilename} : {}),
    path,
    sha1hash: sha1,
    size: bytes.byteLength,
    uploadId: randomBytes(16).toString('base64url'),
    url: `${base}/${path}`,
    ...describedFields(query),
  }

  const stored = await storeAssetBlob({
    dataDir: options.dataDir,
    dataset: dataset.name,
    bytes,
    extension: described.extension,
    sha1,
  })
  try {
    await dataset.mutate([{createIfNotExists: document}], {
      ...(options.author ? {author: options.author} : {}),
      ...(options.transactionId ? {transactionId: options.transactionId} : {}),
    })
  } catch (error) {
    // Leave no orphan behind when the document could not be written.
    if (stored.created) {
      await removeAssetBlob({
        dataDir: options.dataDir,
        dataset: dataset.name,
        sha1,
        extension: described.extension,
      })
    }
    throw error
  }
  return dataset.getDocument(described.id) ?? document
}

interface DescribedAsset {
  id: string
  fileName: string
  extension: string
  mimeType: string
  metadata?: Record<string, unknown>
}

async function describeImage(
  bytes: Uint8Array,
  sha1: string,
  meta: Set<string>,
): Promise<DescribedAsset> {
  const image = await probeImage(bytes)
  const opaque = image.hasAlpha ? await isOpaque(bytes) : true
  const metadata: Record<string, unknown> = {
    _type: 'sanity.imageMetadata',
    ...(meta.has('blurhash') ? {blurHash: await createBlurHash(bytes)} : {}),
    dimensions: {
      _type: 'sanity.imageDimensions',
      aspectRatio: image.width / image.height,
      height: image.height,
      width: image.width,
    },
    hasAlpha: image.hasAlpha,
    isOpaque: opaque,
    ...(meta.has('lqip') ? {lqip: await createLqip(bytes, opaque)} : {}),
    ...(meta.has('palette') ? {palette: await createPalette(bytes)} : {}),
  }
  const dimensions = `${image.width}x${image.height}`
  return {
    id: `image-${sha1}-${dimensions}-${image.extension}`,
    fileName: `${sha1}-${dimensions}.${image.extension}`,
    extension: image.extension,
    mimeType: image.mimeType,
    metadata,
  }
}

function describeFile(
  sha1: string,
  originalFilename: string | undefined,
  contentType: string | undefined,
): DescribedAsset {
  const mimeFromHeader = contentType?.split(';')[0]?.trim().toLowerCase() || undefined
  const fromName = originalFilename ? extname(originalFilename).slice(1).toLowerCase() : ''
  const extension = /^[a-z0-9]{1,16}$/.test(fromName)
    ? fromName
    : (mimeFromHeader && extensionForMimeType(mimeFromHeader)) || 'bin'
  const mimeType =
    mimeFromHeader && mimeFromHeader !== 'application/octet-stream'
      ? mimeFromHeader
      : (mimeTypeForExtension(extension) ?? 'application/octet-stream')
  return {
    id: `file-${sha1}-${extension}`,
    fileName: `${sha1}.${extension}`,
    extension,
    mimeType,
  }
}

function parseMeta(query: URLSearchParams): Set<string> {
  const requested = query.getAll('meta').flatMap((value) => value.split(','))
  if (requested.length === 0) return new Set(DEFAULT_META)
  const unknown = requested.filter((value) => !KNOWN_META.includes(value))
  if (unknown.length > 0) {
    throw new LakeError(
      400,
      'invalidMeta',
      `Invalid meta option(s): ${unknown.join(', ')}; allowed are ${KNOWN_META.join(', ')}`,
    )
  }
  return requested.includes('none') ? new Set() : new Set(requested)
}

function describedFields(query: URLSearchParams): Record<string, unknown> {
  const fields: Record<string, unknown> = {}
  for (const name of ['label', 'title', 'description', 'creditLine']) {
    const value = query.get(name)
    if (value) fields[name] = value
  }
  const source = {
    id: query.get('sourceId') || undefined,
    name: query.get('sourceName') || undefined,
    url: query.get('sourceUrl') || undefined,
  }
  if (source.name) {
    fields.source = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined))
  }
  return fields
}

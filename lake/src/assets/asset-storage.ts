import {createHash, randomBytes} from 'node:crypto'
import {open, mkdir, readFile, rename, rm, stat, unlink} from 'node:fs/promises'
import {dirname, join} from 'node:path'

import {LakeError} from '../store/types.ts'

// Sanity's dataset names: lowercase letters, digits, `_` and `-`, at most 64 characters. Checking
// here as well as in the router keeps a crafted name from ever reaching the file system.
const DATASET_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/
const SHA1 = /^[a-f0-9]{40}$/
const EXTENSION = /^[a-z0-9]{1,16}$/

export function sha1Hex(bytes: Uint8Array): string {
  return createHash('sha1').update(bytes).digest('hex')
}

export function assertDatasetName(dataset: string): void {
  if (!DATASET_NAME.test(dataset)) {
    throw new LakeError(400, 'invalidDatasetName', `Invalid dataset name "${dataset}"`)
  }
}

export function isSha1(value: string): boolean {
  return SHA1.test(value)
}

export function isExtension(value: string): boolean {
  return EXTENSION.test(value)
}

/** The folder that holds one dataset's blobs. */
export function assetDir(dataDir: string, dataset: string): string {
  assertDatasetName(dataset)
  return join(dataDir, 'assets', dataset)
}

/** Where the original bytes of an asset live: sharded by the first two hex digits. */
export function assetPath(
  dataDir: string,
  dataset: string,
  sha1: string,
  extension: string,
): string {
  if (!isSha1(sha1)) throw new LakeError(400, 'invalidAssetId', `Invalid asset hash "${sha1}"`)
  if (!isExtension(extension)) {
    throw new LakeError(400, 'invalidAssetId', `Invalid asset extension "${extension}"`)
  }
  return join(assetDir(dataDir, dataset), sha1.slice(0, 2), `${sha1}.${extension}`)
}

/**
 * Writes `bytes` to `path` so that readers see either nothing or the whole file: a temp file in
 * the same folder (rename is only atomic within one file system), fsync, rename, then fsync the
 * folder so the rename itself survives a power cut.
 */
export async function writeFileAtomic(path: string, bytes: Uint8Array): Promise<void> {
  const folder = dirname(path)
  await mkdir(folder, {recursive: true, mode: 0o700})
  const temp = join(folder, `.tmp-${process.pid}-${randomBytes(6).toString('hex')}`)
  // Private to the lake's user: see store/private-files.ts.
  const handle = await open(temp, 'w', 0o600)
  try {
    await handle.writeFile(bytes)
    await handle.sync()
  } catch (error) {
    await handle.close()
    await unlink(temp).catch(() => {})
    throw error
  }
  await handle.close()
  try {
    await rename(temp, path)
  } catch (error) {
    await unlink(temp).catch(() => {})
    throw error
  }
  await syncFolder(folder)
}

async function syncFolder(folder: string): Promise<void> {
  // Directory fsync is not supported everywhere (e.g. Windows); the rename is still atomic there.
  const handle = await open(folder, 'r').catch(() => undefined)
  if (!handle) return
  await handle.sync().catch(() => {})
  await handle.close()
}

export interface StoredAsset {
  sha1: string
  size: number
  path: string
  /** False when an identical blob was already stored. */
  created: boolean
}

/** Stores the bytes content-addressed by sha1; storing the same bytes twice is a no-op. */
export async function storeAssetBlob(options: {
  dataDir: string
  dataset: string
  bytes: Uint8Array
  extension: string
  sha1?: string
}): Promise<StoredAsset> {
  const sha1 = options.sha1 ?? sha1Hex(options.bytes)
  const path = assetPath(options.dataDir, options.dataset, sha1, options.extension)
  const existing = await stat(path).catch(() => undefined)
  if (existing && existing.size === options.bytes.byteLength) {
    return {sha1, size: existing.size, path, created: false}
  }
  await writeFileAtomic(path, options.bytes)
  return {sha1, size: options.bytes.byteLength, path, created: true}
}

/** The stored bytes, or undefined when there is no such blob. */
export async function readAssetBlob(options: {
  dataDir: string
  dataset: string
  sha1: string
  extension: string
}): Promise<Buffer | undefined> {
  const path = assetPath(options.dataDir, options.dataset, options.sha1, options.extension)
  try {
    return await readFile(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

/** Removes a blob and every rendered variant of it (for when its asset document is deleted). */
export async function removeAssetBlob(options: {
  dataDir: string
  dataset: string
  sha1: string
  extension: string
}): Promise<void> {
  await rm(assetPath(options.dataDir, options.dataset, options.sha1, options.extension), {
    force: true,
  })
  await rm(variantDir(options.dataDir, options.dataset, options.sha1), {
    recursive: true,
    force: true,
  })
}

/** Rendered image variants live beside the blobs, one folder per source image. */
export function variantDir(dataDir: string, dataset: string, sha1: string): string {
  if (!isSha1(sha1)) throw new LakeError(400, 'invalidAssetId', `Invalid asset hash "${sha1}"`)
  return join(assetDir(dataDir, dataset), '.variants', sha1)
}

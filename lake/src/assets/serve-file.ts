import {LakeError} from '../store/types.ts'
import {
  ASSET_SECURITY_HEADERS,
  IMMUTABLE_CACHE_CONTROL,
  attachment,
  etagMatches,
  type AssetResponse,
} from './asset-response.ts'
import {readAssetBlob} from './asset-storage.ts'
import {mimeTypeForExtension} from './mime-types.ts'

const FILE_NAME = /^([a-f0-9]{40})\.([a-z0-9]{1,16})$/

export interface ServeFileOptions {
  dataDir: string
  dataset: string
  /** The last path segment, `<sha1>.<ext>`. */
  fileName: string
  query: URLSearchParams
  /** The asset document's mimeType when the caller has it; otherwise guessed from the extension. */
  mimeType?: string | undefined
  ifNoneMatch?: string | undefined
}

/**
 * Serves `/files/:projectId/:dataset/:sha1.:ext` as stored. `dl` (optionally with a file name)
 * makes it an attachment. Throws a LakeError 404 for an unknown file.
 */
export async function serveFile(options: ServeFileOptions): Promise<AssetResponse> {
  const match = FILE_NAME.exec(options.fileName)
  if (!match) throw notFound(options.fileName)
  const [, sha1, extension] = match as unknown as [string, string, string]
  const body = await readAssetBlob({
    dataDir: options.dataDir,
    dataset: options.dataset,
    sha1,
    extension,
  })
  if (!body) throw notFound(options.fileName)

  // The content never changes for a given hash, so the hash is the entity tag.
  const etag = `"${sha1}"`
  const download = options.query.get('dl')
  const headers: Record<string, string> = {
    'Content-Type':
      options.mimeType ?? mimeTypeForExtension(extension) ?? 'application/octet-stream',
    'Cache-Control': IMMUTABLE_CACHE_CONTROL,
    'ETag': etag,
    ...ASSET_SECURITY_HEADERS,
    ...(download === null ? {} : {'Content-Disposition': attachment(download || options.fileName)}),
  }
  if (etagMatches(options.ifNoneMatch, etag)) {
    return {status: 304, headers, body: Buffer.alloc(0)}
  }
  return {status: 200, headers, body}
}

function notFound(fileName: string): LakeError {
  return new LakeError(404, 'notFound', `File "${fileName}" not found`)
}

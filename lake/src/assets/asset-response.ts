/** What the HTTP layer writes back for an asset request: status, headers and the whole body. */
export interface AssetResponse {
  status: number
  headers: Record<string, string>
  body: Buffer
}

/** Asset URLs are content-addressed, so a response never goes stale. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable'

/**
 * Uploaded HTML or SVG must not run as a page on the lake's origin (where the studio's token
 * lives), so assets are sandboxed and never sniffed into something executable.
 */
export const ASSET_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
}

export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/** Whether an If-None-Match header names this entity tag. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim()
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`
  })
}

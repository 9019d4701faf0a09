import {createHash} from 'node:crypto'
import {promisify} from 'node:util'
import {brotliCompress, constants, gzip} from 'node:zlib'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

export type Encoding = 'br' | 'gzip' | 'identity'

/** One rendered page in all the forms a client may ask for, compressed once when it was rendered. */
export type CachedPage = {
  status: number
  /** Headers every form shares (type, policy, cache rules, tags); not the encoding's own. */
  headers: Record<string, string>
  bodies: Record<Encoding, Buffer>
  /** Strong validator of the page; each encoding's ETag adds its own suffix, as the representations differ. */
  etag: string
  tags: ReadonlySet<string>
  expires: number
}

/**
 * Builds the cached forms of a page: brotli at quality 9 (a few milliseconds for a 60 KB page, close to 11's size)
 * and gzip at 9, done once per page and content revision rather than once per request.
 */
export async function preparePage(
  html: string,
  page: Omit<CachedPage, 'bodies' | 'etag' | 'expires'>,
  expires: number,
): Promise<CachedPage> {
  const identity = Buffer.from(html, 'utf8')
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.byteLength,
      },
    }),
    gzipAsync(identity, {level: 9}),
  ])
  const etag = createHash('sha256').update(identity).digest('base64url').slice(0, 27)
  return {...page, bodies: {identity, br, gzip: gz}, etag, expires}
}

/** The client's best encoding among ours: brotli, then gzip, else none (`q=0` refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity'
  const accepted = new Map<string, number>()
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean)
    if (name) accepted.set(name, q === undefined ? 1 : Number(q))
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br'
  if (weight('gzip') > 0) return 'gzip'
  return 'identity'
}

export const etagFor = (page: Pick<CachedPage, 'etag'>, encoding: Encoding) =>
  encoding === 'identity' ? `"${page.etag}"` : `"${page.etag}-${encoding}"`

/** Whether `If-None-Match` names this page in any of its encodings (a cache may hold another one's validator). */
export function matchesEtag(
  ifNoneMatch: string | undefined,
  page: Pick<CachedPage, 'etag'>,
): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === `"${page.etag}"` || tag.startsWith(`"${page.etag}-`))
}

/**
 * How a kept page answers one request, whichever host writes it (the fetch-style app or the Node shortcut in
 * kept-page-listener.ts): in the client's encoding, with the same bytes and headers for everyone so any cache may
 * keep it; 304 without a body when the client already has it. Nothing is rendered or compressed here.
 */
export function pageReply(
  page: CachedPage,
  request: {method: string; acceptEncoding: string | undefined; ifNoneMatch: string | undefined},
  extraHeaders: Record<string, string> = {},
): {status: number; headers: Record<string, string>; body: Buffer | undefined} {
  const encoding = chooseEncoding(request.acceptEncoding)
  const headers: Record<string, string> = {
    ...extraHeaders,
    ...page.headers,
    ETag: etagFor(page, encoding),
    Vary: 'Accept-Encoding',
  }
  if (matchesEtag(request.ifNoneMatch, page)) {
    delete headers['Content-Type']
    return {status: 304, headers, body: undefined}
  }
  const body = page.bodies[encoding]
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding
  headers['Content-Length'] = String(body.byteLength)
  return {status: page.status, headers, body: request.method === 'HEAD' ? undefined : body}
}

export type PageCache = ReturnType<typeof createPageCache>

/**
 * The server's rendered pages, by address, each with the sync tags of the content it was built from. A content
 * event drops the pages that read what changed; `generation` moves with every drop, so a render that started
 * before a change (and may have read the old content) is never stored after it.
 */
export function createPageCache({
  maxEntries = 500,
  maxVariants = 16,
}: {
  maxEntries?: number
  /** Query variants one path may have (`/experiences?category=…`), so no query can push every other page out. */
  maxVariants?: number
} = {}) {
  const pages = new Map<string, CachedPage>()
  const variantsOf = (path: string) => {
    let count = 0
    for (const key of pages.keys()) if (key.startsWith(`${path}?`)) count++
    return count
  }
  let generation = 0
  return {
    get generation() {
      return generation
    },
    get(key: string, now = Date.now()): CachedPage | undefined {
      const page = pages.get(key)
      if (!page) return undefined
      if (page.expires > now) return page
      pages.delete(key)
      return undefined
    },
    /**
     * Stores the page unless content changed since `renderedAt` (the generation when its render began), or the key
     * is a query variant of a path (`path?…`) that has its most variants already.
     */
    set(key: string, page: CachedPage, renderedAt: number): boolean {
      if (renderedAt !== generation) return false
      const query = key.indexOf('?')
      if (query >= 0 && !pages.has(key) && variantsOf(key.slice(0, query)) >= maxVariants)
        return false
      // Oldest first out: Map keeps insertion order, and a re-stored page moves to the end.
      pages.delete(key)
      pages.set(key, page)
      if (pages.size > maxEntries) pages.delete(pages.keys().next().value!)
      return true
    },
    /** Drops every page built from content with one of these tags. */
    invalidate(tags: Iterable<string>) {
      generation++
      const changed = new Set(tags)
      for (const [key, page] of pages)
        if ([...page.tags].some((tag) => changed.has(tag))) pages.delete(key)
    },
    /** The addresses kept now. */
    keys(): string[] {
      return [...pages.keys()]
    },
    /** The kept pages whose text mentions one of `marks` (lower-case), for the privacy proof and an erasure. */
    mentioning(marks: readonly string[]): string[] {
      if (marks.length === 0) return []
      return [...pages]
        .filter(([, page]) => {
          const text = page.bodies.identity.toString('utf8').toLowerCase()
          return marks.some((mark) => text.includes(mark))
        })
        .map(([key]) => key)
    },
    /** Drops these addresses' pages. */
    drop(keys: Iterable<string>) {
      generation++
      for (const key of keys) pages.delete(key)
    },
    /** Drops everything: after events may have been missed (a reconnect, a restart of the stream). */
    clear() {
      generation++
      pages.clear()
    },
  }
}

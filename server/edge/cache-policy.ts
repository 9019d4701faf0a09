/**
 * What every page is unless it is known to be public: no cache, shared or private, may keep it. Which pages are
 * personal, however their address is spelt, is `isPersonalPath` (page-address.ts); web/edge/site.vcl passes the same.
 */
export const NO_STORE = 'private, no-store'

/**
 * How long a shared cache (Varnish, a CDN) may serve a public page. With a purger configured, a publish purges
 * the pages that read the changed content within a second or two, so the cache may keep pages for ten minutes:
 * that only bounds the damage of a purge that never arrived, and how long a page that depends on the date may lag.
 * Without one, nothing would tell the cache, so it may keep a page 2 s and serve it stale 3 s more while it fetches
 * the new one: never more than 5 s behind what was published. Browsers always ask again (`max-age=0`) and get a
 * 304 while the page's ETag still matches.
 */
export function publicPageCacheControl(purgeConfigured: boolean): string {
  return purgeConfigured
    ? 'public, max-age=0, s-maxage=600, stale-while-revalidate=30'
    : 'public, max-age=0, s-maxage=2, stale-while-revalidate=3'
}

/** How long the server keeps a rendered page; content events drop it as soon as what it read changes. */
export const originPageLifetimeMs = (eventsConnected: boolean, contentCacheMs: number) =>
  // With no event stream nothing would drop a page when content changes: no longer than the GROQ cache keeps a read.
  eventsConnected ? 600_000 : contentCacheMs

/**
 * A key every cached page carries besides its content's sync tags, so everything can be purged at once: when
 * purging passes to another server that cannot know which changes the last one missed, or after a deploy.
 */
export const ALL_PAGES_TAG = 'pages'

/**
 * The key every cached page in one language carries (`lang:de`), so a purge can reach one language's pages
 * (docs/decisions/247-language-addresses.md).
 */
export const languageTag = (language: string) => `lang:${language}`

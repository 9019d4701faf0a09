/**
 * The copies of rendered pages the site keeps (this server's page cache, and the shared cache in front of it), as
 * the privacy code reaches them: an erasure drops what may name the person and the proof searches what is left
 * (docs/decisions/153-caches-in-the-erasure-and-its-proof.md). The site server registers them when it starts
 * (server/start-site.ts); a process without a site (a job run alone) has none.
 */
export type KeptPages = {
  /** How many pages this server keeps, and how many of them mention one of `marks` (lower-case). */
  search: (marks: readonly string[]) => {searched: number; found: number}
  /**
   * Drops this server's kept pages that mention one of `marks`, and asks the shared cache to drop every page
   * tagged with one of `tags` (`bookingCacheTag`). Never rejects: an erasure already done in the lake is not
   * undone by a shared cache that could not be reached, which the site server logs.
   */
  forget: (marks: readonly string[], tags: readonly string[]) => Promise<void>
}

let registered: KeptPages | undefined

export function registerKeptPages(pages: KeptPages | undefined) {
  registered = pages
}

export const keptPages = (): KeptPages | undefined => registered

/** The cache tag that names one booking request: what a purge for its person's erasure names. */
export const bookingCacheTag = (bookingId: string) => `booking:${bookingId}`

/**
 * The site's slug rule: the title lowercased, every run of characters that are not letters or digits turned
 * into one hyphen, and hyphens trimmed from both ends.
 *
 * Two refinements keep the rule in line with the site's real routes: apostrophes are dropped before the rule runs
 * (so "Lion's Head Sunset Hike" gives `lions-head-sunset-hike`, the route the spec lists, rather than
 * `lion-s-head-…`), and accents are folded to plain letters ("Café" gives `cafe`).
 */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** True when `slug` is already in the shape `slugify` produces (non-empty, lowercase, single inner hyphens). */
export function isSlug(slug: string): boolean {
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)
}

/**
 * One reading of a page's address for everything that decides about it: the site's redirect of other spellings,
 * whether a page is personal (no cache may keep it, its headers), the origin cache's key, and Varnish's pass rule
 * (web/edge/site.vcl, tested against this list). A check that reads the raw address while the router reads another
 * spelling of it is how a personal page came to be kept under `/REQUESTS/<token>` or `/%72equests/<token>`
 * (docs/decisions/151-one-reading-of-a-page-address.md).
 */

import {DEFAULT_LANGUAGE, LANGUAGES} from '@repo/schemas/languages.ts'

/**
 * The first segments (after a language's prefix, `/de/requests/…`) of every address that is about one person or
 * holds a secret: the API, the staff dashboard, a traveller's request link, a review form, the booking form and the
 * page shown after it, the newsletter's confirm and unsubscribe links, a waitlist's offer and leave links, a
 * traveller's privacy request and their copy.
 */
export const PERSONAL_PATHS = [
  'api',
  'admin',
  'requests',
  'reviews',
  'book',
  'thank-you',
  'unsubscribe',
  'newsletter',
  'waitlist',
  'privacy/requests',
] as const

/** Pages whose address is a secret: the traveller's request links (no Referer at all may carry it). */
export const PRIVATE_LINK_PATHS = ['requests'] as const

/** Pages whose address is a secret and whose form posts to itself: a waitlist offer, a privacy request's links. */
export const SELF_POSTING_LINK_PATHS = [
  'waitlist/offers',
  'waitlist/leave',
  'privacy/requests/confirm',
  'privacy/requests/download',
] as const

/**
 * The query parameters the site's public pages read (the listing's filters and detail dialog, a trip's date and
 * group, the reviews' page, the contact page's kind): only these make an origin cache entry of their own.
 */
export const READ_QUERY_PARAMS = [
  'exp',
  'category',
  'date',
  'paxA',
  'paxC',
  'reviews',
  'type',
] as const

const escape = (path: string) => path.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')
/** The prefixes of the languages other than English (schemas/src/languages.ts): a personal page is one in each. */
const LANGUAGE_PREFIX = `(?:(?:${LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).join('|')})/)?`
const under = (paths: readonly string[]) =>
  new RegExp(`^/${LANGUAGE_PREFIX}(${paths.map(escape).join('|')})(/|$)`)
const PERSONAL = under(PERSONAL_PATHS)
const PRIVATE_LINK = under(PRIVATE_LINK_PATHS)
const SELF_POSTING_LINK = under(SELF_POSTING_LINK_PATHS)

/** Sub-delimiters, `:` and `@` may stand in a path segment as they are (RFC 3986 `pchar`); the rest is escaped. */
const encodeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/%(24|26|2B|2C|3B|3D|3A|40)/g, (escaped) =>
    decodeURIComponent(escaped),
  )

/**
 * The one spelling of a path: each segment percent-decoded and escaped again only where it must be (in upper-case
 * hex), `.` and `..` segments resolved, empty segments (doubled and trailing slashes) dropped. Letters keep their
 * case: a link's token is case-sensitive, and so are the site's routes, so `/REQUESTS/x` names no page at all.
 * Undefined when the path is not valid percent-encoding.
 */
export function canonicalPath(path: string): string | undefined {
  const segments: string[] = []
  for (const part of path.split('/')) {
    let segment: string
    try {
      segment = decodeURIComponent(part)
    } catch {
      return undefined
    }
    if (segment === '' || segment === '.') continue
    if (segment === '..') segments.pop()
    else segments.push(encodeSegment(segment))
  }
  return '/' + segments.join('/')
}

/** The path as the checks compare it: canonical and in lower case; an undecodable path reads as personal. */
const comparable = (path: string) => canonicalPath(path)?.toLowerCase()

/** Whether any spelling of this path is a personal page's (an undecodable one counts as one: fail closed). */
export function isPersonalPath(path: string): boolean {
  const normal = comparable(path)
  return normal === undefined || PERSONAL.test(normal)
}

/** Whether this path, however spelt, is a traveller's request link. */
export const isPrivateLinkPath = (path: string) => PRIVATE_LINK.test(comparable(path) ?? '')

/** Whether this path, however spelt, is a waitlist or privacy link's page. */
export const isSelfPostingLinkPath = (path: string) =>
  SELF_POSTING_LINK.test(comparable(path) ?? '')

/**
 * The origin cache's key for a page: its canonical path and, in a fixed order, only the query parameters a public
 * page reads. A query that adds anything else is the same page and finds the same entry; the cache keeps only so
 * many variants of one path (page-cache.ts `maxVariants`).
 */
export function pageCacheKey(url: URL): {key: string; path: string} {
  const path = canonicalPath(url.pathname) ?? url.pathname
  const read = [...url.searchParams]
    .filter(([name]) => (READ_QUERY_PARAMS as readonly string[]).includes(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return {key: read.length > 0 ? `${path}?${new URLSearchParams(read)}` : path, path}
}

/**
 * Varnish's pattern for the personal pages, as web/edge/site.vcl writes it (a test holds the two together): the
 * same list, after the VCL has passed every address not in canonical spelling.
 */
export const vclPersonalPattern = () => `^/${LANGUAGE_PREFIX}(${PERSONAL_PATHS.join('|')})(/|\\?|$)`

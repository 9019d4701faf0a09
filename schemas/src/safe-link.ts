/**
 * Which addresses a link in rich text may point to: the studio's validation, the site's server rendering and its
 * client rendering all ask this one rule, so a document written through the API rather than the studio renders
 * no link the studio would have refused (docs/decisions/041-safe-links.md).
 *
 * Allowed: `https:`, `http:`, `mailto:` and `tel:` addresses, and site paths (`/about`). Everything else is plain
 * text: other schemes (`javascript:`, `data:`, `vbscript:`…), scheme-relative `//host` and `/\host` (another
 * site), and any address holding whitespace, controls, backslashes or invisible characters, which browsers drop
 * or reinterpret before they read the scheme (`java\tscript:`, ` javascript:`). The address is checked as
 * written and used as written: what passed the check is exactly what the browser receives.
 */

export const LINK_SCHEMES = ['https:', 'http:', 'mailto:', 'tel:'] as const

export const LINK_RULE_MESSAGE = 'Enter a web address (https://…), a site path (/about), mailto: or tel:.'

// Whitespace, C0/C1 controls, DEL, backslash and every format or default-ignorable character.
const NOT_IN_A_LINK = /[\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\\]/u
const SCHEME = /^([a-z][a-z0-9+.-]*):/i

export type LinkKind = 'site' | 'external'

/** What kind of link `href` makes, or null when it must be rendered as plain text. */
export function linkKind(href: unknown): LinkKind | null {
  if (typeof href !== 'string' || href.length === 0 || href.length > 2048) return null
  if (NOT_IN_A_LINK.test(href)) return null
  if (href.startsWith('/')) {
    // `/.//host` reads as a path but resolves to `//host`, which a router may write out as another site's link.
    const resolved = new URL(href, 'https://site.invalid')
    return resolved.host === 'site.invalid' && !resolved.pathname.startsWith('//') ? 'site' : null
  }
  const scheme = SCHEME.exec(href)?.[1]?.toLowerCase()
  if (!scheme || !(LINK_SCHEMES as readonly string[]).includes(`${scheme}:`)) return null
  let url: URL
  try {
    url = new URL(href)
  } catch {
    return null
  }
  // The parser's reading must agree with the text's: same scheme, and a host for web addresses.
  if (url.protocol !== `${scheme}:`) return null
  if ((scheme === 'https' || scheme === 'http') && !url.hostname) return null
  if ((scheme === 'mailto' || scheme === 'tel') && url.pathname.length === 0) return null
  return 'external'
}

/** The href to render, or null for plain text. */
export const safeLinkHref = (href: unknown): string | null =>
  linkKind(href) ? (href as string) : null

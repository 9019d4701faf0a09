import {createHash, randomBytes} from 'node:crypto'

/** A marker the server puts on the inline code it trusts while it builds a page; never sent. */
export const newTrustMarker = () => `trust-${randomBytes(12).toString('base64url')}`

/**
 * Marks the template's own inline `<script>` and `<style>` elements (they come from the build) and the server's
 * own scripts as trusted, with the page's one-off marker in place of a nonce attribute.
 */
export function markTrusted(html: string, marker: string): string {
  return html.replace(/<(script|style)\b/g, `<$1 nonce="${marker}"`)
}

export type SealedPage = {html: string; scriptHashes: string[]; styleHashes: string[]}

/**
 * The policy's hash of each inline code, kept: the template's scripts and styles and the site's config script are
 * the same on every page, so each is hashed once rather than on every render. Recently used hashes stay; the
 * pages' own state scripts, which differ, pass through and leave. A few dozen entries hold every constant one.
 */
const KEPT_HASHES = 64
const hashes = new Map<string, string>()

export function inlineCodeHash(code: string): string {
  let hash = hashes.get(code)
  if (hash !== undefined) hashes.delete(code)
  else hash = `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`
  hashes.set(code, hash)
  if (hashes.size > KEPT_HASHES) hashes.delete(hashes.keys().next().value!)
  return hash
}

/**
 * Swaps the marker on each trusted inline element for its hash in the policy, and drops the marker. The page then
 * has no nonce at all, so one response serves every visitor (and every shared cache), and only code that was
 * marked while the page was built can run: rendered content never saw the marker, which is random per page and
 * never leaves the server. Only elements with inline code are hashed; external ones run as `'self'`.
 */
export function sealTrustedCode(html: string, marker: string): SealedPage {
  const scripts = new Set<string>()
  const styles = new Set<string>()
  const attribute = ` nonce="${marker}"`
  const sealed = html.replace(
    /<(script|style) nonce="([^"]+)"([^>]*)>([\s\S]*?)<\/\1>/g,
    (element, tag: string, found: string, attributes: string, code: string) => {
      if (found !== marker) return element
      if (code.length > 0 && !/\bsrc=/.test(attributes))
        (tag === 'script' ? scripts : styles).add(inlineCodeHash(code))
      return `<${tag}${attributes}>${code}</${tag}>`
    },
  )
  // A marked element left over (one the pattern could not close) must not carry the marker out either.
  return {
    html: sealed.split(attribute).join(''),
    scriptHashes: [...scripts],
    styleHashes: [...styles],
  }
}

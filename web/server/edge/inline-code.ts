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

const sha256 = (code: string) =>
  `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`

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
        (tag === 'script' ? scripts : styles).add(sha256(code))
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

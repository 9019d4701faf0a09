/**
 * What a page in preview has that a visitor's never does: a marker saying so, with a way out, and a flag that
 * makes the browser load the preview code (`src/preview/`). Both are written by the server, outside `#root`, so
 * the visitors' bundle carries none of it and hydration is untouched.
 */
const MARKER_STYLE = [
  'position:fixed',
  'z-index:2147483000',
  'bottom:1rem',
  'left:1rem',
  'display:flex',
  'gap:0.75rem',
  'align-items:center',
  'padding:0.5rem 0.875rem',
  'border-radius:999px',
  'background:#1a1a1a',
  'color:#fff',
  'font:600 0.875rem/1.4 system-ui,sans-serif',
  'box-shadow:0 2px 8px rgba(0,0,0,.3)',
].join(';')

const LINK_STYLE = 'color:#fff;text-decoration:underline'

export function previewMarker(url: URL): string {
  const back = encodeURIComponent(url.pathname + url.search)
  return `<aside id="preview-marker" role="status" aria-label="Preview" style="${MARKER_STYLE}"><span>Preview: unpublished changes are shown</span><a href="/api/preview/disable?redirect=${back}" style="${LINK_STYLE}">Exit preview</a></aside>`
}

/** Read by `src/main.tsx` to load the preview code; the server adds this response's nonce. */
export function previewState(studioOrigin: string): string {
  // `<` escaped: the value can never close the script element.
  return `<script>window.__PREVIEW__=${JSON.stringify({studioOrigin}).replace(/</g, '\\u003c')}</script>`
}

import type {GroqFetcher} from '../lib/sanity-fetch'

/**
 * A previewing browser's GROQ: through the site's server, which holds the token and runs only the site's own
 * queries (web/server/preview/preview-api.ts). A session that has ended answers 401: the page reloads, and is
 * then the published page.
 */
export const previewFetch: GroqFetcher = async (query, params, signal) => {
  const response = await fetch('/api/preview/query', {
    method: 'POST',
    headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({query, params}),
    credentials: 'same-origin',
    ...(signal ? {signal} : {}),
  })
  if (response.status === 401) {
    window.location.reload()
    throw new Error('The preview has ended.')
  }
  if (!response.ok) throw new Error(`Preview query failed (${response.status})`)
  return ((await response.json()) as {result: unknown}).result
}

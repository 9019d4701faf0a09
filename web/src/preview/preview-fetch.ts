import type {GroqFetcher} from '../lib/sanity-fetch'
import type {StudioLoader} from './studio-loader'

/**
 * A previewing browser's GROQ: the studio's own result when the page is in its Presentation tool (studio-loader.ts),
 * otherwise through the site's server, which holds the token and runs only the site's own queries
 * (server/preview/preview-api.ts). A session that has ended answers 401: the page reloads, and is then the
 * published page.
 */
export function createPreviewFetch(studio?: StudioLoader): GroqFetcher {
  return async (query, params, signal) => {
    studio?.listen(query, params)
    const fromStudio = studio?.latest(query, params)
    if (fromStudio) return fromStudio.result
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
}

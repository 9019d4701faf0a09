import type {QueryClient} from '@tanstack/react-query'
import {enableVisualEditing, type HistoryAdapter} from '@sanity/visual-editing'
import type {createBrowserRouter} from 'react-router-dom'

import type {GroqFetcher} from '../lib/sanity-fetch'
import {keepStegaInTextOnly} from './clean-stega'
import {createPreviewFetch} from './preview-fetch'
import {connectStudioLoader} from './studio-loader'

type Router = ReturnType<typeof createBrowserRouter>

/** Navigation in the frame shows in the studio's address bar, and the studio's navigation moves the frame. */
function historyAdapter(router: Router): HistoryAdapter {
  return {
    subscribe(navigate) {
      const current = () => {
        const {pathname, search, hash} = router.state.location
        return `${pathname}${search}${hash}`
      }
      navigate({type: 'replace', url: current()})
      return router.subscribe((state) => {
        const type =
          state.historyAction === 'POP'
            ? 'pop'
            : state.historyAction === 'REPLACE'
              ? 'replace'
              : 'push'
        navigate({type, url: current()})
      })
    },
    update(update) {
      if (update.type === 'pop') void router.navigate(-1)
      else void router.navigate(update.url, {replace: update.type === 'replace'})
    },
  }
}

/**
 * The preview's browser half, loaded only on pages the server rendered in preview (`window.__PREVIEW__`), so
 * visitors never download it: in the studio's frame, reads come from the studio (the form's unsaved state),
 * otherwise through the site's preview endpoint; every change saved to the lake (drafts included) refetches the
 * page's queries; the overlays open the field a text came from. The studio is assumed at `/studio` on its origin,
 * as the lake serves it (stega's links for opening a field outside the studio).
 */
export function startPreview({
  queryClient,
  router,
  studioOrigin,
  setServerFetcher,
  sanity,
}: {
  queryClient: QueryClient
  router: Router
  /** The studio that opened the session (the server writes it into the page). */
  studioOrigin: string
  /**
   * Handed over by the entry rather than imported: a preview chunk that imported the entry's modules made the
   * bundler move Vite's preload helper out of the entry into a chunk of its own, one more file for every visitor.
   */
  setServerFetcher: (fetcher: GroqFetcher) => void
  sanity: {projectId: string; dataset: string}
}) {
  keepStegaInTextOnly()

  let pending: ReturnType<typeof setTimeout> | undefined
  const refetch = () => {
    // A burst of saves (typing) costs one refetch per animation frame or so, the newest winning.
    if (pending) return
    pending = setTimeout(() => {
      pending = undefined
      void queryClient.invalidateQueries()
    }, 16)
  }

  const studio = connectStudioLoader({
    projectId: sanity.projectId,
    dataset: sanity.dataset,
    studioUrl: `${studioOrigin}/studio/content`,
    onChange: refetch,
  })
  // In the browser this fetcher is otherwise unset (the lazily loaded public client answers).
  setServerFetcher(createPreviewFetch(studio))

  const events = new EventSource('/api/preview/live')
  events.addEventListener('change', refetch)
  events.addEventListener('ended', () => {
    events.close()
    window.location.reload()
  })

  // In the studio's frame the page lives as long as the Presentation tool (its navigation happens in the page):
  // when the frame goes, the studio has closed the tool, and the session ends with it.
  if (window.parent !== window)
    window.addEventListener('pagehide', () => navigator.sendBeacon('/api/preview/end'))

  enableVisualEditing({
    history: historyAdapter(router),
    refresh: () => queryClient.invalidateQueries(),
  })
  // The server's page has no stega (its head and JSON-LD stay clean); the first read through the preview
  // endpoint brings the overlays' pointers.
  refetch()
}

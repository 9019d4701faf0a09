import type {DehydratedState} from '@tanstack/react-query'
import {startTransition, StrictMode} from 'react'
import {hydrateRoot} from 'react-dom/client'
import {createBrowserRouter, matchRoutes, RouterProvider, type RouteObject} from 'react-router-dom'

import {languageOfPath, languagePrefix} from '@repo/schemas/languages.ts'
import {AppProvider} from './app/provider'
import {createRoutes, type PageHandle} from './app/router'
import {createSiteI18n} from './i18n/i18n'
import {createQueryClient, hydrateServerState} from './lib/query-client'
import {publicEnv} from './lib/env'
import {setServerFetcher} from './lib/sanity-fetch'
import './styles/global.css'
import './styles/booking.css'
import './styles/reviews.css'

declare global {
  interface Window {
    __RQ_STATE__?: DehydratedState
    /** Set by the server on pages rendered in preview for the studio (server/preview/preview-page.ts). */
    __PREVIEW__?: {studioOrigin: string}
  }
}

/**
 * Page components are lazy chunks. Resolve the ones the server rendered before hydrating, otherwise the router
 * would render its fallback first and React would throw away the server's markup; likewise what the address
 * showed beyond the page (an open dialog, see `PageHandle`).
 */
async function loadMatchedRoutes(routes: RouteObject[], basename: string) {
  const matches = matchRoutes(routes, window.location, basename) ?? []
  const url = new URL(window.location.href)
  await Promise.all(
    matches.map(async ({route}) => {
      const handle = route.handle as PageHandle | undefined
      const resolve = async () => {
        if (typeof route.lazy !== 'function') return
        const resolved = await route.lazy()
        Object.assign(route, {...resolved, lazy: undefined})
      }
      await Promise.all([resolve(), handle?.load?.(url)])
    }),
  )
}

async function start() {
  const queryClient = createQueryClient()
  if (window.__RQ_STATE__) hydrateServerState(queryClient, window.__RQ_STATE__)
  const routes = createRoutes(queryClient)
  // The language the server rendered in (its prefix is the router's basename) and its compiled catalogue.
  const {language} = languageOfPath(window.location.pathname)
  const basename = languagePrefix(language) || '/'
  const i18n = createSiteI18n(window.__I18N__ ?? {language, messages: {}})
  await loadMatchedRoutes(routes, basename)
  // Loader data and errors (e.g. the 404) come from `window.__staticRouterHydrationData`, written by the server.
  const router = createBrowserRouter(routes, {basename})
  // Only pages rendered in preview load the preview code (its own chunk); before hydrating, so that no read
  // goes to the published content.
  const preview = window.__PREVIEW__
  if (preview)
    (await import('./preview/start-preview')).startPreview({
      queryClient,
      router,
      ...preview,
      setServerFetcher,
      sanity: publicEnv.sanity,
    })
  const container = document.getElementById('root')
  if (!container) throw new Error('#root is missing from index.html')
  // From here React listens (and replays what happens while it hydrates); the earlier taps are replayed by the
  // shell once hydrated.
  window.__earlyActions?.stop()
  // Hydrating as a transition lets React yield to the browser every few milliseconds instead of holding the main
  // thread for the whole page: Lighthouse's total blocking time went from 87–164 ms to 44–61 ms, and a tap made
  // meanwhile is no slower to take effect (`npm run bench -- site phone`).
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <AppProvider queryClient={queryClient} i18n={i18n}>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    )
  })
}

// A page chunk that fails to load leaves the server's page as it is; what was kept for the app goes ahead
// without it (web/build/keep-early-actions.ts).
start().catch((error: unknown) => {
  window.__earlyActions?.abandon()
  throw error
})

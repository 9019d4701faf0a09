import {dehydrate} from '@tanstack/react-query'
import {StrictMode} from 'react'
import {renderToString} from 'react-dom/server'
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router-dom'

import {LANGUAGE_INFO, languageOfPath, languagePrefix} from '@repo/schemas/languages.ts'
import type {RenderFn} from './render-contract'
import {AppProvider} from './app/provider'
import {createRoutes, type PageHandle} from './app/router'
import {HeadCollector, HeadProvider, renderHeadHtml, serializeJson} from './components/seo'
import {pageI18n} from './i18n/catalogues'
import {createSiteI18n} from './i18n/i18n'
import {createQueryClient} from './lib/query-client'
import {setServerFetcher} from './lib/sanity-fetch'

/**
 * The one header a page's loader or action may give its answer (`data(…, {headers})`): when a client over its limit,
 * or turned away while something is busy, may ask again. The longest such wait among the matched routes is the page's.
 */
function retryAfter(context: StaticHandlerContext): Record<string, string> {
  const waits = [...Object.values(context.actionHeaders), ...Object.values(context.loaderHeaders)]
    .flatMap((headers) => {
      // An answer without the header says nothing of waiting (Number(null) would read as "now").
      const value = headers.get('retry-after')
      return value === null || value.trim() === '' ? [] : [Number(value)]
    })
    .filter((seconds) => Number.isInteger(seconds) && seconds >= 0)
  return waits.length > 0 ? {'Retry-After': String(Math.max(...waits))} : {}
}

const FALLBACK_SEO = {
  title: 'Cape Town experiences',
  description: 'Guided local experiences in Cape Town.',
  path: '/',
}

export const render: RenderFn = async (
  request,
  {fetcher, nonce, readTravellerRequest, readReviewInvitation, readPrivateLink, actOnPrivateLink},
) => {
  setServerFetcher(fetcher)
  // A fresh cache per request: one visitor's data never leaks into another's page.
  const queryClient = createQueryClient()
  // The address's language prefix is the router's basename: every page, link and redirect stays in it
  // (docs/decisions/247-language-addresses.md).
  const {language} = languageOfPath(new URL(request.url).pathname)
  const i18n = pageI18n(language)
  const handler = createStaticHandler(
    createRoutes(queryClient, {
      readTravellerRequest,
      readReviewInvitation,
      readPrivateLink,
      actOnPrivateLink,
    }),
    {basename: languagePrefix(language) || '/'},
  )
  const context = await handler.query(request)

  if (context instanceof Response) {
    const location = context.headers.get('Location')
    if (location && context.status >= 300 && context.status < 400) {
      return {kind: 'redirect', status: context.status, location}
    }
    throw new Error(`Unexpected response from a loader: ${context.status}`)
  }

  const router = createStaticRouter(handler.dataRoutes, context)
  const collector = new HeadCollector()
  const html = renderToString(
    <StrictMode>
      <HeadProvider collector={collector}>
        <AppProvider queryClient={queryClient} i18n={createSiteI18n(i18n)}>
          <StaticRouterProvider router={router} context={context} nonce={nonce} />
        </AppProvider>
      </HeadProvider>
    </StrictMode>,
  )
  const url = new URL(request.url)
  const modules = context.matches.flatMap((match) => {
    const handle = match.route.handle as PageHandle | undefined
    return handle ? [handle.module, ...(handle.modulesFor?.(url) ?? [])] : []
  })
  // Only a page whose own route says it is the same for everyone may be kept by a cache; the not-found page too is not.
  const leaf = context.matches.at(-1)?.route.handle as PageHandle | undefined
  // The page's catalogue, compiled, travels with the page's data; no script file carries any language's words.
  const state =
    `<script>window.__RQ_STATE__=${serializeJson(dehydrate(queryClient))}</script>` +
    `<script>window.__I18N__=${serializeJson(i18n)}</script>`
  return {
    kind: 'html',
    status: context.statusCode,
    head: renderHeadHtml(collector.seo ?? FALLBACK_SEO, collector.identity, language),
    lang: LANGUAGE_INFO[language].htmlLang,
    html,
    state,
    modules,
    headers: retryAfter(context),
    shareable: leaf?.shared === true,
  }
}

export {loadPreviewQueries} from './preview/preview-queries'

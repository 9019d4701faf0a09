import type {ContentSourceMap, ContentSourceMapDocuments} from '@sanity/client'
import {stegaEncodeSourceMap} from '@sanity/client/stega'
import {createNode, createNodeMachine} from '@sanity/comlink'
import {
  createCompatibilityActors,
  type LoaderControllerMsg,
  type LoaderNodeMsg,
} from '@sanity/presentation-comlink'

import type {GroqParams} from '../lib/sanity-fetch'
import {displayTextOnly} from './stega-filter'

export type StudioLoader = {
  /** Asks the studio to run this read and to send its result again whenever it changes. */
  listen: (query: string, params: GroqParams) => void
  /** The studio's newest result for the read, stega-encoded; undefined until the studio has sent one. */
  latest: (query: string, params: GroqParams) => {result: unknown} | undefined
}

const keyOf = (query: string, params: GroqParams) => JSON.stringify([query, params])

/**
 * The Presentation tool's loader channel (the protocol of `@sanity/core-loader`): the frame names its queries, the
 * studio runs them with the editor's own credentials and sends each result back at once, and again on every
 * change; results of the document open in the form come from its unsaved state (Presentation's
 * `turboChargeResultIfSourceMap`). That is what makes typing show within a second: the studio saves a draft at
 * most once a second (its autosave throttle), so a page that waits for the Content Lake lags by up to that much.
 * Outside the studio's frame nothing connects, and the preview reads through the site's server only.
 */
export function connectStudioLoader(options: {
  projectId: string
  dataset: string
  studioUrl: string
  onChange: () => void
}): StudioLoader {
  const {projectId, dataset, studioUrl, onChange} = options
  const comlink = createNode<LoaderNodeMsg, LoaderControllerMsg>(
    {name: 'loaders', connectTo: 'presentation'},
    createNodeMachine<LoaderNodeMsg, LoaderControllerMsg>().provide({
      actors: createCompatibilityActors<LoaderNodeMsg>(),
    }),
  )
  const listening = new Set<string>()
  const results = new Map<string, {result: unknown; documents: ContentSourceMapDocuments}>()
  let postedDocuments = ''

  comlink.on('loader/query-change', (data) => {
    if (data.projectId !== projectId || data.dataset !== dataset) return
    const key = keyOf(data.query, data.params as GroqParams)
    if (!listening.has(key)) return
    // For timing a preview update (tests and `npm run bench preview` read these marks).
    performance.mark('preview:studio-result')
    const sourceMap = data.resultSourceMap as ContentSourceMap | undefined
    const result = sourceMap
      ? stegaEncodeSourceMap(data.result, sourceMap, {
          enabled: true,
          studioUrl,
          filter: displayTextOnly,
        })
      : data.result
    results.set(key, {result, documents: sourceMap?.documents ?? []})
    // The studio lists the documents this page shows ("Documents on this page"); told again only when that
    // list changes, as each message re-renders the Presentation tool while the editor types.
    const documents = new Map(
      [...results.values()].flatMap((entry) => entry.documents.map((doc) => [doc._id, doc])),
    )
    const ids = [...documents.keys()].sort().join(',')
    if (ids !== postedDocuments) {
      postedDocuments = ids
      comlink.post('loader/documents', {
        projectId,
        dataset,
        perspective: 'drafts',
        documents: [...documents.values()],
      })
    }
    // Tells tests (and anyone debugging) that the page now follows the studio's unsaved edits.
    document.documentElement.dataset.previewLive = 'studio'
    onChange()
  })
  comlink.start()

  return {
    listen(query, params) {
      const key = keyOf(query, params)
      if (listening.has(key)) return
      listening.add(key)
      comlink.post('loader/query-listen', {
        projectId,
        dataset,
        perspective: 'drafts',
        query,
        params,
      })
    },
    latest(query, params) {
      const entry = results.get(keyOf(query, params))
      return entry ? {result: entry.result} : undefined
    },
  }
}

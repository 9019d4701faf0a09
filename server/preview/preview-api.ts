import {Hono, type Context} from 'hono'
import {streamSSE} from 'hono/streaming'

import {problem} from '../../functions/lib/http.ts'
import type {GroqFetcher} from '../../web/src/lib/sanity-fetch'
import type {PreviewSession} from './preview-sessions.ts'
import type {LiveSubscribe} from './live-relay.ts'

export type PreviewApiOptions = {
  sessionFor: (c: Context) => Promise<PreviewSession | undefined>
  /** Ends the session the request's cookie names (and clears the cookie). */
  endSession: (c: Context) => Promise<void>
  /** Drafts, with the token; for the browser, strings carry stega (the overlays' pointers to their fields). */
  queryFetcher: GroqFetcher
  liveEvents: LiveSubscribe
  /** The site's own queries (src/preview/preview-queries.ts), from the SSR bundle. */
  getAllowedQueries: () => Promise<ReadonlySet<string>>
  /** How often an open live stream checks that its session is still open. */
  sessionCheckMs?: number
}

const ended = () => problem(401, 'The preview has ended. Open the page again from the studio.')

function isParams(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * What a previewing browser calls instead of the Content Lake: `POST /query` runs one of the site's own queries
 * over drafts (the token stays on this server), `GET /live` tells it when to refetch. Both need an open session.
 */
export function createPreviewApi(options: PreviewApiOptions): Hono {
  const {
    sessionFor,
    endSession,
    queryFetcher,
    liveEvents,
    getAllowedQueries,
    sessionCheckMs = 15_000,
  } = options
  const api = new Hono()

  // The previewed page's beacon when its document goes away: the studio closed the Presentation tool (or the
  // whole studio). Every time the tool opens it sends a new secret, so nothing is lost by ending here.
  api.post('/end', async (c) => {
    await endSession(c)
    return c.body(null, 204)
  })

  api.post('/query', async (c) => {
    if (!(await sessionFor(c))) return ended()
    const body: unknown = await c.req.json().catch(() => undefined)
    if (
      !isParams(body) ||
      typeof body.query !== 'string' ||
      (body.params !== undefined && !isParams(body.params))
    )
      return problem(400, 'Send {query, params}.')
    if (!(await getAllowedQueries()).has(body.query))
      return problem(403, 'Only the site’s own queries can be previewed.')
    const result = await queryFetcher(body.query, body.params ?? {}, c.req.raw.signal)
    return c.json({result}, 200, {'Cache-Control': 'private, no-store', 'Vary': 'Cookie'})
  })

  api.get('/live', async (c) => {
    if (!(await sessionFor(c))) return ended()
    c.header('Cache-Control', 'private, no-store')
    return streamSSE(c, async (stream) => {
      let open = true
      const stop = liveEvents((id) => {
        void stream.writeSSE({event: 'change', data: '{}', ...(id ? {id} : {})})
      })
      stream.onAbort(() => {
        open = false
      })
      await stream.writeSSE({event: 'welcome', data: '{}'})
      while (open) {
        await stream.sleep(sessionCheckMs)
        if (!open) break
        // A session closed in the studio (or expired) ends the stream, and the page leaves preview.
        if (!(await sessionFor(c).catch(() => undefined))) {
          await stream.writeSSE({event: 'ended', data: '{}'})
          break
        }
        await stream.write(':\n\n')
      }
      stop()
    })
  })

  return api
}

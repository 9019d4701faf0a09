import {createClient, type LiveEvent} from '@sanity/client'

import type {ServerEnv} from '../env.ts'

export type ContentChange =
  /** A publish: the sync tags of every query result it may have changed. */
  | {kind: 'changed'; id: string; tags: string[]}
  /** Changes may have been missed (the stream reconnected or restarted): anything may be stale. */
  | {kind: 'unknown'}

export type ContentEvents = {
  /** Whether the stream is open: while it is not, no change is reported and caches must not outlive their TTL. */
  readonly connected: boolean
  close: () => void
}

/**
 * Follows the Live Content API (`client.live.events()`, published content only) and reports each change. The same
 * stream hosted Sanity offers, so the server's caches and the purger behave alike on the local lake and hosted.
 */
export function watchContentEvents(
  sanity: ServerEnv['sanity'],
  onChange: (change: ContentChange) => void,
  {retryMs = 2_000, onError = (error: unknown) => console.error('Content events:', error)} = {},
): ContentEvents {
  const client = createClient({...sanity, useCdn: false, useProjectHostname: false})
  let connected = false
  let welcomed = false
  let closed = false
  let subscription: {unsubscribe: () => void} | undefined
  let retry: NodeJS.Timeout | undefined

  const handle = (event: LiveEvent) => {
    switch (event.type) {
      case 'welcome':
        connected = true
        // A second welcome follows a dropped stream: whatever happened in between is unknown.
        if (welcomed) onChange({kind: 'unknown'})
        welcomed = true
        return
      case 'message':
        onChange({kind: 'changed', id: event.id, tags: event.tags})
        return
      case 'restart':
        onChange({kind: 'unknown'})
        return
      default:
        // 'reconnect' and 'goaway': the stream is down until the next welcome.
        connected = false
    }
  }
  const subscribe = () => {
    subscription = client.live.events({tag: 'site.edge-cache'}).subscribe({
      next: handle,
      error: (error: unknown) => {
        connected = false
        if (closed) return
        onError(error)
        retry = setTimeout(subscribe, retryMs)
      },
    })
  }
  subscribe()
  return {
    get connected() {
      return connected
    },
    close() {
      closed = true
      clearTimeout(retry)
      subscription?.unsubscribe()
    },
  }
}

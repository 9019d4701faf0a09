import type {SanityClient} from '@sanity/client'

export type LiveListener = (eventId: string) => void
export type LiveSubscribe = (listener: LiveListener) => () => void

/**
 * One subscription to the Content Lake's live events (drafts included, with the server's token) per site server,
 * shared by every previewing browser it serves and open only while one is: each committed change, a draft keystroke
 * saved by the studio included, tells the previews to refetch (https://www.sanity.io/docs/content-lake/live-content-api).
 */
export function createLiveRelay(client: SanityClient): LiveSubscribe {
  const listeners = new Set<LiveListener>()
  let subscription: {unsubscribe: () => void} | undefined

  const open = () => {
    subscription = client.live.events({includeDrafts: true, tag: 'site.preview'}).subscribe({
      next: (event) => {
        if (event.type === 'message' || event.type === 'restart' || event.type === 'reconnect')
          for (const listener of listeners) listener('id' in event ? String(event.id) : '')
      },
      // The client reconnects by itself; an error that ends the stream is retried shortly.
      error: () => {
        subscription = undefined
        setTimeout(() => {
          if (listeners.size > 0 && !subscription) open()
        }, 1_000).unref()
      },
    })
  }

  return (listener) => {
    listeners.add(listener)
    if (!subscription) open()
    return () => {
      listeners.delete(listener)
      if (listeners.size === 0) {
        subscription?.unsubscribe()
        subscription = undefined
      }
    }
  }
}

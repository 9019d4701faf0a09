import {bookingChangesQuery} from './queries/booking-changes-query.ts'

/**
 * Opens the lake's listen stream for bookings and calls `onChange` for each mutation. Only the id and the kind of
 * change are passed on: the dashboard refetches through the filtered list, so documents never travel twice.
 */
export type BookingChange = {documentId: string; transition: string}

/**
 * Without `watch`, every booking; with it, the documents its GROQ filter matches (a session and its person, so a
 * dashboard learns at once that its session has ended).
 */
export type ListenBookings = (
  onChange: (change: BookingChange) => void,
  signal: AbortSignal,
  watch?: {
    query: string
    params: Record<string, string>
    /** Called when the lake says the stream is open: changes from then on will arrive. */
    onOpen?: () => void
  },
) => Promise<void>

export function createLakeListener(options: {
  apiHost: string
  apiVersion: string
  dataset: string
  token: string
}): ListenBookings {
  return async (onChange, signal, watch) => {
    const url = new URL(`${options.apiHost}/v${options.apiVersion}/data/listen/${options.dataset}`)
    url.searchParams.set('query', watch?.query ?? bookingChangesQuery)
    for (const [name, value] of Object.entries(watch?.params ?? {}))
      url.searchParams.set(`$${name}`, JSON.stringify(value))
    url.searchParams.set('includeResult', 'false')
    url.searchParams.set('includeMutations', 'false')
    const response = await fetch(url, {
      headers: {Authorization: `Bearer ${options.token}`, Accept: 'text/event-stream'},
      signal,
    })
    if (!response.ok || !response.body) throw new Error(`Lake listen failed: ${response.status}`)
    const decoder = new TextDecoder()
    let buffer = ''
    const reader = response.body.getReader()
    for (;;) {
      const {value, done} = await reader.read()
      if (done) break
      buffer += decoder.decode(value, {stream: true})
      let end: number
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const message = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const lines = message.split('\n')
        const event = lines
          .find((line) => line.startsWith('event:'))
          ?.slice(6)
          .trim()
        const data = lines
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trim())
          .join('\n')
        if (event === 'welcome') watch?.onOpen?.()
        if (event !== 'mutation' || !data) continue
        const parsed = JSON.parse(data) as {documentId?: string; transition?: string}
        if (parsed.documentId) {
          onChange({documentId: parsed.documentId, transition: parsed.transition ?? 'update'})
        }
      }
    }
  }
}

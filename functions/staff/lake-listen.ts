/**
 * Opens the lake's listen stream for bookings and calls `onChange` for each mutation. Only the id and the kind of
 * change are passed on: the dashboard refetches through the filtered list, so documents never travel twice.
 */
export type BookingChange = {documentId: string; transition: string}

export type ListenBookings = (
  onChange: (change: BookingChange) => void,
  signal: AbortSignal,
) => Promise<void>

export function createLakeListener(options: {
  apiHost: string
  apiVersion: string
  dataset: string
  token: string
}): ListenBookings {
  return async (onChange, signal) => {
    const url = new URL(`${options.apiHost}/v${options.apiVersion}/data/listen/${options.dataset}`)
    url.searchParams.set('query', '*[_type == "booking"]')
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
        if (event !== 'mutation' || !data) continue
        const parsed = JSON.parse(data) as {documentId?: string; transition?: string}
        if (parsed.documentId) {
          onChange({documentId: parsed.documentId, transition: parsed.transition ?? 'update'})
        }
      }
    }
  }
}

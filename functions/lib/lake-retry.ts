/**
 * Retries of the server's requests to the lake (docs/decisions/218-lake-clients-retry-429.md). The lake, as hosted
 * Sanity, turns a request away with 429 and `Retry-After` when a client has too much waiting: nothing of that request
 * was run, so any request, a mutation too, may be sent again once the lake says. A read is also sent again after a
 * 502 or 503 or a dropped connection; a mutation never is (it may have been applied).
 *
 * @sanity/client retries 429, 502 and 503 on reads only, on a fixed back-off that ignores `Retry-After`; this
 * transport replaces that policy (the clients set `maxRetries: 0`), so there is one policy, not two stacked.
 */

/** The fetch contract @sanity/client's transport needs (`resolveFetch`). */
export type LakeFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

export interface LakeRetryOptions {
  /** Times a request is sent again at most; 6 unless given. */
  maxRetries?: number
  /** Longest total wait for one request (ms): a `Retry-After` that would take it past this is not waited for. */
  maxTotalWaitMs?: number
  /** How to wait (tests record the waits instead). */
  sleep?: (ms: number, signal?: AbortSignal | null) => Promise<void>
  /** The transport under the retries; the platform's fetch unless given. */
  fetch?: LakeFetch
}

const DEFAULT_MAX_RETRIES = 6
const DEFAULT_MAX_TOTAL_WAIT_MS = 20_000

function sleepFor(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error)
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal!.reason as Error)
    }
    signal?.addEventListener('abort', onAbort, {once: true})
  })
}

/** `Retry-After` in ms: whole seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null
  const value = header.trim()
  if (/^\d+$/.test(value)) return Number(value) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, at - now)
}

/** Exponential back-off with jitter, for a refusal that says nothing of when to come back. */
const backoffMs = (attempt: number) => Math.min(200 * 2 ** attempt, 5_000) + Math.random() * 100

function requestOf(input: string | URL | Request, init?: RequestInit) {
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
  const url = input instanceof Request ? input.url : String(input)
  const pathname = new URL(url, 'http://lake.invalid').pathname
  // A query sent as POST (a long one) reads as much as a GET.
  const isRead = method === 'GET' || method === 'HEAD' || /\/data\/query\//.test(pathname)
  return {isRead}
}

/** A fetch that sends a lake request again as described above, honouring `Retry-After`. */
export function retryingLakeFetch(options: LakeRetryOptions = {}): LakeFetch {
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES
  const maxTotalWaitMs = options.maxTotalWaitMs ?? DEFAULT_MAX_TOTAL_WAIT_MS
  const sleep = options.sleep ?? sleepFor
  return async (input, init) => {
    const base = options.fetch ?? globalThis.fetch
    const {isRead} = requestOf(input, init)
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined)
    let waited = 0
    for (let attempt = 0; ; attempt++) {
      const last = attempt >= maxRetries
      let response: Response
      try {
        response = await base(input instanceof Request ? input.clone() : input, init)
      } catch (error) {
        // A dropped connection: a read is sent again; a mutation may have been applied, so it is not.
        const delay = backoffMs(attempt)
        if (!isRead || last || signal?.aborted || waited + delay > maxTotalWaitMs) throw error
        waited += delay
        await sleep(delay, signal)
        continue
      }
      const retryable = response.status === 429 || (isRead && (response.status === 502 || response.status === 503))
      if (!retryable || last) return response
      const told = retryAfterMs(response.headers.get('retry-after'))
      // Racing clients told the same second spread out a little rather than all coming back at once.
      const delay = told === null ? backoffMs(attempt) : told + Math.random() * 250
      if (waited + delay > maxTotalWaitMs) return response
      waited += delay
      await response.body?.cancel()
      await sleep(delay, signal)
    }
  }
}

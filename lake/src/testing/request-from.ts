import http from 'node:http'

export interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
  ms: number
}

/**
 * One HTTP request from a given local address (any of 127.0.0.0/8 on Linux): the lake budgets and
 * schedules anonymous clients by address, so tests and the hostile bench play several clients this way.
 * The body is read up to `maxBodyBytes`, then the connection is dropped (an attacker does not read 300 MB).
 */
export function requestFrom(
  url: string,
  options: {localAddress?: string; method?: string; body?: string; headers?: Record<string, string>; maxBodyBytes?: number; timeoutMs?: number} = {},
): Promise<Answer> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
        localAddress: options.localAddress,
        headers: {...(options.body === undefined ? {} : {'content-type': 'application/json'}), ...options.headers},
        agent: false,
        timeout: options.timeoutMs ?? 120_000,
      },
      (res) => {
        const chunks: Buffer[] = []
        let size = 0
        const done = () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          })
        res.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size <= (options.maxBodyBytes ?? 64 * 1024 * 1024)) chunks.push(chunk)
          else {
            res.destroy()
            done()
          }
        })
        res.on('end', done)
        res.on('error', reject)
      },
    )
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url} in ${options.timeoutMs ?? 120_000} ms`)))
    req.on('error', reject)
    req.end(options.body)
  })
}

/** A query URL with its parameters in the query string, as `@sanity/client` sends short queries. */
export function queryUrl(origin: string, dataset: string, query: string, params: Record<string, unknown> = {}): string {
  const search = new URLSearchParams({query})
  for (const [key, value] of Object.entries(params)) search.set(`$${key}`, JSON.stringify(value))
  return `${origin}/v2025-02-19/data/query/${dataset}?${search}`
}

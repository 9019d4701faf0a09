/**
 * The site's own origins, the one list every same-origin check compares a request's `Origin` with: the site's
 * configured address (SITE_URL), and, while that address is a loopback name (development, tests, `npm start`),
 * the same port under the other loopback names. Never the request's own `Host`: a page on another domain that
 * its DNS points at this server (DNS rebinding) would send a `Host`, and an `Origin`, of its own, and pass a check
 * that trusted them (docs/decisions/044-own-origins.md).
 */

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]']

export type OwnOrigins = ReadonlySet<string>

export function ownOrigins(siteUrls: string | readonly string[]): OwnOrigins {
  const origins = new Set<string>()
  for (const siteUrl of typeof siteUrls === 'string' ? [siteUrls] : siteUrls) {
    const url = new URL(siteUrl)
    origins.add(url.origin)
    if (LOOPBACK_HOSTS.includes(url.hostname))
      for (const host of LOOPBACK_HOSTS)
        origins.add(new URL(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`).origin)
  }
  return origins
}

/**
 * Whether a state-changing request comes from the site's own pages, by the two headers browsers send with every
 * POST: `Sec-Fetch-Site` (when sent, `same-origin`) and `Origin` (when sent, one of the site's own). With
 * `requireOrigin`, a request without `Origin` is refused too: for a change only a browser page ever makes. The
 * site server's write guard, the traveller's request page and the staff API decide with this, and nothing else.
 */
export function isFromOwnSite(
  headers: {origin: string | undefined; fetchSite: string | undefined},
  own: OwnOrigins,
  {requireOrigin = false}: {requireOrigin?: boolean} = {},
): boolean {
  const siteOk = headers.fetchSite === undefined || headers.fetchSite === 'same-origin'
  // A page sent with `Referrer-Policy: no-referrer` (the traveller's request page) makes its own form posts say
  // `Origin: null`; the browser's `Sec-Fetch-Site: same-origin`, which no page can set, then says whose it is.
  const nullFromOwnPage = headers.origin === 'null' && headers.fetchSite === 'same-origin'
  const originOk =
    headers.origin === undefined ? !requireOrigin : own.has(headers.origin) || nullFromOwnPage
  return siteOk && originOk
}
